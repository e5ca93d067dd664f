// The '## Device plane (bench:devices)' section of docs/benchmarks.md, from the rows measured.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { BENCH_FILE, SECTION } from './common.mjs';

export function report(rows, sizes, duration, brokers) {
  const cpus = os.cpus();
  const f1 = (n) => n.toFixed(1);
  const lines = [
    SECTION,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM; Node ${process.version}; PostgreSQL (local).`,
    `Command: \`npm run bench:devices -- --sizes ${sizes.join(',')} --duration ${duration} --brokers ${brokers.join(',')}${rows.some((r) => r.processes > 1) ? ` --processes ${[...new Set(rows.map((r) => r.processes))].join(',')}` : ''}\` (scripts/bench-devices.mjs, header comment). The simulated devices run in the`,
    'load-generator process, the API (with the embedded broker) in its own: the same 2-core machine carries both.',
    "Latencies run from each request's scheduled time (no coordinated omission), after 3 s of unmeasured commands (warm-up). A command is two short transactions",
    '(record; store the acknowledged state) around the broker round trip. Where its time goes is measured in the same run:',
    "the API's own time per toggle request (Node's HTTP diagnostics channels, arrival to the response's end), the device's",
    "part of it (the command's publish to its acknowledgement), and the longest event-loop pause of the API and of the load",
    'generator (which runs every simulated device). Telemetry is off while commands are measured. The p99 varies from run to',
    'run on this shared 2-core machine (embedded broker, 10,000 devices: 96, 212 and 15 ms in three runs of 2026-11-26 before',
    'the split was measured).',
    '',
    '| Broker | Devices | Connected (time) | Floor: bare broker round trip p50 / p99 | Command round trip p50 / p99 / max (errors) at 100/s | Of it in the API p50 / p99 (publish → ack p50 / p99) | Event loop delay max: API / load generator | Ingest, every device every 10 s: sent / stored | Ingest at saturation: stored / s (sent, stored) | API CPU / RSS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.size.toLocaleString('en')} | ${r.connected?.toLocaleString('en') ?? '?'} (${f1(r.connectSeconds ?? 0)} s) | ${f1(r.floor.p50)} / ${f1(r.floor.p99)} ms | ${f1(r.command.p50)} / ${f1(r.command.p99)} / ${f1(r.command.max)} ms (${r.command.errors}) | ${f1(r.command.server.p50)} / ${f1(r.command.server.p99)} ms (${f1(r.command.server.deliverP50)} / ${f1(r.command.server.deliverP99)} ms) | ${Math.round(r.command.server.loopMax)} / ${Math.round(r.command.generatorLoopMax)} ms | ${r.steady.sent.toLocaleString('en')} / ${r.steady.stored.toLocaleString('en')} | ${Math.round(r.saturation.rate).toLocaleString('en')} (${r.saturation.sent.toLocaleString('en')}, ${r.saturation.stored.toLocaleString('en')}) | ${r.usage.cpuPercent}% / ${Math.round(r.usage.rss / 2 ** 20)} MB |`,
    );
  }
  const biggest = rows.find((r) => r.rollout) ?? rows[rows.length - 1];
  const rollout = biggest.rollout;
  if (rollout) {
    lines.push(
      '',
      `Rollout (issue 14), at ${biggest.size.toLocaleString('en')} connected: ${rollout.devices.toLocaleString('en')} ISAAC devices, a 1 MB image, stages [100], at most 100`,
      `updating at once (each downloads in ranges, checks SHA-256, reboots and reports its version): ${rollout.status} in ${f1(rollout.seconds)} s —`,
      `${rollout.updated.toLocaleString('en')} updated, ${rollout.failed} failed, ${rollout.open} left in a non-final state; API CPU ${rollout.usage.cpuPercent}% (average since start), RSS ${Math.round(rollout.usage.rss / 2 ** 20)} MB.`,
    );
  }
  if (rows.some((r) => r.broker === 'mosquitto')) {
    lines.push(
      '',
      "With Mosquitto the floor is Mosquitto's own publish → receive round trip on this machine, and every command",
      'pays it twice (command, then acknowledgement). Unless BENCH_MQTT_URL names a broker, the bench starts its own',
      "Mosquitto (the machine's binary, a free port, no persistence) with `set_tcp_nodelay true`: by default (false)",
      'Mosquitto lets small packets wait for delayed ACKs, which made the floor ~29 ms on the shared broker at 1883.',
      "Presence comes from the devices' status messages as the server stored them; the bench waits until every",
      'device is in or none has come in for 10 s ("connected" is what the server saw by then).',
    );
  }
  const verdict = (ok, text) => `- ${ok ? 'MET' : 'MISSED'}: ${text}`;
  const at = (r) => `${r.size.toLocaleString('en')}${brokers.length > 1 ? ` (${r.broker})` : ''}`;
  const largest = rows.filter((r) => r.size === Math.max(...sizes));
  lines.push(
    '',
    'Targets (issue 13):',
    verdict(
      largest.every((r) => r.connected >= 10_000),
      `10,000 devices connected (${largest.map((r) => `${r.connected?.toLocaleString('en')} at ${at(r)}`).join(', ')})`,
    ),
    verdict(
      rows.every((r) => r.command.p99 <= 50),
      `command round trip p99 ≤ 50 ms (${rows.map((r) => `${f1(r.command.p99)} ms at ${at(r)}`).join(', ')})`,
    ),
    verdict(
      rows.every(
        (r) =>
          r.saturation.rate >= 5000 &&
          r.saturation.stored === r.saturation.sent &&
          r.steady.stored === r.steady.sent,
      ),
      `ingest ≥ 5,000 messages/s stored with zero loss (${rows.map((r) => `${Math.round(r.saturation.rate)}/s at ${at(r)}`).join(', ')})`,
    ),
    verdict(
      largest.every((r) => r.usage.rss <= 2 ** 30),
      `RSS ≤ 1 GB at the largest size (${largest.map((r) => `${Math.round(r.usage.rss / 2 ** 20)} MB at ${at(r)}`).join(', ')})`,
    ),
  );
  const u = rows.find((r) => r.untrusted)?.untrusted;
  const ur = rows.find((r) => r.untrusted);
  if (u) {
    const { validation: v, flood: fl, sockets: so } = u;
    lines.push(
      '',
      `Untrusted devices (issue 27), embedded broker, ${ur.size.toLocaleString('en')} devices, same run: ingest at saturation with every message read at`,
      'the edge (size, UTF-8, JSON, ranges, time window) against the same with the checks off (alternated, medians);',
      'one device flooding as fast as it can with the default limits (5/s, burst 50, cut off after 100 dropped in 10 s;',
      'it reconnects and floods again) while the others report every 10 s and commands run at 100/s; then 2 × 1,000',
      'sockets that never authenticate, each sending a CONNECT header that declares 256 MB and 64 KB of it.',
      '',
      '| Row | Result |',
      '| --- | --- |',
      `| Ingest with edge checks / without (medians) | ${Math.round(v.checked).toLocaleString('en')} / ${Math.round(v.unchecked).toLocaleString('en')} readings/s (${(v.ratio * 100).toFixed(0)}%; rounds ${v.rounds.checked.map((n) => Math.round(n).toLocaleString('en')).join(', ')} / ${v.rounds.unchecked.map((n) => Math.round(n).toLocaleString('en')).join(', ')}) |`,
      `| Flooding device | ${fl.floodSent.toLocaleString('en')} messages sent; the others' readings ${fl.othersStored.toLocaleString('en')} of ${fl.othersSent.toLocaleString('en')} stored; API RSS ${Math.round(fl.rssMb)} MB (${fl.rssGrowthMb >= 0 ? '+' : ''}${Math.round(fl.rssGrowthMb)} MB); command p99 ${f1(fl.p99)} ms vs ${f1(fl.quietP99)} ms quiet (${fl.errors} errors) |`,
      `| Unauthenticated oversized CONNECTs | ${so.closed.toLocaleString('en')} of ${so.opened.toLocaleString('en')} closed by the server; API RSS ${so.rssGrowthMb >= 0 ? '+' : ''}${Math.round(so.rssGrowthMb)} MB; command p99 ${f1(so.p99)} ms (${so.errors} errors; in the API p99 ${f1(so.apiP99)} ms, event loop max ${Math.round(so.apiLoopMax)} ms) |`,
      '',
      'Targets (issue 27):',
      verdict(
        v.ratio >= 0.9,
        `ingest with every message validated ≥ 90% of the rate without (${(v.ratio * 100).toFixed(0)}%)`,
      ),
      verdict(
        fl.othersStored === fl.othersSent && fl.p99 <= 2 * Math.max(fl.quietP99, 1),
        `a flooding device: the others' readings all stored (${fl.othersStored}/${fl.othersSent}) and command p99 within 2× of the quiet run (${f1(fl.p99)} vs ${f1(fl.quietP99)} ms)`,
      ),
      verdict(
        so.rssGrowthMb < 50 && so.errors === 0 && so.p99 <= 2 * Math.max(fl.quietP99, 1),
        `1,000 unauthenticated oversized CONNECTs: RSS growth under 50 MB (${Math.round(so.rssGrowthMb)} MB), commands unaffected: no errors (${so.errors}) and p99 within 2× of the quiet run (${f1(so.p99)} vs ${f1(fl.quietP99)} ms)`,
      ),
    );
  }
  lines.push(
    '',
    'Scaling past one machine: an EMQX cluster in front (the server as a privileged client, devices authorised through',
    '`/api/mqtt/auth` and `/api/mqtt/acl`), several API processes sharing the telemetry with a shared subscription',
    '(`$share/isaac/d/+/telemetry`; every process hears the acknowledgements and the one whose request waits',
    'resolves it, ADR 061),',
    'PostgreSQL with the readings partitioned by day (ADR 036) and, past one primary, readings on their own database.',
  );
  return lines.join('\n');
}

