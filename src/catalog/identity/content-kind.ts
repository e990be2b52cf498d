import type { ParsedGameName } from "../names/parse-game-name.ts";

/**
 * What a record is. `game` is the default; the others are read from the DAT's own tags
 * (No-Intro and Redump mark them: "(DLC)", "(Addon)", "(Update)", "(Theme)", "(Avatar)",
 * "(Video)", "(Soundtrack)", "(Program)", "[BIOS]").
 * - `addon`: downloadable content, add-on and data disks, expansions, season passes;
 * - `update`: patches and title updates;
 * - `cosmetic`: themes and avatars;
 * - `application`: programs that are not games (test suites, utilities, channels);
 * - `video` and `music`: films, trailers and soundtracks published as software;
 * - `bios`: system firmware, never matched or merged as a game.
 * @see https://wiki.no-intro.org/index.php?title=Naming_Convention
 */
export const contentKinds = ["game", "addon", "update", "cosmetic", "application", "video", "music", "bios"] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The kinds that have a base game (`baseGameId`) when the catalog has it. */
export const attachedKinds: ReadonlySet<ContentKind> = new Set(["addon", "update", "cosmetic"]);

/** A tag, lower case and without a trailing number ("Update 2" → "update"), to its kind. */
const TAG_KINDS: ReadonlyMap<string, ContentKind> = new Map([
  ["dlc", "addon"],
  ["addon", "addon"],
  ["add-on", "addon"],
  ["expansion", "addon"],
  ["expansion pack", "addon"],
  ["season pass", "addon"],
  ["dlctrial", "addon"],
  ["update", "update"],
  ["title update", "update"],
  ["patch", "update"],
  ["theme", "cosmetic"],
  ["theme pack", "cosmetic"],
  ["static theme", "cosmetic"],
  ["dynamic theme", "cosmetic"],
  ["avatar", "cosmetic"],
  ["avatars", "cosmetic"],
  ["program", "application"],
  ["channel", "application"],
  ["application", "application"],
  ["web tv", "application"],
  ["map software", "application"],
  ["video", "video"],
  ["umd video", "video"],
  ["movie", "video"],
  ["soundtrack", "music"],
  ["music", "music"],
  ["audio", "music"],
  ["bios", "bios"],
]);

/** A tag's qualifier after its kind word: "Update 2", "Update - September 3", "Update 1.01". */
const TAG_QUALIFIER_RE = /\s+(?:-\s.*|\d[\d.]*)$/;
/** Titles that name an add-on or an update themselves, where the DAT gives no tag ("Battle Isle Data Disk I", "Mario Kart 7 - Update 1.1"). */
const ADDON_TITLE_RE = /\b(?:data|mission|scenario|expansion|tournament|course|discovery|construction)\s+(?:disks?|kit)\b/i;
const UPDATE_TITLE_RE = /\s-\s(?:title\s)?update\s+v?\d/i;
/** A store title that names a game's update data ("Durarara!! 3Way Standoff - Update Data"). */
const UPDATE_DATA_RE = /\s-\s(?:update data|title update)$/i;
/**
 * Titles that name a hardware test or diagnostic program ("Arkagis Revolution - Input Diagnostics",
 * "Atari PAM Diagnostics", "Lynx II Production Test Program", "240p Test Suite"): a word must name
 * what is tested, so a game's episode titled "Diagnostics" stays a game. Arcade test sets are read as MAME lists them.
 */
const TEST_PROGRAM_TITLE_RE = /\w\s+diagnostics?(?:\s+cartridge)?$|\btest\s+(?:program|cartridge|suite)$/i;
/** Arcade DATs name their BIOS sets in the title ("PGM (Polygame Master) System BIOS"). */
const BIOS_WORD_RE = /\bbios\b/i;

/**
 * Titles of store downloads that are not games, read on platforms whose DATs list an online
 * store's downloads under plain titles ({@link KindContext.storeTitles}), first match wins.
 * Firmware is `bios` even on a kiosk disc, so that no firmware is ever matched as a game.
 */
