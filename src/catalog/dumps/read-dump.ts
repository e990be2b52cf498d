import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { isProblem, type Problem, problems } from "../../core/problem.ts";
import type { GameRecord } from "../record/game-record.ts";
import { dumpHeaderSchema, type DumpEntry, type DumpHeader } from "./dump-format.ts";

export interface ReadDump {
  readonly header: DumpHeader;
  readonly records: GameRecord[];
}

function invalidDump(detail: string): Problem {
  return problems.invalidDump(detail);
}

/** Decompresses and parses a dump file: its header (checked against the format) and its records, with their count checked. */
export function readDump(data: Buffer): ReadDump {
  let text: string;
  try {
    text = gunzipSync(data).toString("utf8");
  } catch (error) {
    throw invalidDump(`not a complete gzip file (${(error as Error).message})`);
  }
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const [first, ...rest] = lines;
  let header: DumpHeader;
  try {
    const parsed = dumpHeaderSchema.safeParse(JSON.parse(first ?? ""));
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    header = parsed.data as DumpHeader;
  } catch (error) {
    throw invalidDump(`line 1 is not a dump header: ${(error as Error).message}`);
  }
  const records = rest.map((line, i) => {
    try {
      return JSON.parse(line) as GameRecord;
    } catch {
      throw invalidDump(`line ${i + 2} is not JSON`);
    }
  });
  if (records.length !== header.records)
    throw invalidDump(`the header announces ${header.records} records, the file holds ${records.length}`);
  return { header, records };
}

export interface DumpCheck {
  readonly ok: boolean;
  readonly problems: string[];
  readonly system: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly records: number;
}

/** Checks a downloaded dump against its entry in the listing: size, SHA-256, format, record count and version. */
export function verifyDump(data: Buffer, listing: readonly DumpEntry[]): DumpCheck {
  const sha256 = createHash("sha256").update(data).digest("hex");
  const faults: string[] = [];
  let header: DumpHeader | undefined;
  let records = 0;
  try {
    const read = readDump(data);
    header = read.header;
    records = read.records.length;
  } catch (error) {
    faults.push(isProblem(error) ? (error.detail ?? error.title) : String(error));
  }
  const entry = listing.find((d) => d.system === header?.system) ?? listing.find((d) => d.sha256 === sha256);
  if (!entry) faults.push(`no dump in the listing for ${header?.system ?? "this file"}`);
  else {
    if (entry.bytes !== data.length) faults.push(`size ${data.length} bytes, the listing says ${entry.bytes}`);
    if (entry.sha256 !== sha256) faults.push(`sha256 ${sha256}, the listing says ${entry.sha256}`);
    if (header && entry.version !== header.version) faults.push(`version ${header.version}, the listing says ${entry.version}`);
    if (header && entry.records !== records) faults.push(`${records} records, the listing says ${entry.records}`);
  }
  return { ok: faults.length === 0, problems: faults, system: header?.system ?? entry?.system ?? "", sha256, bytes: data.length, records };
}
