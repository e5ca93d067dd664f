// The load generator of `npm run bench:devices` (what each row measures: scripts/bench-devices.mjs).
import { ROLLOUT_IN_FLIGHT_STATES } from '@isaac/contract';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startChild } from './api.mjs';
import { floor, startMosquitto } from './brokers.mjs';
import { connectFleet } from './fleet.mjs';
import { atRate, freePort, freshDatabase, log, option, quantile, saturate, sleep } from './common.mjs';
import { report, writeSection } from './report.mjs';
import { untrustedRows } from './untrusted.mjs';

export async function main() {
  const sizes = option('sizes', '1000,10000').split(',').map(Number);
  const duration = Number(option('duration', '10'));
  const brokers = option('brokers', 'embedded').split(',');
  const processCounts = option('processes', '1').split(',').map(Number);
  // The external broker: BENCH_MQTT_URL if given, else a private Mosquitto (set_tcp_nodelay true), else the
  // machine's at 1883 (its own settings).
  const privateMosquitto =
    brokers.includes('mosquitto') && !process.env.BENCH_MQTT_URL ? await startMosquitto() : null;
  const mosquittoUrl = process.env.BENCH_MQTT_URL ?? privateMosquitto?.url ?? 'mqtt://127.0.0.1:1883';
  const mosquittoKind = privateMosquitto ? 'private, set_tcp_nodelay true' : 'external';
  const rows = [];
  for (const broker of brokers)
    for (const size of sizes)
      for (const processes of processCounts) {
        const external = broker === 'mosquitto' ? mosquittoUrl : undefined;
        // The embedded broker is one process by construction (ADR 061).
        if (processes > 1 && !external) continue;
        const databaseUrl = await freshDatabase();
        const apiPort = await freePort();
        const child = startChild({
          BENCH_DATABASE_URL: databaseUrl,
          BENCH_API_PORT: String(apiPort),
          ...(external ? { BENCH_MQTT_URL: external } : {}),
        });
        await child.ready;
        // More API processes on the same database and broker (after the first has migrated it).
        const children = [child];
        const apiPorts = [apiPort];
        for (let k = 1; k < processes; k += 1) {
          const port = await freePort();
          const more = startChild({
            BENCH_DATABASE_URL: databaseUrl,
            BENCH_API_PORT: String(port),
            BENCH_MQTT_URL: external,
          });
          await more.ready;
          children.push(more);
          apiPorts.push(port);
        }
        const storedAll = async () => {
          for (const c of children.slice(1)) await c.call('flush');
          return child.call('stored');
        };
        const row = {
          size,
          broker,
          processes,
          label:
            (broker === 'mosquitto' ? `Mosquitto (${mosquittoKind})` : 'embedded (aedes)') +
            (processCounts.length > 1 || processes > 1
              ? `, ${processes} API process${processes > 1 ? 'es' : ''}`
              : ''),
        };
        const devices = [];
        try {
          const setup = await child.call('provision', { count: size });
          log(`${size} devices provisioned; connecting to ${setup.mqttUrl}`);
          const fleet = await connectFleet(child, setup.devices, setup.mqttUrl, { devices });
          row.connectSeconds = fleet.connectSeconds;
          row.connected = fleet.connected;
          row.presenceSeconds = fleet.presenceSeconds;

          const f = await floor(duration, external);
          row.floor = { p50: quantile(f.latencies, 0.5), p99: quantile(f.latencies, 0.99), errors: f.errors };
          log(`floor p50 ${row.floor.p50.toFixed(1)} ms, p99 ${row.floor.p99.toFixed(1)} ms`);

          const purifiers = setup.devices.filter((d) => d.type === 'isaac');
          const headers = {
            authorization: `Bearer ${setup.token}`,
            'x-csrf-token': setup.csrf,
            cookie: setup.cookie,
          };
          let non2xx = 0;
          const toggle = async (i) => {
            const device = purifiers[i % purifiers.length];
            const res = await fetch(
              `http://127.0.0.1:${apiPorts[i % apiPorts.length]}/api/devices/${device.id}/toggle`,
              {
                method: 'POST',
                headers,
              },
            );
            await res.arrayBuffer();
            if (!res.ok) {
              non2xx += 1;
              throw new Error(String(res.status));
            }
          };
          // Warm-up, not measured: the first commands of a fresh API process pay for JIT compilation, the first
          // database connections and query plans (what the first size's p99 showed before).
          await atRate(100, 3, toggle);
          non2xx = 0;
          for (const c of children) await c.call('measureCommands', { on: true });
          const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
          generatorLoop.enable();
          const commands = await atRate(100, duration, toggle);
          generatorLoop.disable();
          // With several processes: the slowest process's figures.
          const servers = [];
          for (const c of children) servers.push(await c.call('measureCommands', { on: false }));
          const server = Object.fromEntries(
            Object.keys(servers[0]).map((k) => [k, Math.max(...servers.map((x) => x[k]))]),
          );
          row.command = {
            p50: quantile(commands.latencies, 0.5),
            p99: quantile(commands.latencies, 0.99),
            max: Math.max(0, ...commands.latencies),
            errors: commands.errors,
            non2xx,
            server,
            generatorLoopMax: generatorLoop.max / 1e6,
          };
          log(
            `command round trip p50 ${row.command.p50.toFixed(1)} ms, p99 ${row.command.p99.toFixed(1)} ms, errors ${row.command.errors}; ` +
              `in the API p50 ${server.p50.toFixed(1)} ms, p99 ${server.p99.toFixed(1)} ms (of which command → acknowledgement p50 ${server.deliverP50.toFixed(1)} ms, p99 ${server.deliverP99.toFixed(1)} ms); event loop delay max: API ${server.loopMax.toFixed(0)} ms, load generator ${row.command.generatorLoopMax.toFixed(0)} ms`,
          );

          const reporters = devices.filter((d) => d.type !== 'lumos');
          // Every device every 10 s, spread evenly, for the duration.
          const before = await storedAll();
          const perSecond = reporters.length / 10;
          const steady = await atRate(Math.max(1, Math.round(perSecond)), duration, (i) =>
            reporters[i % reporters.length].sendTelemetry(10),
          );
          const sentSteady = steady.latencies.length;
          await sleep(1500);
          const storedSteady = (await storedAll()) - before;
          row.steady = { rate: perSecond, sent: sentSteady, stored: storedSteady };
          log(`steady ingest: ${sentSteady} sent, ${storedSteady} stored`);

          // Saturation: each device sends its readings back to back (every message read at the edge).
          row.saturation = await saturate(storedAll, reporters);
          log(
            `saturation: ${row.saturation.sent} sent, ${row.saturation.stored} stored in ${row.saturation.seconds.toFixed(1)} s (${Math.round(row.saturation.rate)}/s)`,
          );
          const usages = [];
          for (const c of children) usages.push(await c.call('usage'));
          row.usage = {
            cpuPercent: usages.reduce((n, u) => n + u.cpuPercent, 0),
            rss: usages.reduce((n, u) => n + u.rss, 0),
          };

          // Issue 27 (embedded broker, one process, the first size): the price of the edge checks, a flooding
          // device, and sockets that never authenticate.
          if (
            broker === 'embedded' &&
            processes === 1 &&
            size === sizes[0] &&
            !process.argv.includes('--no-untrusted')
          ) {
            row.untrusted = await untrustedRows(child, {
              setup,
              reporters,
              toggle,
              duration,
              quiet: row,
              stored: storedAll,
            });
          }

          // A rollout (issue 14) at the largest size: 1,000 devices, a 1 MB image, 100 downloads at once.
          if (size === sizes[sizes.length - 1] && broker === brokers[0] && processes === processCounts[0]) {
            const rollout = await child.call('startRollout', { count: 1000 });
            const t1 = performance.now();
            let status = { status: 'running', counts: {} };
            for (let i = 0; i < 1200 && status.status === 'running'; i += 1) {
              await sleep(500);
              status = await child.call('rolloutStatus', { id: rollout.id });
            }
            const open = ['QUEUED', ...ROLLOUT_IN_FLIGHT_STATES].reduce(
              (n, k) => n + (status.counts[k] ?? 0),
              0,
            );
            row.rollout = {
              devices: rollout.devices,
              seconds: (performance.now() - t1) / 1000,
              status: status.status,
              updated: status.counts.UPDATED ?? 0,
              failed: status.counts.FAILED ?? 0,
              open,
              usage: await child.call('usage'),
            };
            log(
              `rollout: ${row.rollout.updated} updated, ${row.rollout.failed} failed, ${open} open in ${row.rollout.seconds.toFixed(1)} s`,
            );
          }
        } finally {
          await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
          for (const c of children) {
            await c.call('stop').catch(() => undefined);
            await c.exited;
          }
        }
        rows.push(row);
      }
  privateMosquitto?.stop();
  const section = report(rows, sizes, duration, brokers);
  console.log(`\n${section}`);
  if (!process.argv.includes('--no-write')) writeSection(section);
}
