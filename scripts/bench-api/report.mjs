// The report of `npm run bench:api`: each row's median round, the targets met or missed, and the mode's
// subsection of docs/benchmarks.md ('## API (HTTP load)').
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { adminMode } from './admin.mjs';
import { electricianMode } from './electrician.mjs';
import {
  DEVICES_PER_OWNER,
  OWNER_ENDPOINTS,
  ownerMode,
  RATIO_ENDPOINTS,
  ROOMS_PER_OWNER,
  TARGET_RATIO,
  TOKEN_SAMPLE,
} from './owner.mjs';
import { BENCH_FILE, dbName, fmt, ms, pct, POOL_MAX, SECTION } from './shared.mjs';
import { voiceMode } from './voice.mjs';

/** Every mode, by name; the subsections of the section in this order. */
export const MODES = {
  saturate: ownerMode(true),
  rate: ownerMode(false),
  admin: adminMode,
  electrician: electricianMode,
  voice: voiceMode,
};
const SUBSECTIONS = Object.values(MODES).map((mode) => mode.subsection);

/**
 * One run per (database, size, endpoint): the round with the median throughput, carrying the range of
 * the endpoint's ratio to the floor over the rounds (each round's ratio is to that round's floor).
 */
export function medianRuns(runs) {
  const groups = new Map();
  for (const r of runs) {
    const key = `${r.driver}|${r.size}|${r.endpoint}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort((x, y) => x.rps - y.rps);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    const ratios = group.map((r) => r.ratio).filter((x) => x !== null && x !== undefined);
    return {
      ...median,
      rounds: group.length,
      ratioMin: ratios.length > 0 ? Math.min(...ratios) : null,
      ratioMax: ratios.length > 0 ? Math.max(...ratios) : null,
    };
  });
}

/** The targets, met or missed, as report lines. */
export function verdicts({ mode, runs, rate }) {
  const lines = [];
  if (mode.name === 'saturate') {
    for (const driver of ['postgres', 'pglite']) {
      const rows = runs.filter(
        (r) => r.driver === driver && RATIO_ENDPOINTS.includes(r.endpoint) && r.ratio !== null,
      );
      if (rows.length === 0) continue;
      const missed = rows.filter((r) => r.ratio < TARGET_RATIO);
      const list = (rs) =>
        rs.map((r) => `\`${r.endpoint}\` at ${fmt(r.size)} devices ${pct(r.ratio)}`).join('; ');
      lines.push(
        missed.length === 0
          ? `- MET on ${dbName(driver)}: ${list(rows)}.`
          : `- MISSED on ${dbName(driver)}: ${list(missed)}${missed.length < rows.length ? ` (met: ${list(rows.filter((r) => r.ratio >= TARGET_RATIO))})` : ''}.`,
      );
    }
    return lines;
  }
  const targetP99 = mode.targetP99;
  const pgRows = runs.filter((r) => r.driver === 'postgres' && mode.targetEndpoints.includes(r.endpoint));
  if (pgRows.length > 0) {
    const missed = pgRows.filter((r) => r.p99 > targetP99);
    const worst = pgRows.reduce((w, r) => (w === null || r.p99 > w.p99 ? r : w), null);
    lines.push(
      missed.length === 0
        ? `- MET on PostgreSQL: worst p99 ${ms(worst.p99)} (\`${worst.endpoint}\` at ${fmt(worst.size)} devices).`
        : `- MISSED on PostgreSQL: ${missed.map((r) => `\`${r.endpoint}\` at ${fmt(r.size)} devices p99 ${ms(r.p99)}`).join('; ')}.`,
    );
    for (const r of missed) {
      // A stall of the API process's event loop as long as the tail means the tail is a pause, not query cost.
      if (r.apiLoopMax >= r.p99 / 2) {
        lines.push(
          `  \`${r.endpoint}\` at ${fmt(r.size)}: its tail coincides with a ${ms(r.apiLoopMax)} stall of the API event loop ` +
            `(load generator: ${ms(r.generatorLoopMax)}; p50 ${ms(r.p50)}, p90 ${ms(r.p90)}; machine busy ${r.machineBusy}%).`,
        );
      }
    }
  }
  if (mode.name !== 'rate') return lines;
  const pgliteRows = runs.filter((r) => r.driver === 'pglite' && OWNER_ENDPOINTS.includes(r.endpoint));
  if (pgliteRows.length > 0) {
    const short = pgliteRows.filter((r) => r.rps < 0.95 * rate);
    lines.push(
      short.length === 0
        ? `- MET on PGlite: every owner endpoint sustains ${fmt(rate)} req/s (worst p99 ${ms(Math.max(...pgliteRows.map((r) => r.p99)))}).`
        : `- MISSED on PGlite: ${short.map((r) => `\`${r.endpoint}\` at ${fmt(r.size)} devices ${fmt(Math.round(r.rps))} req/s`).join('; ')}.`,
    );
  }
  return lines;
}

export function report({
  mode,
  runs: allRuns,
  plans,
  seeding,
  rate,
  duration,
  connections,
  sizes,
  rounds,
  pgVersion,
  pgliteVersion,
  totalSeconds,
  command,
}) {
  const runs = medianRuns(allRuns);
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}; Node ${process.version}`;
  const lines = [mode.subsection, ''];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; PostgreSQL ${pgVersion || 'n/a'} (local, node-postgres pool of ${POOL_MAX}); PGlite ${pgliteVersion || 'n/a'} (embedded, in the API process).`,
    `Command: \`${command}\`; total run ${totalSeconds} s.`,
    '',
  );
  if (mode.name === 'saturate') {
    lines.push(
      `autocannon drives each row as fast as ${connections} connections go (no rate: a connection sends its next request when`,
      `the previous one is answered) for ${duration} s after a 2 s warm-up. Each database's floor runs first, then the endpoints, back`,
      `to back${rounds > 1 ? `, ${rounds} rounds in a row; each row is the endpoint's median round, its ratio range over the rounds in brackets` : ''}.`,
      "The floor is what any authenticated request costs at least: a bare Fastify app doing the session lookup's read (the",
      `session joined with its user by primary key, a named prepared statement) through a node-postgres pool of ${POOL_MAX} — in its own`,
      'process on PostgreSQL (the API process idle meanwhile); on PGlite a route of the bare app in the API process on the same',
      'PGlite instance (one connection, its data directory locked by that process). "Of the floor" is the endpoint\'s throughput',
      "over the floor's in the same run. CPU is the process serving the row (one core = 100%); CPU per request is that",
      "process's CPU time over the requests it answered, which other work on the machine moves less than throughput.",
      '',
      '| Database | Devices in table | Endpoint | Throughput | Of the floor | p50 | p99 | Errors | Non-2xx | CPU | CPU per request | Loop delay max: server / load generator | Machine busy (steal) |',
      '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const r of runs) {
      const ratio =
        r.floor || r.ratio === null
          ? r.floor
            ? '100%'
            : '—'
          : `${pct(r.ratio)}${r.rounds > 1 ? ` (${pct(r.ratioMin)}–${pct(r.ratioMax)})` : ''}`;
      lines.push(
        `| ${dbName(r.driver)} | ${fmt(r.size)} | \`${r.endpoint}\` | ${fmt(Math.round(r.rps))} req/s | ${ratio} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx} | ${r.apiCpu}% | ${r.cpuPerRequestUs ?? '?'} µs | ${ms(r.apiLoopMax)} / ${ms(r.generatorLoopMax)} | ${r.machineBusy ?? '?'}% (${r.machineSteal ?? '?'}%) |`,
      );
    }
    lines.push(
      '',
      `Target: \`${RATIO_ENDPOINTS.join('` and `')}\` at saturation ≥ ${pct(TARGET_RATIO)} of the floor in the same run.`,
      ...verdicts({ mode, runs, rate }),
    );
    return lines.join('\n');
  }

  lines.push(
    `An open-loop generator sends ${fmt(rate)} req/s evenly spaced (one every ${(1000 / rate).toFixed(1)} ms, whether or not earlier ones are answered)`,
    `over at most ${connections} keep-alive connections for ${duration} s per row (after a 2 s warm-up); each latency runs from the request's`,
    `scheduled time to the end of its response, so queueing and stalls count (ADR 042); throughput counts response bodies${rounds > 1 ? `; ${rounds} rounds, each row is the endpoint's median round` : ''}.`,
    'The bare Fastify route (`GET /bare` → `{ok:true}`, no plugins) and the floor (see the saturation table) are references.',
    'API CPU is the process serving the row (one core = 100%); loop delay max is the longest event-loop pause of that process and',
    'of the load generator (a pause in both at once is the machine, e.g. other work scheduled over both cores);',
    'machine busy is all cores, this benchmark (API, PostgreSQL, load generator) and anything else running, with the VM steal share.',
    'Throughput below the offered rate (marked *) means saturation.',
    '',
    '| Database | Devices in table | Endpoint | p50 | p90 | p99 | max | Throughput | Errors | Non-2xx | CPU | Loop delay max: server / load generator | Machine busy (steal) |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of runs) {
    lines.push(
      `| ${dbName(r.driver)} | ${fmt(r.size)} | \`${r.endpoint}\` | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${fmt(Math.round(r.rps))} req/s${r.rps < 0.95 * r.rate ? '*' : ''} (${(r.bytes / 1024).toFixed(0)} KB/s) | ${r.errors} | ${r.non2xx} | ${r.apiCpu}% | ${ms(r.apiLoopMax)} / ${ms(r.generatorLoopMax)} | ${r.machineBusy ?? '?'}% (${r.machineSteal ?? '?'}%) |`,
    );
  }
  lines.push('');
  lines.push(
    `Seeding (generate_series, then VACUUM ANALYZE and CHECKPOINT): ${seeding.map((s) => `${s.driver} → ${fmt(s.devices)} devices in ${(s.ms / 1000).toFixed(1)} s`).join('; ')}.`,
  );
  lines.push('');
  lines.push(...mode.dataset({ rate }), ...verdicts({ mode, runs, rate }));
  if (sizes.length > 1) {
    const small = sizes[0];
    const large = sizes[sizes.length - 1];
    for (const driver of ['postgres', 'pglite']) {
      const parts = [];
      for (const endpoint of mode.targetEndpoints) {
        const a = runs.find((r) => r.driver === driver && r.size === small && r.endpoint === endpoint);
        const b = runs.find((r) => r.driver === driver && r.size === large && r.endpoint === endpoint);
        if (a && b)
          parts.push(`\`${endpoint}\` p50 ${ms(a.p50)} → ${ms(b.p50)}, p99 ${ms(a.p99)} → ${ms(b.p99)}`);
      }
      if (parts.length > 0)
        lines.push(`- ${dbName(driver)}, ${fmt(small)} → ${fmt(large)} devices: ${parts.join('; ')}.`);
    }
  }
  lines.push('');
  lines.push(
    `Query plans (EXPLAIN ANALYZE of the exact SQL the services send${mode.name === 'admin' ? '' : ' for one sampled owner'}, captured through a Drizzle logger; scan nodes, planning and execution time):`,
    '',
  );
  for (const p of plans) {
    lines.push(`- ${dbName(p.driver)}, ${fmt(p.size)} devices:`);
    for (const q of p.plans) lines.push(`  - ${q.label}: ${q.summary}`);
  }
  lines.push(
    '',
    'PGlite runs the database inside the API process (one WASM thread shared with request handling), so it is the',
    'embedded single-process option, not the one the latency target is set for.',
    `A ${duration} s row holds ~${fmt(rate * duration)} requests, so a single ~100 ms pause of the API process (descheduled by other`,
    'work on the machine, or a rare long GC) is enough to move its p99.',
  );
  return lines.join('\n');
}

