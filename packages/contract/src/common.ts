import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_ORDERS, type SortOrder } from './constants.ts';

export const idSchema = z.string().min(1);
export const idParamsSchema = z.object({ id: idSchema });

/** Every list takes page (default 1) and a bounded page_size. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * THE sort of every list (issue 31): `sort` names one of the list's sortable columns (the names the list
 * shows, as the response spells them), `order` is `asc` or `desc`; both default to the list's natural order.
 * The server maps each name to a column (`sortedBy` in the server's `db/pagination.ts`) and always adds the
 * row id as a tie-break, so pages never repeat or skip a row. Extend a list's query with it:
 * `pageQuerySchema.extend(sortQueryShape(['name', 'created_at'], 'created_at', 'desc'))`.
 */
export function sortQueryShape<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaultSort: C[number],
  defaultOrder: SortOrder,
) {
  return {
    sort: z.enum(columns).default(defaultSort),
    order: z.enum(SORT_ORDERS).default(defaultOrder),
  };
}
export type SortQuery<C extends string = string> = { sort: C; order: SortOrder };

export const pageMetaSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * THE list response shape (every paged list: devices, rooms, orders, contact messages, …):
 * `{ [key]: items, page, page_size, total }`, the items under the name the spec gives the list.
 */
export function listResponseSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return pageMetaSchema.extend({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>);
}

export const messageResponseSchema = z.object({ message: z.string() });

/** Non-blank trimmed text. */
export const requiredText = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

/**
 * C0 and C1 control characters and DEL (CR, LF, TAB, NUL, ESC, U+0085…): never part of a name. A name is
 * copied into e-mail subjects and bodies, the activity log, invoices and CSV exports (issue 29).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point (issue 29)
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
export const NAME_MSG = {
  controlCharacters: 'Names cannot contain line breaks or control characters',
} as const;

/**
 * The one schema of every name field (issue 29): non-blank trimmed text of at most `max` characters with
 * no control character anywhere (checked before trimming: a trailing CR/LF is refused, not trimmed away).
 * `personName` for people (buyers, users, signers, quote customers); `displayName` for the names people give
 * things (devices, rooms, switches, clients).
 */
export const personName = (requiredMessage = 'Name is required', max = 120) =>
  z
    .string()
    .refine((value) => !CONTROL_CHARACTERS.test(value), NAME_MSG.controlCharacters)
    .trim()
    .min(1, requiredMessage)
    .max(max);
export const displayName = personName;
