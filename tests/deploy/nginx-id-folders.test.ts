import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recordFile } from "../../src/catalog/build/build-catalog.ts";
import { siteFiles } from "../../src/site/site-paths.ts";
import { projectRoot } from "../helpers/paths.ts";

/**
 * The template's map lines for one URL form: the regex (as nginx reads it) and the file it names.
 * The map's key is "$request_method:$uri?$args", so a page request without a query ends in "?".
 */
function mapLines(template: string, urlStart: string): { pattern: RegExp; target: string }[] {
  const out: { pattern: RegExp; target: string }[] = [];
  for (const line of template.split("\n")) {
    const m = /^\s*"~(\^\(\?:GET\|HEAD\):[^"]+)"\s+(\S+);$/.exec(line);
    if (m?.[1]?.startsWith(`^(?:GET|HEAD):${urlStart}`) && m[2]) out.push({ pattern: new RegExp(m[1]), target: m[2] });
  }
  return out;
}

/** The file the first matching map line names for `request`, as nginx would resolve it. */
function mapped(lines: { pattern: RegExp; target: string }[], request: string): string | undefined {
  for (const { pattern, target } of lines) {
    const m = pattern.exec(request);
    if (m) return target.replace(/\$(\d)/g, (_, n: string) => m[Number(n)] ?? "");
  }
  return undefined;
}

describe("the nginx template's id folders", () => {
  const template = readFileSync(path.join(projectRoot, "deploy", "nginx", "ludex.conf.template"), "utf8");
  const ids = [1, 9, 42, 999, 1000, 1001, 99_999, 112_886, 140_249, 1_000_000, 999_999_999_999_999];

  it("maps every id lookup onto the record file the build writes", () => {
    const lines = mapLines(template, "/api/v1/games/");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const id of ids)
      expect(mapped(lines, `GET:/api/v1/games/?id=${id}`), String(id)).toBe(`/__static/${recordFile(id).replace(/^static\//, "")}`);
    expect(mapped(lines, "GET:/api/v1/games/?id=0123")).toBeUndefined();
    expect(mapped(lines, "GET:/api/v1/games/?id=1234567890123456")).toBeUndefined();
  });

  it("maps every game page onto the page file the build writes", () => {
    const lines = mapLines(template, "/games/");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const id of ids)
      expect(mapped(lines, `GET:/games/${id}/?`), String(id)).toBe(`/__pages/${siteFiles.game(id).replace(/^static\//, "")}`);
    expect(mapped(lines, "GET:/games/0/?")).toBeUndefined();
  });
});
