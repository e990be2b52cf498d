/** The entities XML predefines, which clrmamepro DATs converted from MAME's XML keep escaped ("&lt;unknown&gt;"). */
const PREDEFINED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** An XML entity or character reference: "&lt;", "&#39;", "&#x27;". @see https://www.w3.org/TR/xml/#sec-references */
const REFERENCE_RE = /&(?:([a-z]+)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;

/**
 * A DAT text with its XML references decoded: MAME 2010 credits 58 sets to "&lt;unknown&gt;", which
 * read literally names a maker "gt". Unknown names and code points outside Unicode stay as written.
 */
export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE_RE, (whole, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name !== undefined) return PREDEFINED[name.toLowerCase()] ?? whole;
    const code = Number.parseInt(dec ?? hex ?? "", dec === undefined ? 16 : 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
