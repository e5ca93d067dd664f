// The parent's side of a row of `npm run bench:api`: the load it offers, the whole machine's CPU meanwhile,
// and the child processes it drives over IPC (scripts/bench-api.mjs, header comment).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pacedLoad } from '../lib/paced-load.mjs';
import { ENTRY, ROOT } from './shared.mjs';

/**
 * Whole-machine CPU from /proc/stat: call with no argument for a snapshot, then with it for the busy and
 * steal share (percent of all cores) in between — shows what else ran on the machine during a row.
 */
export function machineCpu(before) {
  let fields;
  try {
    fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return before ? { busy: null, steal: null } : null;
  }
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  const snapshot = { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait, steal };
  if (!before) return snapshot;
  if (!before.busy) return { busy: null, steal: null };
  const busy = snapshot.busy - before.busy;
  const total = busy + snapshot.idle - before.idle;
  const pct = (n) => (total > 0 ? Math.round((n / total) * 100) : null);
  return { busy: pct(busy), steal: pct(snapshot.steal - before.steal) };
}

/**
 * One row's load. At a fixed rate: open-loop, requests evenly spaced, latency from each one's scheduled
 * time (scripts/lib/paced-load.mjs, ADR 042). Saturating: autocannon, each connection sending its next
 * request as soon as the previous one is answered.
 */
export function load(autocannon, target, sample, { rate, connections, duration }) {
  let next = 0;
  const request = { method: target.method ?? 'GET', path: target.path };
  if (target.auth) {
    request.setupRequest = (req) => {
      next = (next + 1) % sample.tokens.length;
      const headers = { ...req.headers, authorization: `Bearer ${sample.tokens[next]}` };
      // A POST row sends the sampled owner's own body (voice: a QUERY or EXECUTE of that owner's devices).
      if (target.bodyKey) {
        return {
          ...req,
          headers: { ...headers, 'content-type': 'application/json' },
          body: sample[target.bodyKey][next],
        };
      }
      return { ...req, headers };
    };
  } else if (target.sessionInPath) {
    request.setupRequest = (req) => {
      next = (next + 1) % sample.sessionIds.length;
      return { ...req, path: `${target.path}${sample.sessionIds[next]}` };
    };
  }
  const url = `http://127.0.0.1:${target.port}`;
  if (rate > 0) {
    const base = { method: request.method, path: request.path, headers: {} };
    return pacedLoad({
      url,
      rate,
      duration,
      connections,
      request: () => (request.setupRequest ? request.setupRequest(base) : base),
    });
  }
  return autocannon({ url, connections, duration, requests: [request] });
}

/**
 * A child, driven over IPC: each call is `{id, cmd, args}` → `{id, result | error}`. `serve` is the API
 * (under tsx, with BENCH_NODE_ARGS); `floor` is the floor server (plain Node).
 */
export function startChild(env, role) {
  const child = fork(ENTRY, [`--${role}`], {
    cwd: ROOT,
    execArgv:
      role === 'serve'
        ? ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)]
        : [],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const pending = new Map();
  child.on('message', (message) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error));
    else waiter.resolve(message.result);
  });
  child.on('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`bench server exited (${code})`));
    pending.clear();
  });
  return {
    call(cmd, args = {}) {
      const id = ++seq;
      return new Promise((resolvePromise, reject) => {
        pending.set(id, { resolve: resolvePromise, reject });
        child.send({ id, cmd, args });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        await this.call('stop');
      } catch {
        // exited already
      }
      await exited;
    },
  };
}
