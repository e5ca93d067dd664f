import type { FormEvent, ReactNode } from 'react';
import { Button, Modal, SelectField } from '~/components/ui';
import { PICKER_PAGE_SIZE } from '../api/assignments-keys';
import { useElectricians } from '../api/list-electricians';

interface AssignDialogProps {
  title: string;
  description: string;
  /** The form's id (the footer's submit button names it). */
  formId: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** The dialog's validation message (spec section 5), shown above the fields. */
  error: string | null;
  children: ReactNode;
}

/** The frame of the assign dialogs: Cancel and the submit button (named as the title), the message, the form. */
export function AssignDialog({
  title,
  description,
  formId,
  busy,
  onClose,
  onSubmit,
  error,
  children,
}: AssignDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      busy={busy}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {title}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
          >
            {error}
          </p>
        ) : null}
        {children}
      </form>
    </Modal>
  );
}

/** The electrician picker of the assign dialogs: the active electricians, by name. */
export function ElectricianSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const electricians = useElectricians(undefined, PICKER_PAGE_SIZE);
  return (
    <SelectField
      label="Electrician"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={electricians.isPending ? 'Loading electricians…' : 'Select an electrician'}
      options={(electricians.data?.electricians ?? [])
        .filter((e) => e.status === 'active')
        .map((e) => ({ value: e._id, label: e.name }))}
      error={electricians.isError ? 'Could not load the electricians' : undefined}
    />
  );
}
