// The brokers of `npm run bench:devices`: a private Mosquitto for the external-broker rows, and the floor.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { atRate, freePort, sleep } from './common.mjs';

/**
 * A private Mosquitto for the external-broker rows (when BENCH_MQTT_URL is not given and the machine has
 * `mosquitto`): on a free port, no persistence, and `set_tcp_nodelay true` — what a deployment that cares
 * about latency sets (Mosquitto's default, false, lets small packets wait for delayed ACKs). Returns its URL
 * and a stop function, or null without the binary.
 */
export async function startMosquitto() {
  const binary = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto'].find(existsSync);
  if (!binary) return null;
  const port = await freePort();
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'set_tcp_nodelay true',
      'max_queued_messages 10000',
      '',
    ].join('\n'),
  );
  const proc = spawn(binary, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const url = `mqtt://127.0.0.1:${port}`;
  // Ready when it accepts a TCP connection.
  for (let i = 0; ; i += 1) {
    const ok = await new Promise((res) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => (socket.end(), res(true)));
      socket.on('error', () => res(false));
    });
    if (ok) break;
    if (i > 50 || proc.exitCode !== null) throw new Error(`mosquitto did not start: ${stderr}`);
    await sleep(100);
  }
  return {
    url,
    stop: () => {
      proc.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The broker's own round trip (two plain clients, QoS 1): a bare aedes here, or the external broker at `external`. */
export async function floor(seconds, external) {
  const { Aedes } = await import('aedes');
  const { default: mqtt } = await import('mqtt');
  const broker = external ? null : await Aedes.createBroker();
  // As the embedded broker: no Nagle delay on its connections.
  const server = broker
    ? createServer((socket) => {
        socket.setNoDelay(true);
        broker.handle(socket);
      })
    : null;
  if (server) await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = server ? `mqtt://127.0.0.1:${server.address().port}` : external;
  const echo = await mqtt.connectAsync(url);
  const pinger = await mqtt.connectAsync(url);
  await echo.subscribeAsync('ping/+');
  echo.on('message', (topic, payload) => echo.publish(topic.replace('ping', 'pong'), payload, { qos: 1 }));
  await pinger.subscribeAsync('pong/+');
  const waiting = new Map();
  pinger.on('message', (topic) => waiting.get(topic.split('/')[1])?.());
  const result = await atRate(100, seconds, (i) => {
    const done = new Promise((r) => waiting.set(String(i), r));
    pinger.publish(`ping/${i}`, 'x', { qos: 1 });
    return done;
  });
  await echo.endAsync();
  await pinger.endAsync();
  if (broker) await new Promise((r) => broker.close(r));
  server?.close();
  return result;
}
