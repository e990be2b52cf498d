import path from "node:path";

/** What the linking reads of a release (a ReleaseDraft). */
export interface HackLinkable {
  readonly name: string;
  readonly source: string;
  readonly roms: readonly { readonly name?: string | undefined }[];
  readonly extra: { baseRelease?: string };
}

/** What {@link linkHacks} found: how many hacks it linked, and the names of those it could not, with why. */
export interface HackLinks {
  readonly hacks: number;
  readonly linked: number;
  readonly unlinked: readonly string[];
}

/**
 * Links each release of the hacks DAT to the release it modifies. The hacks DAT gives a hack the
 * rom name of the dump it patches ("Super Metroid (Japan, USA) (En,Ja).sfc") beside the patched
 * file's own hashes, so the name is the only evidence: it names the base when it is the file name
 * of another collection's release (Redump's "(Track 01).bin"), or, without its extension, the
 * release's DAT name (No-Intro's ".sfc" where the hack says ".smc"). Names are compared without
 * case; a name that matches nothing (a GoodTools name, the hack's own file) leaves the hack unlinked.
 */
export function linkHacks(releases: readonly HackLinkable[]): HackLinks {
  const byFile = new Map<string, HackLinkable>();
  const byName = new Map<string, HackLinkable>();
  for (const release of releases) {
    if (release.source === "hacks") continue;
    if (!byName.has(release.name.toLowerCase())) byName.set(release.name.toLowerCase(), release);
    for (const rom of release.roms) {
      const file = rom.name?.toLowerCase();
      if (file !== undefined && !byFile.has(file)) byFile.set(file, release);
    }
  }
  let hacks = 0;
  let linked = 0;
  const unlinked: string[] = [];
  for (const release of releases) {
    if (release.source !== "hacks") continue;
    hacks++;
    let base: HackLinkable | undefined;
    for (const rom of release.roms) {
      const file = rom.name?.toLowerCase();
      if (file === undefined) continue;
      base = byFile.get(file) ?? byName.get(path.basename(file, path.extname(file)));
      if (base) break;
    }
    if (base) {
      release.extra.baseRelease = base.name;
      linked++;
    } else {
      const files = release.roms.map((r) => r.name).filter((n): n is string => n !== undefined);
      unlinked.push(`${release.name} (${files.length > 0 ? `names ${files.map((f) => `"${f}"`).join(", ")}` : "names no file"})`);
    }
  }
  return { hacks, linked, unlinked };
}
