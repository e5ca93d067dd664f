import type { FastifyBaseLogger } from 'fastify';
import type { JobLeases } from './leases.ts';

/**
 * A background job of the API process: `run` every `everyMs` (and once at once with `immediately`), never
 * two runs at the same time (a run still going when the next is due makes that one skip), its failures
 * logged as `<name> failed`, its timer not keeping the process alive. Returns the function that stops it.
 *
 * With `leases` the job runs on one process of many (ADR 060): its lease is named after the job; each run
 * first re-checks (and renews) the lease in the database and is skipped when another process holds it. The
 * run is given `stillHeld()`, which a job working in steps asks between them so that a process that lost its
 * lease while working (it stalled past the lease) stops before writing more.
 */
export function every(
  name: string,
  everyMs: number,
  run: (stillHeld: () => boolean) => Promise<unknown>,
  log: FastifyBaseLogger,
  { immediately = false, leases }: { immediately?: boolean; leases?: JobLeases | null } = {},
): () => void {
  let running = false;
  leases?.register(name);
  const stillHeld = leases ? () => leases.holds(name) : () => true;
  const work = async () => {
    if (leases && !(await leases.claim(name))) return;
    await run(stillHeld);
  };
  const once = () => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  };
  if (immediately) once();
  const timer = setInterval(once, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
