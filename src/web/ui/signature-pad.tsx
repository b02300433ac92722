import { useEffect, useRef, useState } from 'react';

/**
 * A drawn signature: pointer events, so a finger, a pen and a mouse all draw (touch-action none
 * keeps the page from scrolling under the finger). Shared by the customer's quote page and the
 * technician's completion (decision 045). Optional: the typed name signs on its own, so a
 * keyboard user is never blocked (decision 018). Reports a PNG data URL, or null when cleared.
 */
export function SignaturePad({
  onChange,
  labelId,
  hint = 'Optional: draw your signature with your finger or mouse.',
}: {
  onChange: (dataUrl: string | null) => void;
  labelId: string;
  /** What the line under the pad says before anything is drawn. */
  hint?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
  }, []);

  // Points and the pen in the bitmap's own pixels, measured at each stroke: a phone turned on its
  // side stretches the canvas on screen, and the line must still run under the finger.
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const rect = c.getBoundingClientRect();
    return {
      x: ((e.clientX - rect.left) * c.width) / rect.width,
      y: ((e.clientY - rect.top) * c.height) / rect.height,
    };
  };
  const pen = (c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx) return null;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.lineWidth = (2.2 * c.width) / Math.max(1, c.getBoundingClientRect().width);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0f172a';
    return ctx;
  };

  return (
    <div>
      <canvas
        ref={canvas}
        aria-labelledby={labelId}
        role="img"
        className="block h-40 w-full touch-none rounded-md border border-slate-300 bg-white"
        onPointerDown={(e) => {
          const ctx = pen(e.currentTarget);
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const p = point(e);
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
          ctx.lineTo(p.x + 0.1, p.y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          const p = point(e);
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
        }}
        onPointerUp={(e) => {
          if (!drawing.current) return;
          drawing.current = false;
          setDrawn(true);
          onChange(e.currentTarget.toDataURL('image/png'));
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
      <div className="mt-1 flex items-center justify-between text-sm text-slate-600">
        <span>{drawn ? 'Signature drawn.' : hint}</span>
        <button
          type="button"
          className="min-h-11 rounded px-3 py-2 font-medium text-blue-700 underline hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          onClick={() => {
            const c = canvas.current;
            c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
            setDrawn(false);
            onChange(null);
          }}
        >
          Clear signature
        </button>
      </div>
    </div>
  );
}
