/**
 * A copy of `text` that holds nothing else: a string sliced from a larger one (V8 slices strings
 * of 13 chars or more) keeps all of that one alive, so a name read from a request body and kept
 * in a memo would keep the whole body. `JSON.stringify` and `JSON.parse` give the same chars in a
 * string of their own, lone surrogates included.
 */
export function ownString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