const STORE_TITLE_KINDS: readonly (readonly [RegExp, ContentKind])[] = [
  [/\b(?:firmware|FW|system software|system update|update dis[ck]|important update)\b|^IOS ?\d+$/i, "bios"],
  // In-store demo units (IDU), kiosk and experience discs, and their seasonal refreshes: shop software that runs demos and trailers.
  [
    /\bIDU\b|\b(?:kiosk|experience) dis[ck]\b|\b(?:spring|summer|fall|winter|holiday) refresh\b|\battract (?:wall|loop|mode)\b/i,
    "application",
  ],
  [/\bthemes?\b(?!\s+park)|\bavatars\b|\bavatar (?:pack|set)\b|\bwallpapers?\b/i, "cosmetic"],
  [/\bguide(?: ?book)?\b(?!\s+to\b)|\bmanual(?: and tips)?$|notebook\b/i, "application"],
  // The platform holders' own services and system software ("PlayStation Now", "Nintendo DSi Camera").
  [
    /^(?:PlayStation|Xbox|Nintendo(?: DSi| 3DS)?) (?:(?:Store|Shop)$|Now|Vue|Plus|Music|Video|Browser|Camera|Sound|Channel|Guide|Manual|Mobile|TV)\b/,
    "application",
  ],
  [/\b(?:media|music|video|mp3\S*|dvd|blu-ray|sports?|tv\w*|audio|movie|radio)\s+player\b/i, "application"],
  [
    /\b(?:browser|reader|visuali[sz]er|updater|installer|uninstaller|loader|patcher|dumper|calculator|editor|viewer|emulator|launcher|app|channel)$|\b(?:instant|prime|amazon|workout|music) videos?$/i,
    "application",
  ],
  // Broadcasters' and streaming apps: a channel number ("TV3", "TV 2 Sumo") or "TV" fused to a name ("NowTV", "MLB.TV").
  [/^TV ?\d+\b|\b[A-Z][a-z]+TV\b|\b\w+\.TV\b/, "application"],
  [/\bdictionar(?:y|ies)\b/i, "application"],
  // Homebrew names fuse the tool word to the name ("NWC24Editor", "Priibootergui", "GeckoOS", "WiiSX" for a PlayStation emulator): one word, no spaces.
  [
    /^[\w+.-]*?(?:[Ee]ditor|[Ll]oader|[Bb]ooter|[Ii]nstaller|[Ll]auncher|[Mm]anager|[Dd]umper|[Pp]atcher|[Bb]rowser|[Xx]plorer|[Ee]xtractor|[Cc]hecker|[Dd]ownloader|[Tt]oolbox|gui|GUI|[a-z0-9](?:OS|SX|Emu))$/,
    "application",
  ],
  // A pre-order bonus is content for its game ("FIFA 13 - EA Sports Football Club Pre-Order").
  [/\bpre-?order\b/i, "addon"],
];

/**
 * Streaming, broadcast, social and media services whose store apps are titled with the service's
 * own name ("YouTube", "Hulu Plus", "Amazon - LOVEFiLM", "IGN for PlayStation"): brand names, never
 * ids, read only as the whole title or its first words before {@link SERVICE_SUFFIX_WORDS} and a
 * subtitle, so that a game that starts with one ("Showtime Championship Boxing", "Sky Force") stays a game.
 */
