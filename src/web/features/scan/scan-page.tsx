import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, CameraOff, ScanQrCode } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isTechnicianRole } from '../../../domain/policy';
import { unitCodeQuery, type UnitCodeQuery, type UnitCodeResult } from '../../../domain/unit-labels';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useRole } from '../../lib/can';
import { Button } from '../../ui/button';
import { Card, CardBody } from '../../ui/card';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { useQrCamera, type CameraState } from './qr-camera';
import { resolveUnitCode, scanDestination } from './scan-api';
import { SCAN_TEXTS } from './scan-texts';

/** A text the camera keeps seeing is looked up again only after this long. */
const SAME_CODE_AGAIN_MS = 4000;

const CAMERA_MESSAGES: Record<CameraState, string> = {
  off: SCAN_TEXTS.cameraOff,
  starting: SCAN_TEXTS.starting,
  on: SCAN_TEXTS.scanning,
  unavailable: SCAN_TEXTS.unavailable,
  denied: SCAN_TEXTS.denied,
  failed: SCAN_TEXTS.failed,
};

/**
 * /scan: the camera reads a unit's QR label (or the code is typed), and the code opens the
 * technician's open job on the unit, else the unit's page; office roles get the unit's page.
 */
export default function ScanPage() {
  const navigate = useNavigate();
  const technician = isTechnicianRole(useRole());
  const [busy, setBusy] = useState(false);
  const [scanError, setScanError] = useState<string | null>(null);
  const lastTried = useRef<{ text: string; at: number } | null>(null);

  const form = useForm<UnitCodeQuery>({ resolver: zodResolver(unitCodeQuery), defaultValues: { code: '' } });
  const { register, handleSubmit, setError, formState } = form;

  const open = useCallback(
    (result: UnitCodeResult) => {
      if (!result.job && technician) toast(SCAN_TEXTS.noOpenJob(result.unit.unitNumber));
      void navigate(scanDestination(result));
    },
    [navigate, technician],
  );

  const onScanned = useCallback(
    (text: string) => {
      const now = Date.now();
      if (lastTried.current?.text === text && now - lastTried.current.at < SAME_CODE_AGAIN_MS) return;
      lastTried.current = { text, at: now };
      setBusy(true);
      setScanError(null);
      resolveUnitCode(text).then(open, (error: unknown) => {
        setBusy(false);
        setScanError(errorMessage(error, SCAN_TEXTS.failedLookup));
      });
    },
    [open],
  );

  const camera = useQrCamera(onScanned, busy);
  const { start } = camera;
  useEffect(() => {
    void start();
  }, [start]);

  const submit = async ({ code }: UnitCodeQuery) => {
    setBusy(true);
    try {
      open(await resolveUnitCode(code));
    } catch (error) {
      setBusy(false);
      const message = errorMessage(error, SCAN_TEXTS.failedLookup);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setError('code', { type: 'server', message }, { shouldFocus: true });
      else setScanError(message);
    }
  };

  const live = camera.state === 'on' || camera.state === 'starting';
  const status = busy ? SCAN_TEXTS.opening : CAMERA_MESSAGES[camera.state];

  return (
    <div className="mx-auto max-w-lg">
      <PageHeader title={SCAN_TEXTS.title} subtitle={SCAN_TEXTS.subtitle} />
      <div className="space-y-4">
        <Card>
          <CardBody className="space-y-3">
            {/* The video stays mounted (the stream is attached to it); it shows while the camera is on. */}
            <div
              className={
                live
                  ? 'relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-lg bg-slate-900'
                  : 'hidden'
              }
            >
              <video
                ref={camera.videoRef}
                className="h-full w-full object-cover"
                muted
                playsInline
                aria-label={SCAN_TEXTS.cameraLabel}
              />
              <div
                className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80"
                aria-hidden
              />
            </div>
            {live ? null : (
              <div className="flex justify-center text-slate-500" aria-hidden>
                <ScanQrCode className="h-16 w-16" />
              </div>
            )}
            <p role="status" className="text-center text-sm text-slate-700" data-testid="scan-status">
              {status}
            </p>
            {scanError ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {scanError}
              </p>
            ) : null}
            <div className="flex justify-center">
              {live ? (
                <Button variant="secondary" className="h-12 px-5" onClick={camera.stop}>
                  <CameraOff className="h-5 w-5" aria-hidden /> {SCAN_TEXTS.stopCamera}
                </Button>
              ) : (
                <Button variant="secondary" className="h-12 px-5" onClick={() => void camera.start()}>
                  <Camera className="h-5 w-5" aria-hidden /> {SCAN_TEXTS.startCamera}
                </Button>
              )}
            </div>
          </CardBody>
        </Card>

        <Card>
          <CardBody>
            <form className="space-y-3" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
              <FormField label={SCAN_TEXTS.codeLabel} error={formState.errors.code?.message} hint={SCAN_TEXTS.codeHint}>
                {(field) => (
                  <TextInput
                    {...field}
                    {...register('code')}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    className="h-12 font-mono text-base tracking-wider uppercase"
                  />
                )}
              </FormField>
              <Button type="submit" className="h-12 w-full" disabled={busy}>
                {SCAN_TEXTS.open}
              </Button>
            </form>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