/** The common head of the section: what every row measures (each mode rewrites only its subsection). */
const SECTION_INTRO = [
  SECTION,
  '',
  `Dataset: owners with ${DEVICES_PER_OWNER} devices (isaac, lumos ×2, skywalker, isaac) and ${ROOMS_PER_OWNER} rooms each (3 devices in rooms),`,
  'firmware per type, seeded with generate_series (then VACUUM ANALYZE and CHECKPOINT) and grown between the sizes. Requests',
  `rotate over real sessions of ${TOKEN_SAMPLE} owners (the same owners at every size), so each request passes the whole stack:`,
  "JWT check, session lookup, RBAC, the query, zod response serialisation. The sessions' last activity is spread over the",
  "minute, as real traffic's is, so the auth hook's once-a-minute last_seen_at write does not fire for all of them at once.",
  'The load runs in the parent process, the API in a child (`scripts/bench-api.mjs`, header comment; its parts in `scripts/bench-api/`): autocannon when saturating,',
  'an open-loop paced generator at a fixed rate (`scripts/lib/paced-load.mjs`, ADR 042).',
  'The machine is a shared 2-core VM (other work may run at the same time): compare rows of the same run, not runs.',
  'What was slow before and what changed: ADR 017 (docs/decisions/017-request-path.md).',
  '',
].join('\n');

/** Replaces `subsection` (and the section's intro) in docs/benchmarks.md, keeping the other mode's subsection. */
export function writeSection(subsection, body) {
  let text = existsSync(BENCH_FILE) ? readFileSync(BENCH_FILE, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(`${SECTION}\n`);
  const kept = new Map();
  let after = '';
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + SECTION.length);
    const old = text.slice(start, next >= 0 ? next : text.length);
    after = next >= 0 ? text.slice(next) : '';
    text = text.slice(0, start);
    for (const heading of SUBSECTIONS) {
      const at = old.indexOf(`${heading}\n`);
      if (at < 0) continue;
      const end = old.indexOf('\n### ', at + heading.length);
      kept.set(heading, old.slice(at, end >= 0 ? end : old.length).trimEnd());
    }
  } else {
    text = `${text.replace(/\n*$/, '\n')}\n`;
  }
  kept.set(subsection, body.trimEnd());
  const parts = SUBSECTIONS.filter((h) => kept.has(h)).map((h) => kept.get(h));
  text = `${text}${SECTION_INTRO}\n${parts.join('\n\n')}\n${after}`;
  writeFileSync(BENCH_FILE, text.replace(/\n{3,}/g, '\n\n'));
}
