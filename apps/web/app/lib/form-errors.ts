import { ApiError } from '~/lib/api-client';

/**
 * The field errors a failed save carries: a 400's details go on the fields they name, and so do a 409's
 * when it names them (an admin's "this e-mail is taken"); a 409 without such details (a duplicate) goes
 * on `conflictField`. Fields not in `fields` are dropped (the toast still says what went wrong).
 */
export function serverFieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
  conflictField?: F,
): Array<[F, string]> {
  if (!(err instanceof ApiError)) return [];
  const known = (path: string): path is F => (fields as readonly string[]).includes(path);
  const out: Array<[F, string]> = [];
  if ((err.status === 400 || err.status === 409) && err.details) {
    for (const detail of err.details) {
      const path = detail.path.replace(/^body[./]/, '').split(/[./]/)[0] ?? '';
      if (known(path) && !out.some(([f]) => f === path)) out.push([path, detail.message]);
    }
  }
  if (out.length === 0 && err.status === 409 && conflictField) {
    return [[conflictField, err.serverMessage ?? 'Already in use']];
  }
  return out;
}
