/**
 * Mutation feedback in one place (ADR 020): every mutation of the back office declares, in its `meta`,
 * the toast to show when it succeeds, the fallback message of its failure toast (the server's message
 * comes first), and the query keys to refetch once it settles. The query client's MutationCache reads
 * that `meta` for every mutation, so an `api/*.ts` file holds the fetcher and the hook only, and a hook
 * adds its own callbacks only for what is particular to it (an optimistic update, a cache write).
 *
 * The cache's callbacks run before the hook's: the toast, then the hook's `onSuccess`/`onError`, then the
 * refetch of `invalidates` (awaited, so the mutation stays pending until the lists are fresh).
 */
import type { MutationCacheConfig, QueryClient, QueryKey } from '@tanstack/react-query';
import { errorMessage } from './api-client';
import { localiseMessage } from './i18n/messages';
import { toast } from './toast';

/**
 * A success toast: a message (a success toast) or a plain toast with an icon — and an `id` when repeats
 * should replace the one shown (its timer starts again) instead of stacking over the page.
 */
export type SuccessToast = string | { message: string; icon: string; id?: string };

export interface MutationFeedback extends Record<string, unknown> {
  /** The success toast, or a function of the result and the variables giving it (nothing: no toast). */
  success?: SuccessToast | ((data: never, variables: never) => SuccessToast | undefined);
  /** The failure toast when the server gives no message (spec section 8: server message first). */
  error?: string;
  /** Query key prefixes refetched after the mutation settles, whether it succeeded or failed. */
  invalidates?: readonly QueryKey[];
}

/*
 * Toasts in the language shown (ADR 073): the English of a `meta` message, or the server's English, is
 * replaced by its translation when a catalogue has it (lib/i18n/messages.ts); other texts show as given.
 */

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFeedback;
  }
}

/**
 * A mutation's feedback with its success function typed by the mutation's result and variables:
 * `meta: feedback<UpdateCheck, string>({ success: (result) => ..., error: MSG.updateCheckFailed })`.
 */
export function feedback<TData = unknown, TVariables = unknown>(meta: {
  success?: SuccessToast | ((data: TData, variables: TVariables) => SuccessToast | undefined);
  error?: string;
  invalidates?: readonly QueryKey[];
}): MutationFeedback {
  return meta as MutationFeedback;
}

function showSuccess(meta: MutationFeedback | undefined, data: unknown, variables: unknown): void {
  const success = meta?.success;
  const message =
    typeof success === 'function'
      ? (success as (data: unknown, variables: unknown) => SuccessToast | undefined)(data, variables)
      : success;
  if (message === undefined) return;
  if (typeof message === 'string') toast.success(localiseMessage(message));
  else {
    const { message: text, ...options } = message;
    toast.info(localiseMessage(text), options);
  }
}

/** Refetches (marks stale and refetches the active queries of) each key prefix. */
export async function invalidate(client: QueryClient, keys: readonly QueryKey[] = []): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** The MutationCache callbacks of the app's query client (lib/query-client.ts) and of the tests. */
export const mutationFeedback: MutationCacheConfig = {
  onSuccess: (data, variables, _onMutateResult, mutation) => {
    showSuccess(mutation.meta, data, variables);
  },
  onError: (error, _variables, _onMutateResult, mutation) => {
    const fallback = mutation.meta?.error;
    if (fallback !== undefined) toast.error(localiseMessage(errorMessage(error, fallback)));
  },
  onSettled: (_data, _error, _variables, _onMutateResult, mutation, context) =>
    invalidate(context.client, mutation.meta?.invalidates),
};
