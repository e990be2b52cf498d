import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { GameRecord } from "@ludex/client";
import type { ScanEntry } from "./scan-report.ts";

/** One game of a gamelist.xml: the file ES-DE launches (relative to its system folder) and the record it matched. */
interface GamelistGame {
  readonly file: string;
  readonly record: GameRecord;
}

const escapes: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function xmlText(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped. @see XML 1.0 §2.2
  return text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "").replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/** ES-DE's date form, `YYYYMMDDT000000`; a missing month or day is the first. */
function releaseDate(record: GameRecord): string | undefined {
  if (record.releaseYear === undefined) return undefined;
  const month = String(record.releaseMonth ?? 1).padStart(2, "0");
  return `${String(record.releaseYear).padStart(4, "0")}${month}01T000000`;
}

function gameXml(game: GamelistGame): string {
  const { record } = game;
  const fields: [string, string | undefined][] = [
    ["path", `./${game.file}`],
    ["name", record.title],
    ["releasedate", releaseDate(record)],
    ["developer", record.developer],
    ["publisher", record.publisher],
    ["genre", record.genres?.join(", ")],
    ["players", record.players === undefined ? undefined : String(record.players)],
  ];
  // Artwork only when the build checked it against the thumbnail listing: an unverified link may not exist.
  if (record.artwork?.verified) {
    fields.push(["image", record.artwork.boxart?.url], ["thumbnail", record.artwork.snap?.url], ["marquee", record.artwork.logo?.url]);
  }
  const lines = fields
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([tag, value]) => `\t\t<${tag}>${xmlText(value as string)}</${tag}>`);
  return `\t<game>\n${lines.join("\n")}\n\t</game>\n`;
}

/** A gamelist.xml document. */
export function gamelistXml(games: readonly GamelistGame[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gameList>\n${games.map(gameXml).join("")}</gameList>\n`;
}

/**
 * The file ES-DE lists for an entry: the archive for a zip member, the sheet for a set's file,
 * else the file itself; relative to the scanned folder.
 */
function launchedFile(entry: ScanEntry): string {
  return entry.archive ?? entry.sheet ?? entry.path;
}

/**
 * Writes one ES-DE gamelist.xml per system folder (the first folder under the scanned one, as in
 * ES-DE's `ROMs/<system>/`) into `dir/<system>/gamelist.xml`, each file listed once with the record
 * of its first matched item; files directly in the scanned folder go into `dir/gamelist.xml`.
 * Each file is written whole, then renamed into place. Returns the files written.
 */
export async function writeGamelists(
  entries: readonly ScanEntry[],
  dir: string,
  record: (id: number) => Promise<GameRecord | undefined>,
): Promise<string[]> {
  const systems = new Map<string, Map<string, GamelistGame>>();
  for (const entry of entries) {
    const gameId =
      entry.result?.status === "matched"
        ? entry.result.match.gameId
        : entry.group?.status === "matched"
          ? entry.group.match?.gameId
          : undefined;
    if (gameId === undefined) continue;
    const file = launchedFile(entry);
    const slash = file.indexOf("/");
    const system = slash < 0 ? "" : file.slice(0, slash);
    const games = systems.get(system) ?? new Map<string, GamelistGame>();
    systems.set(system, games);
    if (games.has(file)) continue;
    const found = await record(gameId);
    if (found) games.set(file, { file: slash < 0 ? file : file.slice(slash + 1), record: found });
  }
  const written: string[] = [];
  for (const [system, games] of [...systems].sort(([a], [b]) => a.localeCompare(b))) {
    const target = path.join(dir, system, "gamelist.xml");
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(`${target}.tmp`, gamelistXml([...games.values()]));
    renameSync(`${target}.tmp`, target);
    written.push(target);
  }
  return written;
}
