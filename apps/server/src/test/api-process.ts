/** Test helpers: the API run as a process of its own (imported by *.test.ts only). */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hmacSha256Hex } from '../modules/payments/signatures.ts';
import { freePort } from './ports.ts';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
export const WEBHOOK_SECRET = 'crash-test-webhook-secret';

/** The API as its own process (no web, no devices) on `databaseUrl`; resolves once it answers /readyz. */
export async function startApi(databaseUrl: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  // Node itself with tsx's loader: one process (the tsx CLI would run the server in a child of its own, which
  // a kill of the CLI leaves running).
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      DEMO: 'false',
      DEVICE_TRANSPORT: 'direct',
      PAYMENT_PROVIDER: 'sandbox',
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SANDBOX_WEBHOOK_DELAY_MS: '60000',
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the API process did not become ready');
}

export async function postWebhook(url: string, raw: string, eventId: string) {
  return fetch(`${url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacSha256Hex(WEBHOOK_SECRET, raw),
      'x-razorpay-event-id': eventId,
    },
    body: raw,
  });
}
