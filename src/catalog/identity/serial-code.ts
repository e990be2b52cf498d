/**
 * The region-free game code of a Nintendo product serial, which Nintendo keeps across the regions
 * of one product: SNES `SHVC-RX` (Japan), `SNS-RX-USA`, `SNSP-RX` (Europe); later systems a
 * four-character code whose last letter is the region (`NUS-NSME-USA`, `AGB-AMKE-USA`,
 * `CTR-P-ABEP`), also written bare (`NSME`, GameCube and Wii discs `GXRE08`, Wii Virtual Console
 * `JEBE`). Fan-made discs reuse retail ids, so only retail No-Intro and Redump serials are evidence
 * (src/catalog/import/assemble-games.ts).
 */
export interface SerialCode {
  /** The code without its region letter ("RX", "ARX", "NSM"). */
  readonly code: string;
  /** True for the two-character SNES codes, which Nintendo's early catalogue reused; they need more evidence. */
  readonly short: boolean;
}

const PREFIXED_RE =
  /^(?:DL-)?(SHVC|SNS|SNSP|SFC|DMG|CGB|AGB|NTR|TWL|CTR|KTR|NUS|DOL|RVL|WUP|VUE|MGB)-(?:[A-Z]-)?([A-Z0-9]{3})[A-Z](?:-[A-Z]{3})?$/;
/** Prefixes of one code space: the SNES regions share theirs; a Game Boy and a Game Boy Color code are different games ("DMG-AD3J", "CGB-AD3J"). */
const FAMILY: Readonly<Record<string, string>> = { SHVC: "SNES", SNS: "SNES", SNSP: "SNES", SFC: "SNES", KTR: "CTR" };
/** Codes Nintendo's tools and the DATs use as placeholders for unknown products. */
const PLACEHOLDER_RE = /^(?:0+|AGB|ZZZ|XXX)$/;
const SNES_SHORT_RE = /^(?:SHVC|SNS|SNSP)-(?:P-)?([A-Z0-9]{2})(?:-[A-Z]{3})?$/;
/**
 * A bare product id, as No-Intro writes it for most Nintendo systems and as discs carry it: three
 * characters, the region, and on GameCube and Wii discs a two-character maker code ("NETE",
 * "AMKE", "RMCE01"). It is read in the code space of its platform.
 */
const BARE_ID_RE = /^([A-Z0-9]{3})[A-Z](?:[A-Z0-9]{2})?$/;
const BARE_ID_FAMILIES: Readonly<Record<string, string>> = {
  gb: "DMG",
  gbc: "CGB",
  gba: "AGB",
  nds: "NTR",
  dsi: "TWL",
  n64: "NUS",
  "virtual-boy": "VUE",
  gamecube: "DOL",
  wii: "RVL",
  "wii-u": "WUP",
  "3ds": "CTR",
  "new-3ds": "CTR",
};

/** GameCube and Wii codes starting with D are demo and distribution discs, whose codes each region reuses for other contents. */
function isDemoDisc(family: string, code: string): boolean {
  return (family === "DOL" || family === "RVL") && code.startsWith("D");
}

/** The game code of `serial` on `platform`, or undefined when the serial has no region-free code. */
export function serialCode(serial: string, platform: string): SerialCode | undefined {
  const s = serial.trim().toUpperCase();
  const prefixed = PREFIXED_RE.exec(s);
  if (prefixed?.[1] && prefixed[2]) {
    const prefixFamily = FAMILY[prefixed[1]] ?? prefixed[1];
    if (PLACEHOLDER_RE.test(prefixed[2]) || isDemoDisc(prefixFamily, prefixed[2])) return undefined;
    return { code: `${prefixFamily}-${prefixed[2]}`, short: false };
  }
  const short = SNES_SHORT_RE.exec(s);
  if (short?.[1]) return { code: `SNES-${short[1]}`, short: true };
  const family = BARE_ID_FAMILIES[platform];
  const bare = family ? BARE_ID_RE.exec(s) : null;
  if (family && bare?.[1] && !PLACEHOLDER_RE.test(bare[1]) && !isDemoDisc(family, bare[1]))
    return { code: `${family}-${bare[1]}`, short: false };
  return undefined;
}
