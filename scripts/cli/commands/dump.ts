import { readFileSync } from "node:fs";
import { verifyDump } from "../../../src/catalog/dumps/read-dump.ts";
import { dumpListingSchema, type DumpEntry } from "../../../src/catalog/dumps/dump-format.ts";
import { loadConfig } from "../../../src/config/config.ts";
import { problems } from "../../../src/core/problem.ts";
import type { Command } from "../command.ts";

async function readListing(source: string): Promise<DumpEntry[]> {
  let text: string;
  try {
    if (/^https?:\/\//.test(source)) {
      const res = await fetch(source, { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      text = await res.text();
    } else {
      text = readFileSync(source, "utf8");
    }
  } catch (error) {
    throw problems.usage(`${source}: ${(error as Error).message}`);
  }
  const parsed = dumpListingSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw problems.usage(`${source}: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data.dumps;
}

export const dumpCommand: Command = {
  name: "dump",
  usage: `Usage: ludex dump verify <file> [--listing URL|FILE] [--json]

Checks a downloaded platform dump against the dump listing: size, SHA-256, format, record
count and version. Exit code 0 when it matches, 1 when it does not.

Options:
  --listing URL|FILE  the listing (default: $PUBLIC_BASE_URL/api/v1/dumps/)
  --json              print the result as JSON`,
  options: { listing: { type: "string" }, json: { type: "boolean" } },
  async run({ values, positionals }) {
    const [action, file, ...extra] = positionals;
    if (action !== "verify" || file === undefined || extra.length > 0) {
      throw problems.usage(`expected \`verify <file>\`\n\n${this.usage}`);
    }
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch (error) {
      throw problems.usage(`${file}: ${(error as Error).message}`);
    }
    const listing = await readListing(typeof values.listing === "string" ? values.listing : `${loadConfig().publicBaseUrl}/api/v1/dumps/`);
    const check = verifyDump(data, listing);
    if (values.json) console.log(JSON.stringify(check, null, 2));
    else if (check.ok) console.log(`${file}: ok (${check.system}, ${check.records} records, ${check.bytes} bytes, sha256 ${check.sha256})`);
    else console.error(`${file}: does not match the listing\n${check.problems.map((p) => `  - ${p}`).join("\n")}`);
    return check.ok ? 0 : 1;
  },
};
