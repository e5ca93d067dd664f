// The simulated fleet of `npm run bench:devices`: N devices connected (the real protocol,
// apps/server/src/simulator/device.ts), 200 at a time, then presence as the server stored it.
import { log, sleep } from './common.mjs';

/**
 * Connects `list` ({ id, type, secret }) to `url`, pushing each into `devices` (the caller stops them, even
 * after a failure); `extra(d)` adds options per device (e.g. a room's air).
 * Presence is the devices' status messages as the server stored them (`child.call('connected')`): it waits
 * until every device is in, or nothing has come in for 10 s (at most 2 minutes).
 */
export async function connectFleet(child, list, url, { devices = [], extra = () => ({}) } = {}) {
  const { SimulatedDevice } = await import('../../apps/server/src/simulator/device.ts');
  const started = performance.now();
  for (let i = 0; i < list.length; i += 200) {
    await Promise.all(
      list.slice(i, i + 200).map(async (d) => {
        const device = new SimulatedDevice({
          id: d.id,
          secret: d.secret,
          type: d.type,
          gangCount: d.type === 'lumos' ? 2 : 0,
          url,
          state: {
            power_on: false,
            gang_states: d.type === 'lumos' ? [false, false] : [],
            fan_speed: d.type === 'isaac' ? 'medium' : null,
          },
          ackLatencyMs: 0,
          telemetryEveryMs: 0,
          keepaliveSeconds: 60,
          firmwareVersion: '1.0.0',
          ...extra(d),
        });
        await device.start();
        devices.push(device);
      }),
    );
  }
  const connectSeconds = (performance.now() - started) / 1000;
  let seen = await child.call('connected');
  for (
    let last = performance.now(), t = performance.now();
    seen < list.length && performance.now() - t < 120_000;
  ) {
    await sleep(250);
    const now = await child.call('connected');
    if (now > seen) last = performance.now();
    seen = now;
    if (performance.now() - last > 10_000) break;
  }
  const presenceSeconds = (performance.now() - started) / 1000;
  log(
    `${seen} connected: clients up in ${connectSeconds.toFixed(1)} s, the server saw them by ${presenceSeconds.toFixed(1)} s`,
  );
  return { devices, connectSeconds, connected: seen, presenceSeconds };
}
