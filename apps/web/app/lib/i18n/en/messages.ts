import { API_MSG, MSG } from '@isaac/contract';
import type { NAME_MSG } from '@isaac/contract';

/** An object's texts (its messages that take no values). */
type Texts<T> = { [K in keyof T as T[K] extends string ? K : never]: T[K] };
function textsOf<T extends object>(messages: T): Texts<T> {
  return Object.fromEntries(
    Object.entries(messages).filter(([, value]) => typeof value === 'string'),
  ) as Texts<T>;
}

/**
 * The contract's fixed messages (namespace `messages`): the spec's words (MSG), the API's (API_MSG) and the
 * name rule's. The same English reaches the web as a toast, a server answer or a form rule; lib/i18n/
 * messages.ts finds a text here by its English and shows it in the language chosen.
 */
const messages = {
  msg: textsOf(MSG),
  api: textsOf(API_MSG),
  // Written out (the contract keeps it beside zod, which /login must not download); the type pins the words.
  name: {
    controlCharacters: 'Names cannot contain line breaks or control characters',
  } satisfies typeof NAME_MSG,
};

export default messages;