/**
 * Writes `heading`'s section of docs/benchmarks.md in place; a new one goes after the device plane's section
 * (or at the end).
 */
export function writeSection(body, heading = SECTION) {
  const text = existsSync(BENCH_FILE) ? readFileSync(BENCH_FILE, 'utf8') : '# Benchmarks\n';
  const end = (from, name) => {
    const next = text.indexOf('\n## ', from + name.length);
    return next >= 0 ? next + 1 : text.length;
  };
  let start = text.indexOf(`${heading}\n`);
  let stop = start >= 0 ? end(start, heading) : -1;
  if (start < 0) {
    const plane = text.indexOf(`${SECTION}\n`);
    start = stop = plane >= 0 ? end(plane, SECTION) : text.length;
  }
  const before = text.slice(0, start).replace(/\n*$/, '\n\n');
  const after = text.slice(stop);
  writeFileSync(BENCH_FILE, `${before}${body.trimEnd()}\n${after ? `\n${after}` : ''}`);
}

export const AUTOMATIONS_SECTION = '## Device plane (bench:devices --automations)';

/** Issue 33's section: homes that look after themselves (scripts/bench-devices/automations.mjs). */
export function automationsReport(r) {
  const cpus = os.cpus();
  const n = (v) => v.toLocaleString('en');
  const t = (v) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
  const row = (name, s, how) =>
    `| ${name} | ${n(s.n)} | ${t(s.p50)} | ${t(s.p95)} | ${t(s.p99)} | ${t(s.max)} | ${how} |`;
  const pct = (v) => `${v.toFixed(1)}%`;
  const phaseCpu = (p) =>
    `${pct(p.cpuPercent)} (API ${pct(p.apiMs / 10 / p.seconds)}, PostgreSQL ${pct(p.dbMs / 10 / p.seconds)}${p.vacuumMs ? ` of which autovacuum ${pct(p.vacuumMs / 10 / p.seconds)}` : ''}; ${Math.round(p.seconds)} s)`;
  const ingest = (r.off1.cpuPercent + r.off2.cpuPercent) / 2;
  const steady = r.watch.cpuPercent - ingest;
  const stress = r.on.cpuPercent - ingest;
  const ceiling = r.ceiling.cpuPercent - ingest;
  const runs = r.outcomes.reduce((sum, o) => sum + o.n, 0) - r.ceiling.runs;
  const perMinute = (count, p) => Math.round((count / p.seconds) * 60);
  const share = (v) => `${((v / ingest) * 100).toFixed(0)}%`;
  // The most the homes' automations can switch their purifiers, a minute.
  const ceilingPerMinute = Math.round((r.homes * r.togglesPerHour) / 60);
  const floorP99 = Math.max(r.floor.p99, 0.1);
  const verdict = (ok, text) => `- ${ok ? 'MET' : 'MISSED'}: ${text}`;
  const outcomes = r.outcomes.map((o) => `${o.kind} ${o.outcome} ${n(o.n)}`).join(', ');
  return [
    AUTOMATIONS_SECTION,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus.length} × ${cpus[0]?.model.trim()}; Node ${process.version}; PostgreSQL (local); embedded broker.`,
    `Command: \`npm run bench:devices -- --automations --devices ${r.size} --homes ${r.homes} --duration ${r.duration} --spikes ${r.spikeShare}\`${r.quick ? ' (--quick)' : ''}`,
    '(scripts/bench-devices/automations.mjs, header comment). The simulated devices run in the load generator, the API',
    'with its broker in its own process: the same shared 2-core machine carries both, and PostgreSQL.',
    '',
    `${n(r.size)} devices in ${n(r.homes)} homes (each: ${HOME_LAYOUT_TEXT}), ${n(r.connected)} connected in ${r.connectSeconds.toFixed(0)} s; every reporting`,
    `device sends a reading every 10 s (${n(r.rate)}/s). Each 10-s cycle ${(r.spikeShare * 100).toFixed(0)}% of the watched sensors spike to 160 µg/m³ for one`,
    'reading and come back to 30 (the watch re-arms). Five phases of the same telemetry: without automations; with',
    `${n(r.automations)} (per home: PM2.5 above 100 → the purifier on, off again when clean, at most ${r.togglesPerHour} switches an hour; every`,
    "day at one minute → the switch's first gang on, all homes at the same minute; the second purifier goes offline →",
    "a notification), steady (every reading judged, no spike, no schedule due); at the owners' ceiling (each cycle",
    `${(r.ceilingShare * 100).toFixed(2)}% of the watched sensors spike: every purifier switched as often as the highest limit an owner can set`,
    `allows, ${r.togglesPerHour} an hour); under stress (${(r.spikeShare * 100).toFixed(0)}% spike each cycle, and the minute all ${n(r.homes)} schedules are due); and`,
    'without again (disabled). The latencies are measured in the stress phase.',
    '',
    '| Measured (phase with automations) | n | p50 | p95 | p99 | max | How |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    row(
      'Reading stored → command published',
      r.storedToPublished,
      "API process: the batch's `device.readings_stored` → the purifier's `d/{id}/cmd/…` publish",
    ),
    row(
      'Reading sent → command received',
      r.sentToReceived,
      `load generator: the sensor's publish → the purifier's client receives the command (includes the ingest's 500 ms batching); ${n(r.spikes.sent)} spikes, ${n(r.spikes.unanswered)} unanswered (the API left ${n(r.spikes.storedNotPublished)} stored spikes unpaired: a second spike stored before the first one's command)`,
    ),
    row(
      '… stored → published, apart from the minute',
      r.storedToPublishedOutside,
      "the same, commands published before the schedules' minute or after the last switch had its command",
    ),
    row('… sent → received, apart from the minute', r.sentToReceivedOutside, 'the same for the home'),
    row(
      'Schedule: the minute → run started',
      r.scheduleStarted,
      `automation_runs.started_at − the minute (the job ticks every AUTOMATION_TICK_MS, 5 s by default)`,
    ),
    row(
      'Schedule: the minute → command received',
      r.scheduleReceived,
      `the switch's client receives its command; ${n(r.scheduleReceived.n)} of ${n(r.homes)}`,
    ),
    '',
    `Runs still under way when the phase's readings ended were waited for (${r.drainSeconds.toFixed(0)} s until none had been recorded for 3 s); their commands count above.`,
    `Floor in the same run: the bare broker's round trip p50 ${r.floor.p50.toFixed(1)} ms, p99 ${r.floor.p99.toFixed(1)} ms (stored → published p99 is ${(r.storedToPublished.p99 / floorP99).toFixed(0)}× it).`,
    `Runs recorded: ${outcomes}. Device trigger: ${r.offline.devices} watched purifiers went offline; ${r.offline.notified} homes were told,`,
    `the last ${r.offline.lastMs === null ? '—' : t(r.offline.lastMs)} after they left.`,
    '',
    'CPU, in % of one core, of the API process (process.cpuUsage) plus its PostgreSQL backends (their /proc CPU,',
    "sampled every 500 ms by pid from pg_stat_activity), over each phase's readings plus 2 s. The engine's CPU is a",
    'phase with automations minus the mean of the two without (everything the automations cause: lookups, watch',
    "writes, runs, commands and their acknowledgements, notifications); the ingest's is that mean (broker, ingest,",
    "auto mode, presence — the runner's lookup still runs without automations and finds none). Other work on this shared",
    'machine makes single phases noisy; the two phases without bracket the two with.',
    '',
    '| Phase | CPU |',
    '| --- | ---: |',
    `| Without automations | ${phaseCpu(r.off1)} |`,
    `| With automations, steady | ${phaseCpu(r.watch)} |`,
    `| With automations at the owners' ceiling (${n(r.ceiling.runs)} runs, ${n(perMinute(r.ceiling.runs, r.ceiling))}/min) | ${phaseCpu(r.ceiling)} |`,
    `| With automations, under stress (${n(runs)} runs, ${n(perMinute(runs, r.on))}/min) | ${phaseCpu(r.on)} |`,
    `| Without automations, again | ${phaseCpu(r.off2)} |`,
    `| Engine steady / ingest | ${pct(steady)} / ${pct(ingest)} = ${share(steady)} |`,
    `| Engine at the owners' ceiling / ingest | ${pct(ceiling)} / ${pct(ingest)} = ${share(ceiling)} |`,
    `| Engine under stress / ingest | ${pct(stress)} / ${pct(ingest)} = ${share(stress)} |`,
    '',
    `The stress phase runs ${n(perMinute(runs, r.on))} automations a minute, ${(perMinute(runs, r.on) / ceilingPerMinute).toFixed(0)}× the most these homes' automations can switch their`,
    `purifiers (${n(r.homes)} purifiers × ${r.togglesPerHour} an hour = ${n(ceilingPerMinute)} a minute) plus the daily minute of all schedules: it shows the`,
    "headroom and the latencies under it. The ceiling phase is the most the homes' own limits let their automations do.",
    '',
    'Targets (issue 33):',
    verdict(
      r.storedToPublished.p99 <= 1000 && r.storedToPublished.n > 0,
      `reading stored → command published p99 ≤ 1 s (${t(r.storedToPublished.p99)})`,
    ),
    verdict(
      r.sentToReceived.p95 <= 5000 && r.spikes.unanswered === 0,
      `as the home sees it, reading sent → purifier's command p95 ≤ 5 s (${t(r.sentToReceived.p95)}; ${r.spikes.unanswered} spikes unanswered)`,
    ),
    verdict(
      r.scheduleReceived.n === r.homes && r.scheduleReceived.max <= 5000,
      `schedules fire within 5 s of their minute (the last switch's command at ${t(r.scheduleReceived.max)}; ${n(r.scheduleReceived.n)} of ${n(r.homes)})`,
    ),
    verdict(
      steady / ingest <= 0.2,
      `the engine's CPU ≤ 20% of the ingest's, steady: every reading judged, no run (${share(steady)})`,
    ),
    verdict(
      ceiling / ingest <= 0.2,
      `the same at the owners' ceiling: every purifier switched ${r.togglesPerHour} times an hour, ${n(r.ceiling.runs)} runs in ${Math.round(r.ceiling.seconds)} s (${share(ceiling)})`,
    ),
    `- Headroom, not a target: under stress, ${n(runs)} runs in ${Math.round(r.on.seconds)} s, the engine's CPU is ${share(stress)} of the ingest's.`,
  ].join('\n');
}

const HOME_LAYOUT_TEXT =
  'a watched sensor, a purifier it switches, a purifier watched for going offline, a switch, a second sensor';
