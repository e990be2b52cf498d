/** What a platform guess needs of a platform entry (GET /api/v1/games/ lists them). */
export interface PlatformNames {
  readonly id: string;
  readonly name: string;
  readonly libretroName: string;
  readonly aliases: readonly string[];
}

/**
 * Extensions that name one platform. Disc images (.cue, .bin, .iso, .chd) and archives name none:
 * their folder must.
 */
const platformByExtension: Readonly<Record<string, string>> = {
  nes: "nes",
  unf: "nes",
  fds: "fds",
  sfc: "snes",
  smc: "snes",
  swc: "snes",
  fig: "snes",
  gb: "gb",
  gbc: "gbc",
  gba: "gba",
  nds: "nds",
  n64: "n64",
  z64: "n64",
  v64: "n64",
  vb: "virtual-boy",
  md: "megadrive",
  gen: "megadrive",
  smd: "megadrive",
  "32x": "32x",
  sms: "sms",
  gg: "game-gear",
  sg: "sg-1000",
  pce: "pc-engine",
  a26: "atari-2600",
  a52: "atari-5200",
  a78: "atari-7800",
  lnx: "lynx",
  j64: "jaguar",
  ws: "wonderswan",
  wsc: "wonderswan-color",
  ngp: "neo-geo-pocket",
  ngc: "ngpc",
  col: "colecovision",
  int: "intellivision",
  vec: "vectrex",
  min: "pokemini",
};

/** Folder names emulation front-ends (ES-DE, RetroArch playlists) use that no alias spells. */
const platformByFolder: Readonly<Record<string, string>> = {
  famicom: "nes",
  sfc: "snes",
  genesis: "megadrive",
  mastersystem: "sms",
  gamegear: "game-gear",
  pcengine: "pc-engine",
  tg16: "pc-engine",
  atari2600: "atari-2600",
  atari5200: "atari-5200",
  atari7800: "atari-7800",
  atarilynx: "lynx",
  ps: "psx",
  ps1: "psx",
  psx: "psx",
  segacd: "sega-cd",
  megacd: "sega-cd",
  saturn: "saturn",
  dreamcast: "dreamcast",
  virtualboy: "virtual-boy",
  ngp: "neo-geo-pocket",
  ngpc: "ngpc",
};

/** A name reduced to lower-case letters and digits: "Atari 7800" and "atari7800" are one key. */
export function platformKey(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Guesses the platform of files from their folders and extensions, among the platforms a catalog has. */
export class PlatformGuesser {
  readonly #byKey = new Map<string, string>();
  readonly #known: ReadonlySet<string>;

  constructor(platforms: readonly PlatformNames[]) {
    this.#known = new Set(platforms.map((p) => p.id));
    for (const [folder, slug] of Object.entries(platformByFolder)) if (this.#known.has(slug)) this.#byKey.set(folder, slug);
    for (const p of platforms) {
      for (const name of [p.id, p.name, p.libretroName, ...p.aliases]) {
        const key = platformKey(name);
        if (key !== "" && !this.#byKey.has(key)) this.#byKey.set(key, p.id);
      }
    }
  }

  /** The platform named by a folder, or undefined. */
  folder(name: string): string | undefined {
    return this.#byKey.get(platformKey(name));
  }

  /** The platform an extension names, or undefined. */
  extension(fileName: string): string | undefined {
    const dot = fileName.lastIndexOf(".");
    if (dot < 0) return undefined;
    const slug = platformByExtension[fileName.slice(dot + 1).toLowerCase()];
    return slug !== undefined && this.#known.has(slug) ? slug : undefined;
  }

  /**
   * The platform of a file at `path` (`/`-separated, relative to the folder scanned): the nearest
   * folder that names one, else the extension (of the zip member when given), else undefined.
   */
  guess(path: string, memberName?: string): string | undefined {
    const parts = path.split("/");
    for (let i = parts.length - 2; i >= 0; i--) {
      const slug = this.folder(parts[i] ?? "");
      if (slug) return slug;
    }
    return this.extension(memberName ?? parts.at(-1) ?? "");
  }
}
