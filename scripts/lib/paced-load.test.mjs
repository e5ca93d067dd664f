import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from './paced-load.mjs';

/** A local server that records when each request arrived and answers after `delay(t)` ms. */
async function server(delay) {
  const arrivals = [];
  const s = http.createServer((req, res) => {
    const t = performance.now();
    arrivals.push({ t, path: req.url, auth: req.headers.authorization });
    setTimeout(() => res.end(req.url === '/missing' ? undefined : 'ok'), delay(t)).unref();
    if (req.url === '/missing') res.statusCode = 404;
  });
  await new Promise((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { s, arrivals, url: `http://127.0.0.1:${s.address().port}` };
}

let running;
afterEach(() => running?.s.close());

describe('pacedLoad', () => {
  it('sends requests evenly spaced at the rate, not in bursts, and builds each one from its index', async () => {
    running = await server(() => 1);
    const result = await pacedLoad({
      url: running.url,
      rate: 200,
      duration: 1,
      connections: 20,
      request: (i) => ({ path: `/r/${i}`, headers: { authorization: `Bearer ${i % 3}` } }),
    });
    expect(result.requests.total).toBe(200);
    expect(result.errors + result.timeouts + result.non2xx).toBe(0);
    expect(result.throughput.average).toBeGreaterThan(0);
    // Built from its index (the 20 sockets may deliver neighbours out of order on a busy machine).
    expect(running.arrivals.find((a) => a.path === '/r/7')).toMatchObject({ auth: 'Bearer 1' });
    // A per-second budget would send all 200 in the first few ms; evenly spaced, a 50 ms window holds
    // about 10. The bound leaves room for a quarter-second stall of a starved CPU (the whole test run shares
    // the cores), which holds requests back that then leave together: still far from a burst.
    const times = running.arrivals.map((a) => a.t);
    const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 50).length));
    expect(busiest).toBeLessThanOrEqual(50);
    expect(times.at(-1) - times[0]).toBeGreaterThan(900);
  });

  it("counts a stall against every request it delays (latency from each request's scheduled time)", async () => {
    let stallUntil = 0;
    running = await server((t) => {
      if (stallUntil === 0 && running.arrivals.length === 60) stallUntil = t + 250;
      return Math.max(1, stallUntil - t);
    });
    const result = await pacedLoad({
      url: running.url,
      rate: 200,
      duration: 1,
      connections: 4,
      request: () => ({ path: '/' }),
    });
    expect(result.requests.total).toBe(200);
    // ~50 requests are due during the 250 ms stall; with only 4 sockets, most of them wait for one. Timed from
    // when they were sent, they would look fast; timed from when they were due, a tenth take > 100 ms.
    expect(result.latency.p90).toBeGreaterThan(100);
    expect(result.latency.max).toBeGreaterThan(200);
    expect(result.latency.p50).toBeLessThan(50);
  });

  it('counts non-2xx answers and refused connections', async () => {
    running = await server(() => 1);
    const missing = await pacedLoad({
      url: running.url,
      rate: 100,
      duration: 0.2,
      connections: 2,
      request: () => ({ path: '/missing' }),
    });
    expect(missing).toMatchObject({ non2xx: 20, errors: 0 });
    running.s.close();
    await new Promise((resolve) => running.s.once('close', resolve));
    const refused = await pacedLoad({
      url: running.url,
      rate: 100,
      duration: 0.1,
      connections: 2,
      request: () => ({ path: '/' }),
    });
    expect(refused).toMatchObject({ errors: 10, requests: { total: 0 } });
  });
});