const SERVICE_BRANDS: readonly string[] = [
  "4oD",
  "ABC iview",
  "Amazon",
  "BBC iPlayer",
  "Blockbuster",
  "Clan en Rtve.es",
  "Crackle",
  "Crunchyroll",
  "DAZN",
  "Demand 5",
  "Eurosport",
  "Facebook",
  "Filmbox",
  "Filmin",
  "Flickr",
  "HBO",
  "Hulu",
  "IGN",
  "Infinity",
  "LOVEFiLM",
  "Maxdome",
  "Movistar+",
  "MUBI",
  "Music Unlimited",
  "Napster",
  "Netflix",
  "NFL Sunday Ticket",
  "NHL GameCenter",
  "NicoNico",
  "NRK",
  "OCS",
  "Plex",
  "Qello",
  "Qriocity",
  "Rakuten",
  "Rakuten Showtime",
  "Red Bull TV",
  "Redbox",
  "Showtime",
  "Sky",
  "Sky Fan Pass",
  "Sky Italia",
  "Sky! On-Demand",
  "Skype",
  "Spotify",
  "Torne",
  "TuneIn",
  "TV from Sky",
  "Twitch",
  "U-Next",
  "Uke-Torne",
  "Vevo",
  "Viaplay",
  "Video Unlimited",
  "Vimeo",
  "VUDU",
  "Watchever",
  "WWE Network",
  "YLE Areena",
  "YouTube",
];

/** Words a service's app adds to its brand ("Hulu Plus", "Netflix Instant Streaming Disc", "VUDU Movies", "Qello HD Concerts"). */
const SERVICE_SUFFIX_WORDS = [
  "Plus",
  "Premium",
  "Instant",
  "Streaming",
  "Disc",
  "TV",
  "Movies",
  "Video",
  "Online",
  "Go",
  "Now",
  "Live",
  "HD",
  "Concerts",
  "Radio",
];

/**
 * Homebrew tools whose names are their own ("Nintendont", "WiiFlow Banner Downloader", "DIOS MIOS
 * Booter"): the title starts with one. Names distinctive enough that no game starts with them.
 */
const HOMEBREW_TOOLS: readonly string[] = [
  "DIOS MIOS",
  "Devolution",
  "Nintendont",
  "Priiloader",
  "RiiTag",
  "Sciifii",
  "USB Loader GX",
  "WiiFlow",
];

/**
 * Tool words read only on a homebrew collection's programs ({@link KindContext.homebrewSerials}),
 * where games rarely carry them and tools fuse them to a name ("Superdump", "MyMenuify",
 * "Multiboot", "ShutMiiReboot"); "lister" needs its word end because "BlisterBall" is a game.
 */
const HOMEBREW_WORD_RE =
  /manager|installer|loader|^load|load$|filter|dump|boot|menu|config|downloader|editor|clock|alarm|player|browser|channel|extractor|check|deleter|changer|remover|fixer|restorer|switch|modifier|tester|downgrader|updat|lister\b|sorter|enabler|creator|\btools?$|radio|reader|tracker|server|httpd|countdown/i;
/**
 * Homebrew emulator and system-tool name shapes, case kept: Nintendo's IOS ("cIOSFix", "BootIOS"),
 * "Gx"/"-GX" ports ("GxGeo", "HuGo-GX"), "Wii" fused to a system ("Wii2600", "WiiColEm") and
 * emulators known by their project's name ("Yabause", "NeoPopWii").
 */
const HOMEBREW_NAME_RE =
  /IOS|^Gx[A-Z]|-GX$|^Wii(?:\d{4}|ColEm|Apple|Handy|Mednafen|sixty|rtualBoy|VNC|Tweet)|^FTPii|^(?:NeoCD|NeoPop|Not64|VectrexWii|Xroar|Yabause|O2EM|Quasi88|Neko Project|DeSmuME|Dcvg5k|JzintvWii|Wii Virtual Jaguar|FBZX)/;

/** True for a title of a homebrew collection's program that names a tool or an emulator. */
export function homebrewToolTitle(title: string): boolean {
  return HOMEBREW_WORD_RE.test(title) || HOMEBREW_NAME_RE.test(title);
}

/**
 * Homebrew emulators known by the emulated system's or the project's name ("Snes9x TX", "Wii Stella",
 * "Sega: Genesis Plus GX"): read only as the whole title, with a port's platform word, because the
 * same words name games ("Stella Glow", "Quake").
 */
