/**
 * Characters a name shown to people must not carry: the bidirectional formatting controls, which
 * reorder the text around them (a client named "\u202eppa\u202c Ludex" reads backwards on the consent
 * page), and the zero-width characters, which make two different names look the same.
 * @see Unicode UAX #9 §2 (explicit directional formatting characters); Unicode TR #36 §2.4
 */
const invisible = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/** The first invisible character of `text` as `U+XXXX`, or undefined when it has none. */
export function invisibleCharacter(text: string): string | undefined {
  const found = invisible.exec(text)?.[0];
  return found === undefined ? undefined : `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}
