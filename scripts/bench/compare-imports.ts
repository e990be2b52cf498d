/**
 * Compares two game databases made by `ludex import`, table by table, every row in primary-key
 * order (rowid order for a table without one), with the schema and `user_version`. Times of the
 * import itself (ISO timestamps in any text value: `imported_at`, `merged_at`, the review's
 * `importedAt`) are masked, as they differ between two runs of the same import. Exits 1 and names
 * the first differing row of each table when the databases differ.
 *
 * node scripts/bench/compare-imports.ts <a.db> <b.db>
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";

const ISO_TIME_RE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

interface TableDump {
  readonly rows: number;
  readonly sha256: string;
}

function orderOf(db: Database.Database, table: string): string {
  const columns = db.prepare<[], { name: string; pk: number }>(`SELECT name, pk FROM pragma_table_info('${table}')`).all();
  const keys = columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => `"${c.name}"`);
  const withoutRowid = /WITHOUT ROWID/i.test(
    db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = ?").get(table)?.sql ?? "",
  );
  return keys.length > 0 && withoutRowid ? keys.join(", ") : "rowid";
}

function normalised(value: unknown): unknown {
  if (typeof value === "string") return value.replace(ISO_TIME_RE, "<time>");
  if (typeof value === "bigint") return value.toString();
  if (Buffer.isBuffer(value)) return `x'${value.toString("hex")}'`;
  return value;
}

function* rowsOf(db: Database.Database, table: string): Generator<string> {
  const order = orderOf(db, table);
  const select =
    order === "rowid" ? `SELECT rowid AS "(rowid)", * FROM "${table}" ORDER BY rowid` : `SELECT * FROM "${table}" ORDER BY ${order}`;
  for (const row of db.prepare(select).raw().iterate() as IterableIterator<unknown[]>) yield JSON.stringify(row.map(normalised));
}

function tables(db: Database.Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((r) => r.name);
}

function schema(db: Database.Database): string {
  const objects = db
    .prepare<[], { type: string; name: string; sql: string | null }>("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
    .all();
  return JSON.stringify([db.pragma("user_version", { simple: true }), objects]);
}

function dump(db: Database.Database, table: string): TableDump {
  const hash = createHash("sha256");
  let rows = 0;
  for (const row of rowsOf(db, table)) {
    hash.update(row).update("\n");
    rows++;
  }
  return { rows, sha256: hash.digest("hex") };
}

/** The first row at which the two tables differ, with both sides. */
function firstDifference(a: Database.Database, b: Database.Database, table: string): string {
  const left = rowsOf(a, table);
  const right = rowsOf(b, table);
  try {
    for (let n = 1; ; n++) {
      const x = left.next();
      const y = right.next();
      if (x.done && y.done) return "no row differs";
      if (x.value !== y.value)
        return `row ${n}:\n    a: ${x.done ? "(none)" : x.value.slice(0, 400)}\n    b: ${y.done ? "(none)" : y.value.slice(0, 400)}`;
    }
  } finally {
    // The statements stay busy until their iterators end.
    left.return(undefined);
    right.return(undefined);
  }
}

function main(): number {
  const [fileA, fileB] = process.argv.slice(2);
  if (!fileA || !fileB) {
    console.error("usage: node scripts/bench/compare-imports.ts <a.db> <b.db>");
    return 2;
  }
  const a = new Database(fileA, { readonly: true, fileMustExist: true });
  const b = new Database(fileB, { readonly: true, fileMustExist: true });
  let differ = false;
  if (schema(a) !== schema(b)) {
    console.log("schema: differs");
    differ = true;
  } else console.log("schema: same");
  const names = [...new Set([...tables(a), ...tables(b)])].sort();
  for (const table of names) {
    if (!tables(a).includes(table) || !tables(b).includes(table)) {
      console.log(`${table}: only in ${tables(a).includes(table) ? "a" : "b"}`);
      differ = true;
      continue;
    }
    const x = dump(a, table);
    const y = dump(b, table);
    if (x.sha256 === y.sha256) {
      console.log(`${table}: same (${x.rows} rows, sha256 ${x.sha256.slice(0, 16)})`);
      continue;
    }
    differ = true;
    console.log(`${table}: DIFFERS (${x.rows} rows against ${y.rows}); first difference at ${firstDifference(a, b, table)}`);
  }
  a.close();
  b.close();
  console.log(differ ? "the databases differ" : "the databases hold the same rows");
  return differ ? 1 : 0;
}

process.exitCode = main();