const HOMEBREW_EMULATORS: readonly string[] = [
  "Beebem",
  "BlueMSX",
  "DOSBox",
  "FCE Ultra",
  "FCEUX",
  "Frodo",
  "Genesis Plus",
  "Hatari",
  "Mame",
  "Mednafen",
  "Mupen64",
  "ScummVM",
  "Snes9x",
  "Stella",
  "UAE",
  "VisualBoyAdvance",
  "Wii64",
  "WiiSX",
];

/** A brand or a name inside a regular expression. */
function escapeName(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
}

const SERVICE_RE = new RegExp(
  `^(?:${SERVICE_BRANDS.map(escapeName).join("|")})(?:\\s+(?:${SERVICE_SUFFIX_WORDS.join("|")}))*(?:\\s+(?:-|on|for)\\s.*)?$`,
  "i",
);
const HOMEBREW_TOOL_RE = new RegExp(`^(?:${HOMEBREW_TOOLS.map(escapeName).join("|")})\\b`, "i");
const HOMEBREW_EMULATOR_RE = new RegExp(
  `^(?:(?:Wii|Sega:)\\s+)?(?:${HOMEBREW_EMULATORS.map(escapeName).join("|")})(?:[\\s-]+(?:Wii|GX|TX|Advanced|Mod))*$`,
  "i",
);

/**
 * Video magazines and shows published on a store as numbered episodes ("FirstPlay Episode 020",
 * "Qore 40 - September 2011"): `video`. Their demo releases carry their own tags ("(Qore Demo)") and
 * other titles, so they stay games.
 */
const VIDEO_SHOWS: readonly string[] = ["FirstPlay", "Qore"];
const VIDEO_SHOW_RE = new RegExp(`^(?:${VIDEO_SHOWS.map(escapeName).join("|")})\\s+(?:Episode\\s+)?\\d+\\b`, "i");

/** Which store-title class made a title other than a game, for the audit: the brand lists, then the title words. */
type StoreTitleClass = "service" | "video-show" | "homebrew-tool" | "title-words";

/** The class and kind the store title rules give a title, or undefined for a game. */
export function storeTitleKind(title: string): { readonly kind: ContentKind; readonly rule: StoreTitleClass } | undefined {
  for (const [re, kind] of STORE_TITLE_KINDS) if (re.test(title)) return { kind, rule: "title-words" };
  if (SERVICE_RE.test(title)) return { kind: "application", rule: "service" };
  if (VIDEO_SHOW_RE.test(title)) return { kind: "video", rule: "video-show" };
  if (HOMEBREW_TOOL_RE.test(title) || HOMEBREW_EMULATOR_RE.test(title)) return { kind: "application", rule: "homebrew-tool" };
  return undefined;
}

/**
 * A store item named after its game and then its own name, the game's title repeated first
 * ("Senran Kagura - Shinovi Versus - Senran Kagura - Shinovi Versus - Battle Ticket"): content for
 * that game. A title that is only repeated ("PlayStation Home - PlayStation Home") is the game itself.
 */
function namesItsGameTwice(title: string): boolean {
  const parts = title.split(" - ");
  for (let n = 1; 2 * n < parts.length; n++) {
    if (parts.slice(0, n).join(" - ") === parts.slice(n, 2 * n).join(" - ")) return true;
  }
  return false;
}

/**
 * Sony's content id at the start of a PSN package's file name, its label naming the WebMAF web-app
 * framework ("EP8811-NPEB02345_00-WEBMAF0000MINBIO_bg_1_….pkg"), which Sony gave streaming and
 * broadcasters' web apps; the product code is captured.
 */
const WEBMAF_CONTENT_ID_RE = /^[A-Z]{2}\d{4}-([A-Z]{4}\d{5})_\d{2}-WEBMAF/;

