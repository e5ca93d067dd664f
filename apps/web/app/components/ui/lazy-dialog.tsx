import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { Spinner } from './Spinner';
import { useCommonT } from '~/lib/i18n';

/** What every lazily loaded dialog takes: how it closes (its loading and error stand-ins close through it). */
interface Closable {
  onClose: () => void;
}

export interface LazyDialog<P extends Closable> {
  (props: P): ReactNode;
  /** Starts loading the dialog's code; a later open finds it loaded. */
  preload: () => void;
}

/**
 * A dialog whose code loads when it is first wanted (ADR 083): a form dialog brings its schema and zod, which
 * the page around it does not need until the dialog opens. `preloadOnIntent` on the control that opens it
 * starts the load when the pointer reaches it or it takes focus, so the dialog usually opens at once; while
 * its code is still on the way a "Loading…" dialog stands in, and a failed load (offline before the app was
 * kept) says so with Retry. Mount it only while open, as any dialog.
 */
export function lazyDialog<P extends Closable>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // React keeps a lazy component's failure: the next open (or Retry) gets a new one, which loads again.
        loading = undefined;
        Loaded = lazy(start);
        throw error;
      },
    );
    return loading;
  };
  // One lazy component while loads succeed, so a second open renders at once.
  let Loaded = lazy(start);

  function Opened(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <LoadFailure key={attempt} onClose={props.onClose} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<LoadingDialog onClose={props.onClose} />}>
          <Loaded {...props} />
        </Suspense>
      </LoadFailure>
    );
  }
  return Object.assign(Opened, { preload: () => void start().catch(() => undefined) });
}

/** Props for the control that opens a lazy dialog: its code starts loading on the first sign of intent. */
export function preloadOnIntent(dialog: { preload: () => void }) {
  return { onPointerEnter: dialog.preload, onPointerDown: dialog.preload, onFocus: dialog.preload };
}

function LoadingDialog({ onClose }: Closable) {
  const { t } = useCommonT();
  return (
    <Modal open onClose={onClose} title={t('ui.loading')} size="sm">
      <div className="flex justify-center py-6 text-sky-400">
        <Spinner size="lg" label={null} />
      </div>
    </Modal>
  );
}

function LoadFailedDialog({ onClose, onRetry }: Closable & { onRetry: () => void }) {
  const { t } = useCommonT();
  return (
    <Modal
      open
      onClose={onClose}
      title={t('ui.loadFailed')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('ui.close')}
          </Button>
          <Button onClick={onRetry}>{t('ui.retry')}</Button>
        </>
      }
    >
      <p className="text-sm text-slate-300">{t('ui.loadFailedDetail')}</p>
    </Modal>
  );
}

class LoadFailure extends Component<
  Closable & { onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <LoadFailedDialog onClose={this.props.onClose} onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}
