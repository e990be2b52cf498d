const NON_ASCII = /[\u0080-\uffff]/;

/**
 * `text`'s UTF-8 bytes as a string of one char per byte, which `Buffer.from(s, "latin1")` turns
 * back into exactly those bytes. Text joined from such pieces stays a one-byte string in V8, and
 * its bytes are a copy; one piece outside Latin-1 would make the whole joined string UTF-16, whose
 * UTF-8 encoding is many times slower. ASCII text is returned as it is.
 */
export function utf8AsLatin1(text: string): string {
  return NON_ASCII.test(text) ? Buffer.from(text, "utf8").toString("latin1") : text;
}
