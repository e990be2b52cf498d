import { CHAR } from "../core/char-codes.ts";

const { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } = CHAR;

/**
 * Deepest nesting of arrays and objects a request body of the agent endpoints may have. Their
 * messages nest six levels at most (an A2A data part's value starts at the sixth); the SDKs
 * validate values recursively and overflow the stack a few thousand levels down.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when well-formed JSON text nests arrays and objects deeper than `max` levels (the top-level
 * array or object is level 1). A single pass over the brackets outside strings, without recursion,
 * so no depth can overflow it.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

/** The refusal's message, the same on every agent surface. */
export function tooDeepMessage(max: number): string {
  return `the request nests arrays and objects deeper than ${max} levels`;
}
