// Issue 27's rows of `npm run bench:devices`: the edge checks' price, a flooding device, unauthenticated sockets.
import { spawn } from 'node:child_process';
import { atRate, log, quantile, saturate, sleep } from './common.mjs';

/**
 * Issue 27's rows, on the embedded broker:
 * - ingest at saturation with every message read at the edge vs. with the checks off (alternated: checked,
 *   unchecked, checked), in the same run;
 * - one device flooding as fast as it can (reconnecting when cut off) with the default limits while the others
 *   report every 10 s and commands run at 100/s: the others' readings all stored, the API's RSS, command p99;
 * - 1,000 sockets that never authenticate, each sending a CONNECT header declaring 256 MB and 64 KB of it,
 *   while commands run at 100/s: the API's RSS growth and command p99.
 */
export async function untrustedRows(child, { setup, reporters, toggle, duration, quiet, stored }) {
  const result = {};
  // Alternated (checked, unchecked, checked, unchecked, checked) and compared by their medians: on a shared
  // machine one round can be slowed by anything.
  const checked = [quiet.saturation.rate];
  const unchecked = [];
  for (let round = 0; round < 2; round += 1) {
    await child.call('trust', { on: true });
    unchecked.push((await saturate(stored, reporters)).rate);
    await child.call('trust', { on: false });
    checked.push((await saturate(stored, reporters)).rate);
  }
  const median = (values) => quantile(values, 0.5);
  const checkedRate = median(checked);
  const uncheckedRate = median(unchecked);
  result.validation = {
    checked: checkedRate,
    unchecked: uncheckedRate,
    ratio: checkedRate / uncheckedRate,
    rounds: { checked, unchecked },
  };
  log(
    `edge checks: ${Math.round(checkedRate)}/s checked vs ${Math.round(uncheckedRate)}/s unchecked (${(result.validation.ratio * 100).toFixed(0)}%; rounds ${checked.map(Math.round).join(', ')} vs ${unchecked.map(Math.round).join(', ')})`,
  );

  // The default limits (5 messages/s, burst 50, cut off after 100 dropped within 10 s).
  await child.call('limits', {
    publishPerSecond: 5,
    publishBurst: 50,
    strikesToDisconnect: 100,
    connectsPerSecondPerAddress: 50,
    connectBurstPerAddress: 200,
  });
  // A sensor: commands go to purifiers, so none of them is sent to the device being cut off.
  const flooder = reporters.find((d) => d.type === 'skywalker');
  const others = reporters.filter((d) => d !== flooder);
  const rssBefore = (await child.call('usage')).rss;
  const storedBefore = await child.call('storedExcept', { deviceId: flooder.id });
  let flooding = true;
  let floodSent = 0;
  const topic = `d/${flooder.id}/telemetry`;
  // The flooder is a simulated device itself: its client reconnects when the broker cuts it off.
  const flood = (async () => {
    while (flooding) {
      const client = flooder.client;
      if (!client?.connected) {
        await sleep(50);
        continue;
      }
      for (let k = 0; k < 200; k += 1) client.publish(topic, '{"pm25":42}');
      floodSent += 200;
      await new Promise((r) => setImmediate(r));
    }
  })();
  let othersSent = 0;
  const steady = atRate(Math.max(1, Math.round(others.length / 10)), duration, async (i) => {
    await others[i % others.length].sendTelemetry(10);
    othersSent += 1;
  });
  const commands = await atRate(100, duration, toggle);
  await steady;
  flooding = false;
  await flood;
  await sleep(1500);
  const othersStored = (await child.call('storedExcept', { deviceId: flooder.id })) - storedBefore;
  const usage = await child.call('usage');
  result.flood = {
    floodSent,
    othersSent,
    othersStored,
    rssMb: usage.rss / 2 ** 20,
    rssGrowthMb: (usage.rss - rssBefore) / 2 ** 20,
    p99: quantile(commands.latencies, 0.99),
    quietP99: quiet.command.p99,
    errors: commands.errors,
  };
  log(
    `flood: ${floodSent} sent by one device; others ${othersStored}/${othersSent} stored; RSS ${result.flood.rssMb.toFixed(0)} MB (+${result.flood.rssGrowthMb.toFixed(0)}); command p99 ${result.flood.p99.toFixed(1)} ms (quiet ${quiet.command.p99.toFixed(1)} ms)`,
  );

  // Sockets that never authenticate.
  const { port, hostname } = new URL(setup.mqttUrl);
  const rssBeforeSockets = (await child.call('usage')).rss;
  // The attacker runs in its own process, so that its 2,000 sockets do not slow the simulated devices (the
  // load generator) and only the API's cost shows in the commands.
  const attackerCode = `
    const { createConnection } = require('node:net');
    let closed = 0;
    const wave = () => Promise.all(Array.from({ length: 1000 }, () => new Promise((done) => {
      const socket = createConnection({ port: ${Number(port)}, host: '${hostname}' }, () => {
        socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]));
        socket.write(Buffer.alloc(64 * 1024));
      });
      socket.on('error', () => undefined);
      socket.on('close', () => { closed += 1; done(); });
      setTimeout(() => { socket.destroy(); done(); }, 10000);
    })));
    wave().then(wave).then(() => { process.stdout.write(String(closed)); });
  `;
  const attack = () =>
    new Promise((resolveAttack) => {
      const attacker = spawn(process.execPath, ['-e', attackerCode], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      attacker.stdout.on('data', (d) => (out += d));
      attacker.on('exit', () => resolveAttack(Number(out) || 0));
    });
  const attacks = attack();
  await child.call('measureCommands', { on: true });
  const underAttack = await atRate(100, duration, toggle);
  const inApi = await child.call('measureCommands', { on: false });
  const closedByServer = await attacks;
  const afterSockets = await child.call('usage');
  result.sockets = {
    opened: 2000,
    closed: closedByServer,
    rssGrowthMb: (afterSockets.rss - rssBeforeSockets) / 2 ** 20,
    p99: quantile(underAttack.latencies, 0.99),
    errors: underAttack.errors,
    apiP99: inApi.p99,
    apiLoopMax: inApi.loopMax,
  };
  log(
    `unauthenticated sockets: ${closedByServer}/2000 closed by the server; RSS +${result.sockets.rssGrowthMb.toFixed(0)} MB; command p99 ${result.sockets.p99.toFixed(1)} ms (in the API p99 ${inApi.p99.toFixed(1)} ms, event loop max ${inApi.loopMax.toFixed(0)} ms)`,
  );
  return result;
}
