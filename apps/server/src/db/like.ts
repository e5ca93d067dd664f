/** `text` for a LIKE pattern: its own %, _ and \ match literally (backslash is LIKE's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern matching values that contain `text` anywhere (served by trigram GIN indexes). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
