import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";

export interface GameRow {
  id: number;
  platform: string;
  title: string;
}

/** Every game in a catalog database, for assertions. */
export function gamesIn(dbFile: string): GameRow[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare<[], GameRow>("SELECT id, platform, title FROM games ORDER BY id").all();
  } finally {
    db.close();
  }
}

/** Releases of one game with their rom count, in stored order. */
export function releasesOf(dbFile: string, gameId: number): { name: string; status: string; roms: number; serial: string | null }[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db
      .prepare<[number], { name: string; status: string; roms: number; serial: string | null }>(
        "SELECT r.name, r.status, r.serial, (SELECT count(*) FROM roms m WHERE m.release_id = r.id) AS roms FROM releases r WHERE r.game_id = ? ORDER BY r.id",
      )
      .all(gameId);
  } finally {
    db.close();
  }
}

export function sha256File(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}
