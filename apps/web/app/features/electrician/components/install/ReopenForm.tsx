import { useState, type FormEvent } from 'react';
import { Button, TextField } from '~/components/ui';
import { useReopenInstallation } from '../../api/guided-install';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/**
 * Reopen an installation (issue 29): a stored signature is final, so having the customer sign again takes
 * a reason; the server records it (`installation.reopened`), clears the signature and the pad comes back.
 */
export function ReopenForm({ installationId }: { installationId: string }) {
  const reopen = useReopenInstallation();
  const [reason, setReason] = useState('');
  const { t } = useElectricianT();
  return (
    <form
      className="space-y-2"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (reason.trim()) reopen.mutate({ id: installationId, body: { reason: reason.trim() } });
      }}
    >
      <TextField
        label={t('reopen.whyReopen')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
      />
      <Button type="submit" variant="outline" disabled={!reason.trim() || reopen.isPending}>
        {t('reopen.submit')}
      </Button>
    </form>
  );
}
