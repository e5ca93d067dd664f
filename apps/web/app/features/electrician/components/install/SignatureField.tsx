import { SIGNATURE_PNG_LIMITS } from '@isaac/contract';
import { Eraser } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { Button, ErrorState } from '~/components/ui';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/**
 * Matches a canvas's pixels to its size on screen (sharp lines on high-density phones), within the dimensions
 * the server accepts for a signature (SIGNATURE_PNG_LIMITS). Setting the size clears what was drawn.
 */
function fitToScreen(element: HTMLCanvasElement): void {
  const ratio = Math.min(
    Math.max(window.devicePixelRatio || 1, 1),
    SIGNATURE_PNG_LIMITS.maxWidth / Math.max(element.offsetWidth, 1),
    SIGNATURE_PNG_LIMITS.maxHeight / Math.max(element.offsetHeight, 1),
  );
  element.width = Math.floor(element.offsetWidth * ratio);
  element.height = Math.floor(element.offsetHeight * ratio);
  element.getContext('2d')?.scale(ratio, ratio);
}

/**
 * A signature drawn with a finger, a pen or a mouse (the maintained `signature_pad` library, loaded with
 * this step only). `onChange` receives the PNG data URL after each stroke, or null when cleared.
 */
export function SignatureField({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  // The library arrives with this step; until it has attached, a stroke would draw nothing and be lost,
  // so the area says it is not ready yet (aria-busy, and the hint) instead of silently ignoring a finger.
  // If it cannot arrive (no network and not in the offline cache), the step says so and offers a retry.
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const { t } = useElectricianT();

  useEffect(() => {
    let disposed = false;
    let resized: ResizeObserver | null = null;
    import('signature_pad').then(
      ({ default: Pad }) => {
        const element = canvas.current;
        if (disposed || !element) return;
        fitToScreen(element);
        const instance = new Pad(element, { penColor: '#0f172a', backgroundColor: '#ffffff' });
        instance.addEventListener('endStroke', () => {
          setEmpty(instance.isEmpty());
          onChange(instance.isEmpty() ? null : instance.toDataURL('image/png'));
        });
        pad.current = instance;
        // A phone turned (or a window resized) changes the canvas's size on screen, and the browser would
        // stretch the pixels it has: the canvas is sized again and the strokes drawn again where they were.
        // The PNG already handed over is the one signed; it does not change.
        let size = `${element.offsetWidth}x${element.offsetHeight}`;
        resized =
          typeof ResizeObserver === 'undefined'
            ? null
            : new ResizeObserver(() => {
                const now = `${element.offsetWidth}x${element.offsetHeight}`;
                if (now === size || element.offsetWidth === 0) return;
                size = now;
                const strokes = instance.toData();
                fitToScreen(element);
                instance.fromData(strokes);
              });
        resized?.observe(element);
        setStatus('ready');
      },
      () => {
        if (!disposed) setStatus('failed');
      },
    );
    return () => {
      disposed = true;
      resized?.disconnect();
      pad.current?.off();
      pad.current = null;
    };
  }, [onChange, attempt]);

  if (status === 'failed') {
    return (
      <ErrorState
        title={t('signature.failed')}
        onRetry={() => {
          setStatus('loading');
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  return (
    <div className="space-y-2">
      <canvas
        ref={canvas}
        role="img"
        aria-label={empty ? t('signature.empty') : t('signature.signed')}
        aria-busy={status === 'loading'}
        className="h-48 w-full touch-none rounded-lg border border-slate-600 bg-white"
      />
      <div className="flex items-center justify-between gap-2 text-xs text-slate-400">
        <span aria-live="polite">{status === 'ready' ? t('signature.hint') : t('signature.loading')}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            pad.current?.clear();
            setEmpty(true);
            onChange(null);
          }}
          icon={<Eraser aria-hidden="true" className="h-4 w-4" />}
        >
          {t('signature.clear')}
        </Button>
      </div>
    </div>
  );
}
