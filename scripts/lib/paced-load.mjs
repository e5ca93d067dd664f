// Open-loop HTTP load at a constant arrival rate, for "latency at N req/s" (ADR 042).
//
// Request i is due at start + i / rate: the driver sends every request when it is due whether or not
// earlier ones have been answered (an open model, as k6's constant-arrival-rate or wrk2), over a keep-alive
// pool of at most `connections` sockets (a request that finds them all busy waits for one, as a real
// client pool does). Each latency runs from the request's scheduled time to the end of its response, so a
// stall of the server (or of this process) counts against every request it delays — no coordinated
// omission. A closed-loop generator with a per-second budget (autocannon's `overallRate`) instead sends
// each second's requests back to back at the start of the second, so its "latency at N req/s" is the
// latency of bursts of `connections` concurrent requests.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** A request that has no answer after this long counts as an error (autocannon's default timeout). */
const TIMEOUT_MS = 10_000;

/**
 * @param {object} options
 * @param {string} options.url base address (http://host:port)
 * @param {number} options.rate requests per second, evenly spaced
 * @param {number} options.duration seconds
 * @param {number} options.connections the most sockets open at once
 * @param {(i: number) => {method?: string, path: string, headers?: Record<string, string>, body?: string}} options.request
 *   the i-th request
 * @returns {Promise<{latency: {p50: number, p90: number, p99: number, max: number}, requests: {average: number,
 *   total: number, sent: number}, throughput: {average: number}, errors: number, timeouts: number, non2xx: number,
 *   lateSends: number}>} latencies in ms (0.1 ms), throughput in bytes/s; lateSends counts requests this process
 *   sent more than 1 ms after they were due (its own lag, already inside their latencies)
 */
export function pacedLoad({ url, rate, duration, connections, request }) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const total = Math.max(1, Math.round(rate * duration));
  const latencies = [];
  let sent = 0;
  let settled = 0;
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  let bytes = 0;
  let lateSends = 0;
  let lastEnd = 0;
  const start = performance.now();

  return new Promise((resolve) => {
    const settle = (intended, outcome) => {
      const end = performance.now();
      lastEnd = Math.max(lastEnd, end);
      if (outcome === 'error') errors += 1;
      else if (outcome === 'timeout') timeouts += 1;
      else {
        latencies.push(end - intended);
        if (outcome < 200 || outcome > 299) non2xx += 1;
      }
      settled += 1;
      if (settled === total) finish();
    };

    const fire = (i) => {
      const intended = start + i * interval;
      if (performance.now() - intended > 1) lateSends += 1;
      const spec = request(i);
      let done = false;
      const once = (outcome) => {
        if (done) return;
        done = true;
        settle(intended, outcome);
      };
      const req = http.request(
        { hostname, port, method: spec.method ?? 'GET', path: spec.path, headers: spec.headers, agent },
        (res) => {
          res.on('data', (chunk) => {
            bytes += chunk.length;
          });
          res.on('end', () => once(res.statusCode ?? 0));
          res.on('error', () => once('error'));
        },
      );
      req.setTimeout(TIMEOUT_MS, () => {
        once('timeout');
        req.destroy();
      });
      req.on('error', () => once('error'));
      req.end(spec.body);
    };

    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) fire(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };

    const finish = () => {
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const at = (q) =>
        latencies.length === 0 ? 0 : latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)];
      const round = (n) => Math.round(n * 10) / 10;
      const seconds = Math.max(duration, (lastEnd - start) / 1000);
      resolve({
        latency: { p50: round(at(0.5)), p90: round(at(0.9)), p99: round(at(0.99)), max: round(at(1)) },
        requests: { average: latencies.length / seconds, total: latencies.length, sent },
        throughput: { average: bytes / seconds },
        errors,
        timeouts,
        non2xx,
        lateSends,
      });
    };

    tick();
  });
}