/** The product code of a WebMAF web app whose package one of these ROM names is, or undefined. */
export function webAppProductCode(romNames: readonly string[]): string | undefined {
  for (const name of romNames) {
    const code = WEBMAF_CONTENT_ID_RE.exec(name)?.[1];
    if (code) return code;
  }
  return undefined;
}

/** What decides a release's kind beyond its name: the platform's conventions. */
export interface KindContext {
  /** Arcade: BIOS sets are read from titles. */
  readonly arcade?: boolean;
  /** The platform's DATs list an online store's downloads (apps, themes, firmware) under plain titles: {@link STORE_TITLE_KINDS} apply. */
  readonly storeTitles?: boolean;
  /** Each DAT entry is a whole cartridge (a fantasy console): an "(Update N)" tag names a version of the game, never a patch. */
  readonly wholeCarts?: boolean;
  /** The serials the platform holder gives system channels and apps (Wii "HAxx"), matched against {@link KindContext.serial}. */
  readonly appSerials?: RegExp;
  /** The serials a homebrew collection gives its programs (libretro's Wii "Dxxx"): {@link homebrewToolTitle} applies to them. */
  readonly homebrewSerials?: RegExp;
  /** The release's serial, from its DAT entry. */
  readonly serial?: string;
  /** The release's ROM file names, where a PSN package's name carries Sony's content id ({@link webAppProductCode}). */
  readonly romNames?: readonly string[];
}

/**
 * The kind of one release, from its parsed name and its platform's conventions. The first tag that
 * names a kind wins, so "Game (Europe) (DLC) (Video)" is an add-on; then a title that names an
 * update or a data disk; arcade also reads "BIOS" in the title; store platforms read the words of
 * {@link STORE_TITLE_KINDS} and the platform holder's app serials.
 * `context` may be the old `arcade` flag alone.
 */
export function releaseKind(parsed: Pick<ParsedGameName, "title" | "flags" | "extra">, context: boolean | KindContext = {}): ContentKind {
  const ctx: KindContext = typeof context === "boolean" ? { arcade: context } : context;
  if (parsed.flags.includes("BIOS")) return "bios";
  // The name parser files a few kind tags ("Program") among its known flags, the others among its extra tags.
  for (const tag of [...parsed.flags, ...parsed.extra]) {
    if (ctx.arcade && ARCADE_PROGRAM_TAG_RE.test(tag) && !ARCADE_TEST_TITLE_RE.test(parsed.title)) continue;
    const kind = TAG_KINDS.get(tag.toLowerCase().replace(TAG_QUALIFIER_RE, ""));
    if (kind === "update" && ctx.wholeCarts) continue;
    if (kind) return kind;
  }
  if (ctx.arcade && BIOS_WORD_RE.test(parsed.title)) return "bios";
  if (UPDATE_TITLE_RE.test(parsed.title)) return "update";
  if (ADDON_TITLE_RE.test(parsed.title)) return "addon";
  if (!ctx.arcade && TEST_PROGRAM_TITLE_RE.test(parsed.title)) return "application";
  if (ctx.storeTitles) {
    const store = storeTitleKind(parsed.title);
    if (store) return store.kind;
    if (UPDATE_DATA_RE.test(parsed.title)) return "update";
    if (namesItsGameTwice(parsed.title)) return "addon";
  }
  if (ctx.appSerials && ctx.serial && ctx.appSerials.test(ctx.serial)) return "application";
  if (ctx.storeTitles && ctx.romNames && webAppProductCode(ctx.romNames)) return "application";
  if (ctx.homebrewSerials && ctx.serial && ctx.homebrewSerials.test(ctx.serial) && homebrewToolTitle(parsed.title)) return "application";
  return "game";
}

/** An arcade set's numbered program ("Gorf (Program 1)"): a version of the game's code, not an application. */
const ARCADE_PROGRAM_TAG_RE = /^program\s+\d/i;
/** An arcade board's test program, which its numbered program tag does not make a game ("MPU4 Unit Test (Program 2)"). */
const ARCADE_TEST_TITLE_RE = /\btest\b/i;

