/**
 * Collections whose entries give way to No-Intro across platforms: the Lost Level Archive files
 * Game Boy Color dumps under Game Boy, and a GBA collection's extracts under GBA, where No-Intro
 * lists the same dump as a game of its own platform.
 */
export const DEFERS_TO_NO_INTRO: ReadonlySet<string> = new Set(["lost-level-archive"]);

const SHA1 = Buffer.from("sha1");
const HEX_LENGTH = 40;

function isHexByte(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66));
}

/**
 * Calls `visit` with every SHA-1 a DAT's bytes write (`sha1 HEX` in clrmamepro, `sha1="HEX"` in
 * Logiqx), lowercased. A byte scan, not a parse: it runs over every No-Intro DAT on each import.
 */
export function visitSha1s(data: Buffer, visit: (sha1: string) => void): void {
  for (let at = data.indexOf(SHA1); at >= 0; at = data.indexOf(SHA1, at + SHA1.length)) {
    let start = at + SHA1.length;
    if (data[start] === 0x3d) start++;
    if (data[start] !== 0x20 && data[start] !== 0x09 && data[start] !== 0x22) continue;
    start++;
    if (data[start] === 0x22) start++;
    let end = start;
    while (end < start + HEX_LENGTH && isHexByte(data[end])) end++;
    if (end - start === HEX_LENGTH && !isHexByte(data[end])) visit(data.toString("latin1", start, end).toLowerCase());
  }
}

/** A DAT file read for its platform: its collection and its bytes. */
export interface DumpSource {
  readonly platform: string;
  readonly collection: string;
  readonly data: Buffer;
}

/**
 * Per platform, the dumps of its {@link DEFERS_TO_NO_INTRO} entries that No-Intro lists on another
 * platform, sorted: the import leaves those entries to the other platform's record.
 */
export function foreignNoIntroDumps(sources: readonly DumpSource[]): Map<string, string[]> {
  const wanted = new Map<string, Set<string>>();
  for (const source of sources) {
    if (!DEFERS_TO_NO_INTRO.has(source.collection)) continue;
    visitSha1s(source.data, (sha1) => {
      let platforms = wanted.get(sha1);
      if (!platforms) wanted.set(sha1, (platforms = new Set()));
      platforms.add(source.platform);
    });
  }
  const found = new Map<string, Set<string>>();
  if (wanted.size === 0) return new Map();
  for (const source of sources) {
    if (source.collection !== "no-intro") continue;
    visitSha1s(source.data, (sha1) => {
      for (const platform of wanted.get(sha1) ?? []) {
        if (platform === source.platform) continue;
        let dumps = found.get(platform);
        if (!dumps) found.set(platform, (dumps = new Set()));
        dumps.add(sha1);
      }
    });
  }
  return new Map([...found].map(([platform, dumps]) => [platform, [...dumps].sort()]));
}
