// `npm run bench:devices -- --automations` (issue 33): homes that look after themselves, under load.
//
// The API process (api.mjs, embedded broker) seeds N devices in H homes (homes.mjs: HOME_LAYOUT, one owner
// each); this process connects them all and sends every reporting device's telemetry every 10 s. A share of
// the homes' watched sensors spike above the threshold (one reading, then back to normal so the watch re-arms).
// Five phases of the same telemetry, each measured for CPU (the API process and its PostgreSQL backends):
// without automations; with three automations per home (a PM2.5 threshold → the purifier on, a daily schedule
// → the switch on, the second purifier offline → a notification), steady (no spike, no schedule due); with
// them at the owners' ceiling (every home's purifier switched as often as its automation may switch it: the
// highest toggle limit an owner can set, each spike an on and an off); with them under stress (spikes far
// above that ceiling, and every home's schedule at one minute); and without again (disabled).
// Measured in the stress phase: reading stored → command published (in the API process), reading sent →
// command received by the purifier (here, as the home sees it), the schedule's minute → run started (SQL) and
// → command received by the switch; then a share of the watched purifiers go offline → notifications.
// Options: --devices 10000 --homes 2000 --duration 60 (s per phase) --spikes 0.05 (share of the watched
// sensors that spike per 10-s cycle); --quick: 500 devices, 100 homes, 20 s (a smoke run, about 2 minutes;
// with --no-write unless --write). Writes the '## Device plane (bench:devices --automations)' section.
// BENCH_PROFILE_DIR=<dir>: a CPU profile of the API process around the schedules' minute (.cpuprofile).
import { startChild } from './api.mjs';
import { floor } from './brokers.mjs';
import { atRate, freePort, freshDatabase, log, option, quantile, sleep } from './common.mjs';
import { connectFleet } from './fleet.mjs';
import { BENCH_TOGGLES_PER_HOUR, HOME_LAYOUT } from './homes.mjs';
import { automationsReport, AUTOMATIONS_SECTION, writeSection } from './report.mjs';

const ms = (v) => `${v.toFixed(0)} ms`;
const spread = (values) => ({
  n: values.length,
  p50: quantile(values, 0.5),
  p95: quantile(values, 0.95),
  p99: quantile(values, 0.99),
  max: values.length ? Math.max(...values) : 0,
});

