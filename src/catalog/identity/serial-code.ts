/**
 * The region-free game code of a Nintendo product serial, which Nintendo keeps across the regions
 * of one product: SNES `SHVC-RX` (Japan), `SNS-RX-USA`, `SNSP-RX` (Europe); later systems a
 * four-character code whose last letter is the region (`NUS-NSME-USA`, `AGB-AMKE-USA`,
 * `CTR-P-ABEP`, GameCube and Wii discs `GXRE08`, `RMCP01`, Wii Virtual Console `JEBE`).
 */
export interface SerialCode {
  /** The code without its region letter ("RX", "ARX", "NSM"). */
  readonly code: string;
  /** True for the two-character SNES codes, which Nintendo's early catalogue reused; they need more evidence. */
  readonly short: boolean;
}

const PREFIXED_RE =
  /^(?:DL-)?(?:SHVC|SNS|SNSP|SFC|DMG|CGB|AGB|NTR|TWL|CTR|KTR|NUS|DOL|RVL|WUP|VUE|MGB)-(?:[A-Z]-)?([A-Z0-9]{3})[A-Z](?:-[A-Z]{3})?$/;
const SNES_SHORT_RE = /^(?:SHVC|SNS|SNSP)-(?:P-)?([A-Z0-9]{2})(?:-[A-Z]{3})?$/;
/**
 * GameCube, Wii and Wii U disc and channel ids: three characters, the region, and an optional
 * two-character maker code. The maker is part of the code: fan-made custom discs reuse a retail
 * game's three characters under their own maker ("RGGE52" is not "RGGJAF").
 */
const DISC_ID_RE = /^([A-Z0-9]{3})[A-Z]([A-Z0-9]{2})?$/;
const DISC_ID_PLATFORMS: ReadonlySet<string> = new Set(["gamecube", "wii", "wii-u"]);

/** The game code of `serial` on `platform`, or undefined when the serial has no region-free code. */
export function serialCode(serial: string, platform: string): SerialCode | undefined {
  const s = serial.trim().toUpperCase();
  const prefixed = PREFIXED_RE.exec(s);
  if (prefixed?.[1]) return { code: prefixed[1], short: false };
  const short = SNES_SHORT_RE.exec(s);
  if (short?.[1]) return { code: short[1], short: true };
  if (DISC_ID_PLATFORMS.has(platform)) {
    const disc = DISC_ID_RE.exec(s);
    if (disc?.[1]) return { code: disc[2] ? `${disc[1]}/${disc[2]}` : disc[1], short: false };
  }
  return undefined;
}
