/**
 * The catalogues (ADR 073): one per language and namespace, `en/<ns>.ts` and `hi/<ns>.ts`. English holds
 * the spec's texts word for word; every other language is typed against it, so a key missing from Hindi
 * (or one English no longer has) fails `npm run typecheck`.
 */

/** A translation of the English catalogue `T`: each of its keys, each text a string (plural forms too). */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/**
 * The namespaces: what one area needs, so a page loads only its own texts (English with the area's code,
 * Hindi as a chunk of its own when chosen). `messages` translates the contract's fixed English messages
 * (toasts, server answers, form rules), keyed by the English text itself.
 */
export const NAMESPACES = ['common', 'auth', 'account', 'owner', 'electrician', 'messages'] as const;
export type Namespace = (typeof NAMESPACES)[number];
