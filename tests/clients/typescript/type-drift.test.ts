import { execFile } from "node:child_process";
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { defaultOAuthLimits } from "../../../src/config/config.ts";
import { openApiDocument } from "../../../src/discovery/openapi-document.ts";
import { projectRoot } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const run = promisify(execFile);
const clientDir = path.join(projectRoot, "clients", "typescript");

type Document = ReturnType<typeof openApiDocument>;
type Schema = { properties: Record<string, unknown>; required?: string[] };

/**
 * The client's sources compiled against types generated from `document`, as its build does
 * (openapi-typescript, then tsc): the exit status and what tsc said.
 */
async function compileAgainst(document: Document): Promise<{ code: number; output: string }> {
  const dir = tempDir("ludex-client-drift-");
  cpSync(path.join(clientDir, "src"), path.join(dir, "src"), { recursive: true, filter: (file) => !file.includes(`${path.sep}generated`) });
  for (const file of ["tsconfig.json", "package.json"]) cpSync(path.join(clientDir, file), path.join(dir, file));
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"));
  mkdirSync(path.join(dir, "src", "generated"));
  writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(document));
  const bin = (name: string, file: string): string => path.join(projectRoot, "node_modules", name, file);
  await run(process.execPath, [bin("openapi-typescript", "bin/cli.js"), "openapi.json", "--output", "src/generated/openapi.ts"], {
    cwd: dir,
  });
  try {
    await run(process.execPath, [bin("typescript", "bin/tsc"), "-p", "tsconfig.json", "--noEmit"], { cwd: dir });
    return { code: 0, output: "" };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, output: stdout };
  }
}

/** A copy of the current document with one member of a schema removed, as a careless change to the API would. */
function without(schemaName: string, member: string): Document {
  const document = structuredClone(openApiDocument("http://localhost:4321", defaultOAuthLimits));
  const schema = (document.components.schemas as Record<string, Schema>)[schemaName];
  if (!schema?.properties[member]) throw new Error(`${schemaName}.${member} is not in the document`);
  delete schema.properties[member];
  schema.required = schema.required?.filter((name) => name !== member);
  return document;
}

// What `npm test` relies on: the client's build regenerates its types, and a document change that breaks them fails the compile.
describe("the client's types follow the OpenAPI document", { timeout: 120_000 }, () => {
  it("compiles against the current document", async () => {
    expect(await compileAgainst(openApiDocument("http://localhost:4321", defaultOAuthLimits))).toEqual({ code: 0, output: "" });
  });

  it("fails to compile when a member it uses leaves the document", async () => {
    const result = await compileAgainst(without("ChangesPage", "next"));
    expect(result.code).not.toBe(0);
    // Only the code reading the removed member fails: the wrapper that follows `next` to the feed's end.
    const errors = result.output.split("\n").filter((line) => /error TS/.test(line));
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line).toMatch(/^src\/ludex-client\.ts\(\d+,\d+\): error TS\d+: /);
  });
});
