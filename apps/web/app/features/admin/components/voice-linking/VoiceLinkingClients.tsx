import type { OAuthClient, OAuthClientSecretResponse } from '@isaac/contract';
import { Copy, KeyRound, Mic, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListToolbar, useListView } from '~/components/list';
import {
  Badge,
  Button,
  byTime,
  ConfirmDialog,
  cx,
  lazyDialog,
  Modal,
  preloadOnIntent,
  type SortOption,
} from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import {
  useRemoveVoiceClient,
  useRotateVoiceClientSecret,
  useVoiceClients,
  voiceClientListView,
} from '../../api/voice-clients';

// The form loads when wanted, with its schema (ADR 083).
const VoiceClientDialog = lazyDialog(() => import('./VoiceClientDialog').then((m) => m.VoiceClientDialog));

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied');
  } catch {
    toast.error('Could not copy: select the text and copy it');
  }
}

const SORT_OPTIONS: SortOption[] = [
  ...byTime(),
  { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'linked_users', order: 'desc', label: 'Most owners linked' },
];

/** A credential row: its name, the value (selectable), and Copy. */
function Credential({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-slate-400">{label}</dt>
      <dd className="mt-1 flex items-center gap-2">
        <code className="rounded bg-slate-950 px-2 py-1 break-all text-slate-100" data-testid={testId}>
          {value}
        </code>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void copy(value)}
          aria-label={`Copy the ${label.toLowerCase()}`}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
        </Button>
      </dd>
    </div>
  );
}

/** The credentials of a client just registered (or with a new secret): the secret is shown once. */
function SecretDialog({ result, onClose }: { result: OAuthClientSecretResponse; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={`${result.client.name}: credentials`}
      description={
        result.client_secret
          ? 'Copy it now: it will not be shown again.'
          : 'A public client has no secret: it uses PKCE.'
      }
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <dl className="space-y-3 text-sm">
        <Credential label="Client id" value={result.client.client_id} />
        {result.client_secret ? (
          <Credential label="Client secret" value={result.client_secret} testId="client-secret" />
        ) : null}
      </dl>
    </Modal>
  );
}

/**
 * Admin Settings → Voice linking (issue 12, ADR 035): the OAuth clients that may link owners' accounts
 * (Google Home, Alexa skills, the demo client) — register (the secret shown once), edit, issue a new
 * secret, remove (every owner linked through it is unlinked).
 */
export function VoiceLinkingClients() {
  const view = useListView(voiceClientListView);
  const list = useVoiceClients(view.state);
  const rotate = useRotateVoiceClientSecret();
  const remove = useRemoveVoiceClient();
  const [editing, setEditing] = useState<OAuthClient | 'new' | null>(null);
  const [secret, setSecret] = useState<OAuthClientSecretResponse | null>(null);
  const [rotating, setRotating] = useState<OAuthClient | null>(null);
  const [removing, setRemoving] = useState<OAuthClient | null>(null);

  const body = (
    <ListBody
      query={list}
      items={(data) => data.clients}
      noun="clients"
      loadingLabel="Loading voice-linking clients…"
      errorTitle="Error loading voice-linking clients"
      empty={{
        icon: Mic,
        title: 'No voice-linking clients yet',
        text: 'Register Google Home or an Alexa skill with the redirect URIs their consoles give you.',
      }}
      list={view}
    >
      {(clients, dimmed) => (
        <ul
          aria-label="Voice-linking clients"
          className={cx('divide-y divide-slate-700/70', dimmed && 'opacity-60')}
        >
          {clients.map((client) => (
            <li
              key={client._id}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-100">
                  {client.name}
                  <Badge tone={client.public ? 'slate' : 'green'}>
                    {client.public ? 'Public (PKCE)' : 'Confidential'}
                  </Badge>
                </p>
                <p className="text-xs text-slate-400">
                  Client id <code className="break-all text-slate-300">{client.client_id}</code> ·{' '}
                  {client.linked_users === 1 ? '1 owner linked' : `${client.linked_users} owners linked`} ·
                  registered {formatDateTime(client.created_at)}
                </p>
                <ul aria-label={`Redirect URIs of ${client.name}`} className="space-y-0.5">
                  {client.redirect_uris.map((uri) => (
                    <li key={uri} className="font-mono text-xs break-all text-slate-300">
                      {uri}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(client)}
                  icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
                >
                  Edit<span className="sr-only"> {client.name}</span>
                </Button>
                {client.public ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRotating(client)}
                    icon={<KeyRound aria-hidden="true" className="h-4 w-4" />}
                  >
                    New secret<span className="sr-only"> for {client.name}</span>
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRemoving(client)}
                  icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                >
                  Remove<span className="sr-only"> {client.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListBody>
  );

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <ListToolbar list={view} sortOptions={SORT_OPTIONS} />
        <Button
          size="sm"
          onClick={() => setEditing('new')}
          {...preloadOnIntent(VoiceClientDialog)}
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        >
          Register client
        </Button>
      </div>
      {body}
      {editing !== null ? (
        <VoiceClientDialog
          client={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onRegistered={(result) => {
            setEditing(null);
            setSecret(result);
          }}
        />
      ) : null}
      {secret ? <SecretDialog result={secret} onClose={() => setSecret(null)} /> : null}
      <ConfirmDialog
        open={rotating !== null}
        title="Issue a new secret"
        message={
          rotating
            ? `The old secret of ${rotating.name} stops working at once: update it in the service's console.`
            : ''
        }
        confirmLabel="Issue new secret"
        busy={rotate.isPending}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (rotating) {
            rotate.mutate(rotating._id, {
              onSuccess: (result) => setSecret(result),
              onSettled: () => setRotating(null),
            });
          }
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove client"
        message={
          removing
            ? `${removing.name} will be removed and ${removing.linked_users === 1 ? '1 owner' : `${removing.linked_users} owners`} unlinked at once.`
            : ''
        }
        confirmLabel="Remove"
        variant="danger"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing._id, { onSettled: () => setRemoving(null) });
        }}
      />
    </>
  );
}
