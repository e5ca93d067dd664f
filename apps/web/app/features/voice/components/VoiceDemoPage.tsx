import { DEMO_VOICE_CLIENT_NAME } from '@isaac/contract';
import { AlertCircle, Link2, Mic, Power, PowerOff, RefreshCw, Wind } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/Button';
import { AUTH_PATHS } from '~/lib/paths';
import {
  endpointsOf,
  exchangeCode,
  loadSession,
  saveSession,
  sendIntent,
  startLinking,
  tokenRequest,
  type DemoAnswer,
  type DemoSession,
  type DemoTokens,
  type SyncedEndpoint,
} from '../model/demo-client';

const short = (token: string) => (token.length > 22 ? `${token.slice(0, 18)}…` : token);

/**
 * The demo voice client's page (issue 12, DEMO): the redirect URI of the seeded "Demo voice client". It links
 * as Google would (PKCE, /login, consent), shows the code it gets back, exchanges it, and sends SYNC / QUERY /
 * EXECUTE to the Google fulfillment with the access token — so linking can be tried without Google.
 */
export function VoiceDemoPage() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const returnedState = params.get('state');
  const error = params.get('error');
  // A client-only page (never prerendered): the tab's session is there on the first render.
  const [session, setSession] = useState<DemoSession>(() =>
    typeof window === 'undefined' ? {} : loadSession(),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [last, setLast] = useState<{ label: string; answer: DemoAnswer } | null>(null);
  const [endpoints, setEndpoints] = useState<SyncedEndpoint[]>([]);

  const update = (next: DemoSession) => {
    saveSession(next);
    setSession(next);
  };

  const run = async (label: string, call: () => Promise<DemoAnswer>): Promise<DemoAnswer | null> => {
    setBusy(label);
    try {
      const answer = await call();
      setLast({ label, answer });
      return answer;
    } catch (err) {
      setLast({ label, answer: { status: 0, body: err instanceof Error ? err.message : String(err) } });
      return null;
    } finally {
      setBusy(null);
    }
  };

  const link = async () => {
    setBusy('link');
    window.location.assign(await startLinking());
  };

  const exchange = async () => {
    if (!code || !session.verifier) return;
    const answer = await run('Token exchange (authorization_code)', () =>
      exchangeCode(code, session.verifier!),
    );
    if (answer?.status === 200) {
      update({ tokens: answer.body as DemoTokens });
      setParams({}, { replace: true });
    }
  };

  const refresh = async () => {
    const refreshToken = session.tokens?.refresh_token;
    if (!refreshToken) return;
    const answer = await run('Token refresh (refresh_token)', () =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    );
    if (answer?.status === 200) update({ tokens: { ...session.tokens, ...(answer.body as DemoTokens) } });
  };

  const accessToken = session.tokens?.access_token;
  const sync = async () => {
    if (!accessToken) return;
    const answer = await run('SYNC', () => sendIntent(accessToken, { intent: 'action.devices.SYNC' }));
    if (answer?.status === 200) setEndpoints(endpointsOf(answer.body));
  };
  const query = () =>
    accessToken &&
    run('QUERY', () =>
      sendIntent(accessToken, {
        intent: 'action.devices.QUERY',
        payload: { devices: endpoints.map((endpoint) => ({ id: endpoint.id })) },
      }),
    );
  const execute = (endpoint: SyncedEndpoint, on: boolean) =>
    accessToken &&
    run(`EXECUTE ${endpoint.name}: ${on ? 'on' : 'off'}`, () =>
      sendIntent(accessToken, {
        intent: 'action.devices.EXECUTE',
        payload: {
          commands: [
            {
              devices: [{ id: endpoint.id }],
              execution: [{ command: 'action.devices.commands.OnOff', params: { on } }],
            },
          ],
        },
      }),
    );

  const stateMatches = returnedState !== null && returnedState === session.state;

  return (
    <main className="min-h-screen bg-slate-950 px-4 py-10 text-slate-100">
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <header className="flex items-center gap-3">
          <span className="rounded-xl bg-violet-500/15 p-2.5 text-violet-300">
            <Mic aria-hidden="true" className="h-6 w-6" />
          </span>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-white">{DEMO_VOICE_CLIENT_NAME}</h1>
            <p className="text-sm text-slate-400">
              Plays the part of Google Home: links an Isaac account, then sends smart-home intents with its
              token.
            </p>
          </div>
        </header>

        {error ? (
          <div
            role="alert"
            className="flex gap-2 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
          >
            <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <p>
              Linking did not happen: <code>{error}</code>
              {params.get('error_description') ? ` (${params.get('error_description')})` : ''}.
            </p>
          </div>
        ) : null}

        <section
          aria-labelledby="demo-link"
          className="rounded-2xl border border-slate-800 bg-slate-900/80 p-5"
        >
          <h2 id="demo-link" className="text-lg font-semibold text-white">
            1. Link
          </h2>
          {code ? (
            <div className="mt-3 space-y-3 text-sm">
              <p>
                Authorization code received: <code className="break-all text-emerald-300">{short(code)}</code>
              </p>
              <p className={stateMatches ? 'text-emerald-300' : 'text-amber-300'}>
                {stateMatches
                  ? 'The state came back unchanged.'
                  : 'The state does not match the one this page sent.'}
              </p>
              <Button onClick={() => void exchange()} loading={busy !== null} disabled={!session.verifier}>
                Exchange the code for tokens
              </Button>
            </div>
          ) : session.tokens ? (
            <div className="mt-3 space-y-3 text-sm">
              <p>
                Linked. Access token{' '}
                <code className="break-all text-emerald-300">{short(session.tokens.access_token)}</code>
                {session.tokens.expires_in ? ` (expires in ${session.tokens.expires_in} s)` : ''}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={busy !== null}>
                  <RefreshCw aria-hidden="true" className="h-4 w-4" /> Refresh the access token
                </Button>
                <Button variant="ghost" size="sm" onClick={() => update({})}>
                  Forget the tokens
                </Button>
              </div>
            </div>
          ) : (
            <div className="mt-3 space-y-3 text-sm text-slate-300">
              <p>
                Signs in at Isaac&apos;s{' '}
                <Link className="text-sky-300 underline" to={AUTH_PATHS.login}>
                  /login
                </Link>{' '}
                in account-linking mode, asks for your consent, and comes back here with a code (PKCE, S256).
              </p>
              <Button
                onClick={() => void link()}
                loading={busy === 'link'}
                icon={<Link2 aria-hidden="true" className="h-4 w-4" />}
              >
                Link with Isaac
              </Button>
            </div>
          )}
        </section>

        {session.tokens && !code ? (
          <section
            aria-labelledby="demo-intents"
            className="rounded-2xl border border-slate-800 bg-slate-900/80 p-5"
          >
            <h2 id="demo-intents" className="text-lg font-semibold text-white">
              2. Talk to your devices
            </h2>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void sync()} disabled={busy !== null}>
                SYNC
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void query()}
                disabled={busy !== null || endpoints.length === 0}
              >
                QUERY
              </Button>
            </div>
            {endpoints.length > 0 ? (
              <ul aria-label="Synced devices" className="mt-4 divide-y divide-slate-800">
                {endpoints.map((endpoint) => (
                  <li
                    key={endpoint.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  >
                    <span className="flex items-center gap-2">
                      <Wind aria-hidden="true" className="h-4 w-4 text-sky-300" />
                      <span className="font-medium text-white">{endpoint.name}</span>
                      <span className="text-slate-400">
                        {endpoint.type}
                        {endpoint.room ? ` · ${endpoint.room}` : ''}
                      </span>
                    </span>
                    {endpoint.onOff ? (
                      <span className="flex gap-2">
                        <Button
                          size="sm"
                          variant="success"
                          aria-label={`Turn on ${endpoint.name}`}
                          onClick={() => void execute(endpoint, true)}
                          disabled={busy !== null}
                        >
                          <Power aria-hidden="true" className="h-4 w-4" /> On
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Turn off ${endpoint.name}`}
                          onClick={() => void execute(endpoint, false)}
                          disabled={busy !== null}
                        >
                          <PowerOff aria-hidden="true" className="h-4 w-4" /> Off
                        </Button>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}

        {last ? (
          <section
            aria-labelledby="demo-answer"
            className="rounded-2xl border border-slate-800 bg-slate-900/80 p-5"
          >
            <h2 id="demo-answer" className="text-lg font-semibold text-white">
              Last answer: {last.label}{' '}
              <span className="text-sm font-normal text-slate-400">(HTTP {last.answer.status})</span>
            </h2>
            <pre
              className="mt-3 max-h-96 overflow-auto rounded-lg bg-slate-950 p-3 text-xs text-slate-300"
              data-testid="demo-answer"
            >
              {JSON.stringify(last.answer.body, null, 2)}
            </pre>
          </section>
        ) : null}
      </div>
    </main>
  );
}
