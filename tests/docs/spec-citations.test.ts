import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../helpers/paths.ts";

/** Every `.ts` and `.astro` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|astro)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The section numbers docs/service-spec.md has: headings (`## 4.`, `### 4.6`) and numbered items inside a section (`5.3`). */
function specSections(): Set<string> {
  const sections = new Set<string>();
  let current = "";
  for (const line of readFileSync(path.join(projectRoot, "docs", "service-spec.md"), "utf8").split("\n")) {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\.? /.exec(line);
    if (heading?.[1]) {
      current = heading[1];
      sections.add(current);
      continue;
    }
    const item = /^(\d+)\. /.exec(line);
    if (item?.[1] && !current.includes(".")) sections.add(`${current}.${item[1]}`);
  }
  return sections;
}

describe("citations of the service specification", () => {
  it("name sections that docs/service-spec.md has", () => {
    const sections = specSections();
    const cited: string[] = [];
    for (const file of [...sources(path.join(projectRoot, "src")), ...sources(path.join(projectRoot, "scripts"))]) {
      for (const match of readFileSync(file, "utf8").matchAll(/docs\/service-spec\.md §(\d+(?:\.\d+)?)/g)) {
        cited.push(match[1] ?? "");
        expect(sections, `${path.relative(projectRoot, file)} cites §${match[1]}`).toContain(match[1]);
      }
    }
    expect(cited.length).toBeGreaterThan(20);
  });
});
