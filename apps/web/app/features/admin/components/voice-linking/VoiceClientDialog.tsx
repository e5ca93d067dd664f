import { newOAuthClientSchema, type OAuthClient, type OAuthClientSecretResponse } from '@isaac/contract';
import { useState, type FormEvent } from 'react';
import { Button, Modal, TextAreaField, TextField } from '~/components/ui';
import { ApiError } from '~/lib/api-client';
import { useRegisterVoiceClient, useUpdateVoiceClient } from '../../api/voice-clients';

const FORM_ID = 'voice-client-form';

type Field = 'name' | 'client_id' | 'redirect_uris' | 'form';
type Errors = Partial<Record<Field, string>>;

/** One redirect URI per line (blank lines ignored). */
const urisOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Issues by field: `redirect_uris.2` is the third line's problem, shown under the URIs. */
function errorsFrom(issues: ReadonlyArray<{ path: string; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const [field, index] = issue.path.split('.');
    const key: Field =
      field === 'name' || field === 'client_id' || field === 'redirect_uris' ? field : 'form';
    const message = index !== undefined ? `Line ${Number(index) + 1}: ${issue.message}` : issue.message;
    errors[key] ??= message;
  }
  return errors;
}

/**
 * Register (or edit) a voice-linking client (Settings → Voice linking, issue 12): name, client id (generated
 * when left empty), redirect URIs one per line, and whether it is a public client (PKCE, no secret). Checked
 * with the contract's schema, as the server checks it; the server's field errors land under the fields.
 */
export function VoiceClientDialog({
  client,
  onClose,
  onRegistered,
}: {
  /** The client to edit; none: register a new one. */
  client?: OAuthClient;
  onClose: () => void;
  onRegistered: (result: OAuthClientSecretResponse) => void;
}) {
  const register = useRegisterVoiceClient();
  const update = useUpdateVoiceClient();
  const [name, setName] = useState(client?.name ?? '');
  const [clientId, setClientId] = useState(client?.client_id ?? '');
  const [uris, setUris] = useState(client?.redirect_uris.join('\n') ?? '');
  const [isPublic, setIsPublic] = useState(client?.public ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const busy = register.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, client_id: clientId, redirect_uris: urisOf(uris), public: isPublic };
    const checked = newOAuthClientSchema.safeParse(body);
    if (!checked.success) {
      setErrors(
        errorsFrom(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
      );
      return;
    }
    setErrors({});
    try {
      if (client) {
        await update.mutateAsync({ id: client._id, body: { name, redirect_uris: body.redirect_uris } });
        onClose();
      } else {
        onRegistered(await register.mutateAsync(body));
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ client_id: error.serverMessage });
      else if (error instanceof ApiError && error.details?.length) setErrors(errorsFrom(error.details));
      else
        setErrors({
          form: error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error),
        });
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title={client ? `Edit ${client.name}` : 'Register voice-linking client'}
      description="A service that may link an owner's account: Google Home, an Alexa skill, or the demo client."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={busy}>
            {client ? 'Save' : 'Register'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="space-y-4" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label="Client id"
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
          error={errors.client_id}
          disabled={client !== undefined}
          hint={
            client
              ? 'The client id cannot change.'
              : 'Letters, digits, dots, dashes, underscores; leave empty to generate one.'
          }
        />
        <TextAreaField
          label="Redirect URIs"
          rows={4}
          value={uris}
          onChange={(e) => setUris(e.target.value)}
          error={errors.redirect_uris}
          required
          spellCheck={false}
          hint={
            <>
              One per line, matched exactly. Google:{' '}
              <code className="break-all">
                https://oauth-redirect.googleusercontent.com/r/&lt;project-id&gt;
              </code>
              ; Alexa:{' '}
              <code className="break-all">https://pitangui.amazon.com/api/skill/link/&lt;vendor-id&gt;</code>{' '}
              (also layla.amazon.com and alexa.amazon.co.jp).
            </>
          }
        />
        {client ? null : (
          <label className="flex items-start gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4 rounded border-slate-600"
              checked={isPublic}
              onChange={(e) => setIsPublic(e.target.checked)}
            />
            <span>
              Public client (PKCE, no secret)
              <span className="block text-xs text-slate-400">
                For apps that cannot keep a secret. Google and Alexa use a secret.
              </span>
            </span>
          </label>
        )}
        {errors.form ? (
          <p role="alert" className="text-sm text-red-300">
            {errors.form}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
