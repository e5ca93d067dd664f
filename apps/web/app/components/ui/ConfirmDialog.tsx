import { useRef } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { useCommonT } from '~/lib/i18n';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this user?'. */
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for destructive actions. */
  variant?: 'primary' | 'danger';
  /** While true the confirm button shows a spinner and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a dialog; focus starts on Cancel so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { t } = useCommonT();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      size="sm"
      initialFocus={cancelRef}
      busy={busy}
      footer={
        <>
          <Button ref={cancelRef} variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('ui.cancel')}
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('ui.confirm')}
          </Button>
        </>
      }
    />
  );
}