/** The tag PSN's DATs give a licence file (a ".rap" key) that unlocks a game or its content. */
const UNLOCK_KEY_TAG = "unlock key";

/** A release as {@link settleTitleKinds} reads it: the kinds of one platform's releases of one clean title. */
export interface TitleMember {
  kind: ContentKind;
  readonly parsed: Pick<ParsedGameName, "title" | "flags" | "extra">;
  readonly serial?: string | undefined;
}

/** Tags that say what a whole store title is ("(Web TV)" on one region's release of a broadcaster's app, "(Map Software)"). */
const TITLE_WIDE_TAG_RE = /^(?:web tv|map software)$/i;

/** True for a release whose tag says what its whole title is: the title's untagged releases take its kind ({@link settleTitleKinds}). */
export function hasTitleWideTag(parsed: TitleMember["parsed"]): boolean {
  return parsed.extra.some((tag) => TITLE_WIDE_TAG_RE.test(tag)) || parsed.flags.some((tag) => TITLE_WIDE_TAG_RE.test(tag));
}

function isUnlockKey(parsed: TitleMember["parsed"]): boolean {
  return (
    parsed.extra.some((tag) => tag.toLowerCase() === UNLOCK_KEY_TAG) || parsed.flags.some((tag) => tag.toLowerCase() === UNLOCK_KEY_TAG)
  );
}

/**
 * Settles the kinds of a store platform's releases of one clean title from what they say together
 * (one release's name or serial alone does not tell), changing `kind` in place:
 * - a title one of whose releases carries a tag naming the whole title ("ABC iView (Australia) (Web TV)")
 *   is of that release's kind, its untagged releases ("ABC iview (Europe)") too;
 * - a title whose every release is an "(Unlock Key)" is a licence for content, an `addon` (a key
 *   beside its game's trial or package is that game's own licence and stays in the game);
 * - with {@link KindContext.appSerials}: a title whose serialled releases all carry an app serial is
 *   an `application`, its releases without a serial too ("NHL Gamecenter (USA)" beside "NPUO00008");
 *   a title that also has a release with another serial, and that no name calls an app, is a game,
 *   the app serial a store item of it (a PSN theme "Destiny" beside the game's own serials).
 */
export function settleTitleKinds(members: readonly TitleMember[], context: KindContext): void {
  if (!context.storeTitles || members.length === 0) return;
  const tagged = members.find((m) => m.kind !== "game" && hasTitleWideTag(m.parsed));
  if (tagged) {
    for (const m of members) if (m.kind === "game") m.kind = tagged.kind;
    return;
  }
  if (members.every((m) => m.kind === "game" && isUnlockKey(m.parsed))) {
    for (const m of members) m.kind = "addon";
    return;
  }
  const app = context.appSerials;
  if (!app) return;
  const plain: KindContext = { ...context, appSerials: undefined, serial: undefined };
  /** Releases that are games but for an app serial. */
  const bySerial = members.filter(
    (m) => m.kind === "application" && m.serial !== undefined && app.test(m.serial) && releaseKind(m.parsed, plain) === "game",
  );
  if (bySerial.length === 0) return;
  const otherSerial = members.some((m) => m.kind === "game" && m.serial !== undefined && !app.test(m.serial));
  // A title its own names call an app ("Netflix (Europe) (Channel)") keeps its app-serial releases whatever a disc of it is.
  const namedApp = members.some((m) => m.kind === "application" && !bySerial.includes(m));
  if (!otherSerial) {
    for (const m of members) if (m.kind === "game") m.kind = "application";
  } else if (!namedApp) for (const m of bySerial) m.kind = "game";
}

/** True for a string that is a kind. */
export function isContentKind(value: string): value is ContentKind {
  return (contentKinds as readonly string[]).includes(value);
}
