import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../helpers/paths.ts";

const configSource = readFileSync(path.join(projectRoot, "src", "config", "config.ts"), "utf8");
const configDoc = readFileSync(path.join(projectRoot, "docs", "configuration.md"), "utf8");

/** The variables config.ts reads: the keys of its environment schema, and any `env.NAME` / `e.NAME` it reads besides. */
function configVariables(): Map<string, string> {
  const schema = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(configSource)?.[1];
  if (!schema) throw new Error("src/config/config.ts: envSchema = z.object({ … }) not found");
  const variables = new Map<string, string>();
  // Each key starts a line at two spaces; its definition runs to the next key.
  const keys = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*): ([\s\S]*?)(?=\n {2}[A-Z][A-Z0-9_]*: |(?![\s\S]))/gm)];
  for (const [, name, definition] of keys) if (name) variables.set(name, definition ?? "");
  for (const [, name] of configSource.matchAll(/\b(?:env|e)\.([A-Z][A-Z0-9_]*)\b/g))
    if (name && !variables.has(name)) variables.set(name, "");
  return variables;
}

/** The rows of the table under a `## ` heading of docs/configuration.md: variable name → default cell. */
function documentedVariables(headingStart: string): Map<string, string> {
  const section = configDoc.split(/^## /m).find((part) => part.startsWith(headingStart));
  if (!section) throw new Error(`docs/configuration.md: no section "## ${headingStart}…"`);
  const rows = new Map<string, string>();
  for (const [, name, defaultCell] of section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm))
    if (name) rows.set(name, defaultCell ?? "");
  return rows;
}

/** A literal `.default(…)` of a schema entry (a number or a string), as the doc writes it; undefined when computed. */
function literalDefault(definition: string): string | undefined {
  const literal = /\.default\((?:(\d[\d_]*)|"([^"]+)")\)/.exec(definition);
  if (!literal) return undefined;
  return literal[1] !== undefined ? literal[1].replaceAll("_", "") : literal[2];
}

describe("docs/configuration.md", () => {
  const variables = configVariables();
  const documented = documentedVariables("Variables of the server and the commands");

  it("finds the variables of src/config/config.ts, each with its schema", () => {
    expect(variables.size).toBeGreaterThan(20);
    for (const [name, definition] of variables) expect(definition, name).toMatch(/^(?:z\s*\.|[a-z]\w*,?$)/i);
    expect(literalDefault(variables.get("LUDEX_MAX_HEADER_BYTES") ?? "")).toBe("16384");
    expect([...variables.keys()]).toContain("PORT");
    expect([...variables.keys()]).toContain("LUDEX_SECRET");
  });

  it("documents every variable src/config/config.ts reads, and no other", () => {
    const missing = [...variables.keys()].filter((name) => !documented.has(name));
    const extra = [...documented.keys()].filter((name) => !variables.has(name));
    expect(missing, "read by config.ts, missing from docs/configuration.md").toEqual([]);
    expect(extra, "in docs/configuration.md, not read by config.ts").toEqual([]);
  });

  it("gives each literal default as config.ts sets it", () => {
    for (const [name, definition] of variables) {
      const value = literalDefault(definition);
      if (value === undefined) continue;
      expect(documented.get(name), `${name} defaults to ${value}`).toContain(`\`${value}\``);
    }
  });

  it("names the launcher's variables only where scripts/ludex.js reads them", () => {
    const launcher = readFileSync(path.join(projectRoot, "scripts", "ludex.js"), "utf8");
    const launcherVariables = documentedVariables("Variables of the `ludex` launcher");
    expect(launcherVariables.size).toBeGreaterThan(0);
    for (const name of launcherVariables.keys()) {
      expect(variables.has(name), `${name} is listed as a launcher variable but config.ts reads it`).toBe(false);
      expect(launcher, `scripts/ludex.js reads ${name}`).toContain(name);
    }
  });
});
