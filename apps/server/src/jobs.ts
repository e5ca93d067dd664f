import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job of the API process: `run` every `everyMs` (and once at once with `immediately`), never
 * two runs at the same time (a run still going when the next is due makes that one skip), its failures
 * logged as `<name> failed`, its timer not keeping the process alive. Returns the function that stops it.
 */
export function every(
  name: string,
  everyMs: number,
  run: () => Promise<unknown>,
  log: FastifyBaseLogger,
  { immediately = false }: { immediately?: boolean } = {},
): () => void {
  let running = false;
  const once = () => {
    if (running) return;
    running = true;
    run()
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
