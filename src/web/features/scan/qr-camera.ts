import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The phone's camera reading QR codes (decision 046): getUserMedia with the rear camera, then
 * the browser's BarcodeDetector where it reads QR codes (Android Chrome, Safari 17+), else jsQR
 * on frames drawn to a canvas (loaded only then, in its own chunk). A few frames a second are
 * enough for a label held in front of the lens, and keep a phone cool.
 */
export type CameraState = 'off' | 'starting' | 'on' | 'unavailable' | 'denied' | 'failed';

type Detect = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

const FRAME_INTERVAL_MS = 200;
/** Frames are read at most this wide (jsQR's time grows with the pixels). */
const MAX_FRAME_SIDE = 640;

async function createDetector(): Promise<Detect> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
      if (formats.includes('qr_code')) {
        const detector = new Native({ formats: ['qr_code'] });
        return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
      }
    } catch {
      // fall through to jsQR
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || !width || !height) return null;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

function stateOfError(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'unavailable';
  return 'failed';
}

/**
 * The camera and the reading loop. `onText` gets each decoded text while `paused` is false (the
 * screen pauses while it looks a code up). The stream stops on `stop()` and when the screen goes.
 */
export function useQrCamera(onText: (text: string) => void, paused: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');
  const onTextRef = useRef(onText);
  const pausedRef = useRef(paused);
  useEffect(() => {
    onTextRef.current = onText;
    pausedRef.current = paused;
  });

  const release = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const stop = useCallback(() => {
    release();
    setState('off');
  }, [release]);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      release();
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        release();
        return;
      }
      video.srcObject = stream;
      await video.play();
      setState('on');
    } catch (error) {
      release();
      setState(stateOfError(error));
    }
  }, [release]);

  useEffect(() => {
    if (state !== 'on') return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void createDetector().then(
      (detect) => {
        const tick = async () => {
          if (cancelled) return;
          const video = videoRef.current;
          if (!pausedRef.current && video && video.readyState >= 2) {
            const text = await detect(video).catch(() => null);
            if (text && !cancelled && !pausedRef.current) onTextRef.current(text);
          }
          if (!cancelled) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [state]);

  // The camera's light goes out when the screen is left.
  useEffect(() => release, [release]);

  return { videoRef, state, start, stop };
}