export async function automationsMain() {
  const quick = process.argv.includes('--quick');
  const size = Number(option('devices', quick ? '500' : '10000'));
  const homeCount = Number(option('homes', quick ? '100' : '2000'));
  const duration = Number(option('duration', quick ? '20' : '60'));
  const spikeShare = Number(option('spikes', '0.05'));
  const perHome = Math.floor(size / homeCount);
  if (perHome < HOME_LAYOUT.length - 1)
    throw new Error(`--devices must be at least ${HOME_LAYOUT.length - 1} per home`);
  const databaseUrl = await freshDatabase();
  const child = startChild({ BENCH_DATABASE_URL: databaseUrl, BENCH_API_PORT: String(await freePort()) });
  await child.ready;
  const devices = [];
  const result = { size: homeCount * perHome, homes: homeCount, perHome, duration, spikeShare, quick };
  try {
    const setup = await child.call('seedHomes', { homes: homeCount, perHome });
    log(`${setup.devices.length} devices in ${homeCount} homes provisioned; connecting to ${setup.mqttUrl}`);
    // Each watched sensor has its own room's air, so a spike is one home's.
    const airOf = new Map();
    const fleet = await connectFleet(child, setup.devices, setup.mqttUrl, {
      devices,
      extra: (d) => {
        if (d.at !== 0) return {};
        // The room's air as the bench sets it (a RoomAir also has cooking spikes of its own, which would
        // fire automations no spike of the bench's accounts for).
        const air = { pm25: 30, step: () => air.pm25 };
        airOf.set(d.id, { home: d.home, air });
        return { air };
      },
    });
    Object.assign(result, { connected: fleet.connected, connectSeconds: fleet.connectSeconds });
    const f = await floor(Math.min(duration, 10));
    result.floor = { p50: quantile(f.latencies, 0.5), p99: quantile(f.latencies, 0.99) };
    log(`floor p50 ${result.floor.p50.toFixed(1)} ms, p99 ${result.floor.p99.toFixed(1)} ms`);

    // What the homes see: a spike's reading sent → its purifier's command; the minute → the switch's command.
    const homeOf = new Map(setup.devices.map((d) => [d.id, d]));
    // Each home's spikes not yet answered, oldest first (a command answers the oldest).
    const spikeSent = Array.from({ length: homeCount }, () => []);
    let measuring = false;
    // The share of the watched sensors that spike in each 10-s cycle (0: none).
    let spiky = 0;
    let sentToReceived = [];
    let scheduledAt = null;
    const scheduleSeen = [];
    for (const device of devices) {
      const { home, at } = homeOf.get(device.id);
      if (at !== 1 && at !== 3) continue;
      device['client'].on('message', (topic, payload) => {
        if (!topic.includes('/cmd/') || !measuring) return;
        const on = String(payload).includes('"power_on":true');
        if (at === 1 && on && spikeSent[home].length > 0) {
          sentToReceived.push({ at: Date.now(), ms: performance.now() - spikeSent[home].shift() });
        }
        if (at === 3 && scheduledAt !== null) scheduleSeen.push(Date.now() - scheduledAt);
      });
    }
    const reporters = devices.filter((d) => d.type !== 'lumos');
    const spiking = new Set();
    let spikes = 0;
    const send = async (i) => {
      const device = reporters[i % reporters.length];
      const watched = airOf.get(device.id);
      if (watched) {
        const { home, air } = watched;
        if (spiking.has(home)) {
          air.pm25 = 30; // back below the threshold by more than the hysteresis: the watch re-arms
          spiking.delete(home);
        } else if (Math.random() < spiky) {
          air.pm25 = 160;
          spiking.add(home);
          if (measuring) {
            spikeSent[home].push(performance.now());
            spikes += 1;
          }
        }
      }
      await device.sendTelemetry(10);
    };
    const rate = Math.max(1, Math.round(reporters.length / 10));
    result.rate = rate;
    const phase = async (name, seconds) => {
      await child.call('phaseStart');
      const sent = await atRate(rate, seconds, send);
      await sleep(2000); // what the phase's readings started finishes inside it
      const measured = await child.call('phaseEnd');
      const cpuPercent = ((measured.apiMs + measured.dbMs) / 1000 / measured.seconds) * 100;
      log(
        `${name}: ${sent.latencies.length} readings sent (${sent.errors} errors) in ${measured.seconds.toFixed(0)} s; CPU API ${((measured.apiMs / 1000 / measured.seconds) * 100).toFixed(1)}% + PostgreSQL ${((measured.dbMs / 1000 / measured.seconds) * 100).toFixed(1)}%`,
      );
      return { ...measured, sent: sent.latencies.length, cpuPercent };
    };
    log(`warm-up: ${rate} readings/s for 10 s`);
    await atRate(rate, 10, send);

    result.off1 = await phase('without automations', duration);

    // With automations, steady: every reading judged, no spike, no schedule due (the engine's standing cost).
    // The schedule: the first whole minute at least 15 s after this phase and the ceiling's; the stress phase
    // runs until 25 s past it.
    const minute = Math.ceil((Date.now() + (2 * (duration + 2) + 15) * 1000) / 60_000) * 60_000;
    const seeded = await child.call('seedAutomations', { scheduleAt: new Date(minute).toISOString() });
    scheduledAt = new Date(seeded.nextRunAt).getTime();
    result.automations = seeded.count;
    log(`${seeded.count} automations; the schedules are due at ${seeded.nextRunAt}`);
    result.watch = await phase('with automations, steady', duration);

    // With automations at the owners' ceiling: each home's sensor spikes as often as its purifier may be
    // switched by the automation at the highest limit an owner can set (a spike is an on and, a reading
    // later, an off): TOGGLES / 2 spikes an hour, in 360 cycles of 10 s. No schedule is due (each fires once
    // a day; their minute is in the stress phase).
    result.togglesPerHour = BENCH_TOGGLES_PER_HOUR;
    result.ceilingShare = BENCH_TOGGLES_PER_HOUR / 2 / 360;
    const runsBefore = await child.call('runCount');
    spiky = result.ceilingShare;
    result.ceiling = await phase("with automations at the owners' ceiling", duration);
    spiky = 0;
    result.ceiling.runs = (await child.call('runCount')) - runsBefore;

    // With automations, under stress: spikes and every home's schedule at one minute.
    measuring = true;
    spiky = spikeShare;
    sentToReceived = [];
    for (const waiting of spikeSent) waiting.length = 0;
    await child.call('takeLatencies');
    const onSeconds = Math.max(duration, Math.ceil((scheduledAt + 25_000 - Date.now()) / 1000));
    // BENCH_PROFILE_DIR: a CPU profile of the API from a second before the minute to 15 s after it.
    const profiling = process.env.BENCH_PROFILE_DIR
      ? sleep(Math.max(0, scheduledAt - 1000 - Date.now()))
          .then(() => child.call('measureCommands', { on: true }))
          .then(() => sleep(16_000))
          .then(() => child.call('measureCommands', { on: false }))
          .then((m) => log(`profiled the minute: deliver p50 ${ms(m.deliverP50)}, p99 ${ms(m.deliverP99)}`))
      : null;
    result.on = await phase('with automations, spikes and the minute', onSeconds);
    await profiling;
    spiky = 0;
    // Runs still under way are waited for (their commands still count; the next phase must not carry them):
    // until no run has been recorded for 3 s.
    const drained = performance.now();
    for (let last = -1, still = 0; still < 3 && performance.now() - drained < 180_000;) {
      await sleep(1000);
      const count = await child.call('runCount');
      still = count === last ? still + 1 : 0;
      last = count;
    }
    result.drainSeconds = (performance.now() - drained) / 1000 - 3;
    measuring = false;
    const unanswered = spikeSent.reduce((n, waiting) => n + waiting.length, 0);
    result.spikes = { sent: spikes, answered: sentToReceived.length, unanswered };
    const server = await child.call('takeLatencies');
    // Apart from the minute's burst (from the minute until the last switch had its command), when the
    // threshold runs queue behind the schedules' for the database.
    const burstEnd = scheduledAt + Math.max(0, ...scheduleSeen);
    const outside = (samples) =>
      samples.filter(({ at }) => at < scheduledAt || at > burstEnd).map(({ ms: v }) => v);
    result.storedToPublishedOutside = spread(outside(server.storedToPublished));
    result.sentToReceivedOutside = spread(outside(sentToReceived));
    result.storedToPublished = spread(server.storedToPublished.map(({ ms: v }) => v));
    result.spikes.storedNotPublished = server.pendingSpikes;
    result.sentToReceived = spread(sentToReceived.map(({ ms: v }) => v));
    const runs = await child.call('runs', { scheduledAt: seeded.nextRunAt });
    result.scheduleStarted = spread(runs.scheduleLate);
    result.scheduleReceived = spread(scheduleSeen);
    result.outcomes = runs.outcomes;
    log(
      `stored → published p50 ${ms(result.storedToPublished.p50)}, p99 ${ms(result.storedToPublished.p99)} (${result.storedToPublished.n}); ` +
        `sent → received p50 ${ms(result.sentToReceived.p50)}, p95 ${ms(result.sentToReceived.p95)} (${spikes} spikes); ` +
        `schedule: started max ${ms(result.scheduleStarted.max)} (${result.scheduleStarted.n}), received max ${ms(result.scheduleReceived.max)} (${result.scheduleReceived.n})`,
    );

    await child.call('setAutomations', { enabled: false });
    result.off2 = await phase('without automations, again', duration);

    // Device triggers: a share of the watched purifiers go away; each home is told.
    await child.call('setAutomations', { enabled: true });
    const leaving = devices
      .filter((d) => homeOf.get(d.id).at === 2)
      .slice(0, Math.max(1, Math.round(homeCount / 100)));
    const since = new Date();
    await Promise.all(leaving.map((d) => d.stop()));
    let told = { count: 0, last: null };
    for (let i = 0; i < 60 && told.count < leaving.length; i += 1) {
      await sleep(500);
      told = await child.call('notified', { since: since.toISOString() });
    }
    result.offline = {
      devices: leaving.length,
      notified: told.count,
      lastMs: told.last ? new Date(told.last).getTime() - since.getTime() : null,
    };
    log(`offline: ${told.count} of ${leaving.length} homes told`);
    result.usage = await child.call('usage');
  } finally {
    await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
    await child.call('stop').catch(() => undefined);
    await child.exited;
  }
  const section = automationsReport(result);
  console.log(`\n${section}`);
  const write = quick ? process.argv.includes('--write') : !process.argv.includes('--no-write');
  if (write) writeSection(section, AUTOMATIONS_SECTION);
}
