import { ApiError } from '~/lib/api-client';

/**
 * The field errors a failed save carries: a 409 (a duplicate) goes on `conflictField`, a 400's details go
 * on the fields they name. Fields not in `fields` are dropped (the toast still says what went wrong).
 */
export function serverFieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
  conflictField?: F,
): Array<[F, string]> {
  if (!(err instanceof ApiError)) return [];
  const known = (path: string): path is F => (fields as readonly string[]).includes(path);
  if (err.status === 409 && conflictField) {
    return [[conflictField, err.serverMessage ?? 'Already in use']];
  }
  if (err.status === 400 && err.details) {
    const out: Array<[F, string]> = [];
    for (const detail of err.details) {
      const path = detail.path.replace(/^body[./]/, '').split(/[./]/)[0] ?? '';
      if (known(path) && !out.some(([f]) => f === path)) out.push([path, detail.message]);
    }
    return out;
  }
  return [];
}
