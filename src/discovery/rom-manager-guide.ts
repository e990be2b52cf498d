import { KEEP_BUILDS, KEEP_DAYS } from "../catalog/changes/change-types.ts";
import { MAX_GROUP_LENGTH } from "../match/schema/item-fields.ts";

/**
 * How to hash each kind of file for `POST /api/v1/games/`, and what the catalog can recognise:
 * one list for llms-full.txt and the docs page (agent-guide.ts); docs/api.md says the same.
 */
export function fileHashingRules(): readonly string[] {
  return [
    "**Cartridge files** (`.sfc`, `.gba`, `.md`, …): hash the file exactly as on disk; send `sha1` (best), or `crc` with `size`, and `name`.",
    "**Headered cartridges**: NES (iNES), Atari 7800 and Lynx: send the hash of the file as it is, and the hash without its header (16, 128 and 64 bytes) as `headerless`; the catalog holds both the headered and the headerless dump. SNES files with a 512-byte copier header (size ≡ 512 mod 1024, often `.smc`): the DATs are headerless, so hash the file without its first 512 bytes.",
    "**`.zip` / `.7z`**: an archive's own hash never matches. Hash each file inside; for zip, the central directory already holds each member's CRC-32 and size (send `crc` and `size` without decompressing). `name` may be the member's name or the archive's (`.zip`/`.7z` suffixes are ignored when matching names).",
    "**`.cue` + `.bin` tracks**: send one item per `.bin` track with its hashes, and the `.cue` by `name` only (its text varies with file paths); give them all the same `group` (the `.cue` file name or folder). The libretro Redump DATs list one file per disc (the track libretro identifies discs by), so the other tracks are recognised by name only, and are `unknown` in the group when their names do not parse.",
    "**`.m3u` playlists**: never hash the playlist. Send every disc's files as items with `group` set to the `.m3u` name: the discs of one set count as one release in `groups` (the disc tag is ignored), so a three-disc game is `matched` with all its discs agreeing.",
    "**`.chd`**: the SHA-1s in a CHD header cover the whole disc's raw data (all tracks together; `sha1` adds the metadata), not one Redump track file, so they never match. Extract the tracks (`chdman extractcd`) and hash them, or send the file `name` and the disc `serial` (name, serial and title steps then apply).",
    "**`.iso`** (single-track discs: PS2, PSP, GameCube, …): hash the whole file; compressed images (`.cso`, `.rvz`, `.wbfs`, `.pbp`) do not hash like the DAT's dump: send `name` and `serial`.",
  ];
}

/** The ROM-manager workflow: groups, the change feed and the dumps. */
export function romManagerRules(base: string): readonly string[] {
  return [
    `**Artwork.** Add \`"artworkTypes": ["boxart", "snap", "title", "logo"]\` (any of them) to a match request, or read a record's \`artwork\`: per type, \`url\` to show and \`candidates\` to try in order when it fails to load (libretro-thumbnails names: the matched release's DAT name first, then the game's other releases, short names, an arcade clone's parent). \`verified: true\` means each link was checked against the thumbnail listing and a type without a file is left out; with \`false\`, try the links in order. A platform without a thumbnails folder has no \`artwork\`.`,
    `**Groups.** Items may carry \`group\` (any string up to ${MAX_GROUP_LENGTH} characters: the folder, \`.cue\` or \`.m3u\` they came from). The answer keeps one result per item and adds \`groups\`: per group, the release that explains the most items (\`match\`), with the items that \`agree\`, \`disagree\` and are \`unknown\`. \`status\` is \`matched\`, \`mixed\` (same game, some items fit only another release of it), \`conflict\` (different games: \`candidates\` lists them and nothing is picked) or \`notFound\`. A group never changes an item's result; an invalid item is \`unknown\` in its group.`,
    `**Dumps for offline matching.** \`GET ${base}/api/v1/dumps/\` lists one gzip NDJSON file per platform (first line a header, then one full game record per line) with \`url\`, \`version\`, \`sha256\`, \`bytes\` and \`records\`. Downloads resume with \`Range\` and \`If-Range\`; check the \`sha256\` (or run \`ludex dump verify <file>\`). A dump changes only when its platform's records change.`,
    `**Change feed.** Keep the listing's \`catalogVersion\` and later ask \`GET ${base}/api/v1/changes/?since=<catalogVersion>\`: the games added, removed, changed (with \`kinds\`: title, system, releases, roms, artwork, metadata) and merged (with \`into\`, the game whose record now answers for the id: \`GET /api/v1/games/?id=\` of a merged id is a 301 to it), paginated with \`next\`. Save the answer's \`catalogVersion\` for the next time. History covers at least ${KEEP_BUILDS} builds and ${KEEP_DAYS} days; an older or unknown \`since\` answers 410 \`changes-expired\`: download the dumps again. Every record's \`updatedAt\` is the build time of its last change.`,
  ];
}
