import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../helpers/paths.ts";

/** README.md and every docs/*.md, as paths relative to the project root. */
const documents = [
  "README.md",
  ...readdirSync(path.join(projectRoot, "docs"), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => `docs/${e.name}`),
];

/** The folders a cited repository path starts with. */
const citedRoots = /^(?:src|scripts|tests|docs|data|deploy|\.ci)\//;

/** Every file name under these folders and at the root, for bare names such as `title-index.ts`. */
const knownFileNames = new Set<string>(
  ["src", "scripts", "tests", "deploy"].flatMap((dir) =>
    readdirSync(path.join(projectRoot, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => e.name),
  ),
);
for (const entry of readdirSync(projectRoot, { withFileTypes: true })) if (entry.isFile()) knownFileNames.add(entry.name);

/** The text of fenced code blocks, and the text outside them. */
function splitFences(markdown: string): { fenced: string; prose: string } {
  const fenced: string[] = [];
  const prose = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```$/gm, (_, body: string) => {
    fenced.push(body);
    return "";
  });
  return { fenced: fenced.join("\n"), prose };
}

/** A token as a path: trailing punctuation and a `:line` or `§section` suffix dropped; undefined for a pattern (`{id}`, `<slug>`, `*`, `…`). */
function asPath(token: string): string | undefined {
  const cleaned = token.replace(/[),;:.'"]+$/, "").replace(/:\d+$/, "");
  if (/[{}<>*…$]/.test(cleaned)) return undefined;
  return cleaned;
}

/** Repository paths cited in a document: in code spans, and in fenced blocks. */
function citedPaths(markdown: string): { paths: string[]; fileNames: string[] } {
  const { fenced, prose } = splitFences(markdown);
  const paths: string[] = [];
  const fileNames: string[] = [];
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "");
  for (const span of spans) {
    for (const token of span.split(/\s+/)) {
      const cited = asPath(token);
      if (!cited) continue;
      if (citedRoots.test(cited)) paths.push(cited);
    }
    const bare = asPath(span.trim());
    if (bare && /^[\w.-]+\.(?:ts|js|cjs|mjs|astro)$/.test(bare) && !bare.startsWith(".")) fileNames.push(bare);
  }
  for (const [token] of fenced.matchAll(/(?<![\w./-])(?:src|scripts|tests|docs|data|deploy)\/[\w./-]*/g)) {
    const cited = asPath(token);
    if (cited) paths.push(cited);
  }
  return { paths, fileNames };
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a Markdown file's headings give. */
function anchors(markdown: string): Set<string> {
  const { prose } = splitFences(markdown);
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? "")));
}

/** Relative link targets of a document: `[text](target)`, without web, mail and site-absolute ones. */
function relativeLinks(markdown: string): string[] {
  const { prose } = splitFences(markdown.replace(/`[^`\n]+`/g, ""));
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "").filter((target) => !/^(?:[a-z][a-z+.-]*:|\/)/i.test(target));
}

describe("paths cited by README.md and docs/", () => {
  it("reads every document", () => {
    expect(documents).toContain("README.md");
    expect(documents).toContain("docs/api.md");
    expect(documents.length).toBeGreaterThan(10);
  });

  for (const document of documents) {
    const markdown = readFileSync(path.join(projectRoot, document), "utf8");

    it(`${document}: every cited repository path exists`, () => {
      const { paths, fileNames } = citedPaths(markdown);
      const missing = paths.filter((cited) => !existsSync(path.join(projectRoot, cited)));
      expect(missing, `${document} cites paths that do not exist`).toEqual([]);
      const unknown = fileNames.filter((name) => !knownFileNames.has(name));
      expect(unknown, `${document} names files that no folder holds`).toEqual([]);
    });

    it(`${document}: every relative link points at a file, and at a heading it has`, () => {
      const broken: string[] = [];
      for (const target of relativeLinks(markdown)) {
        const [file = "", anchor] = target.split("#");
        const resolved = file === "" ? document : path.join(path.dirname(document), file);
        const absolute = path.join(projectRoot, resolved);
        if (!existsSync(absolute)) {
          broken.push(`${target} (no file ${resolved})`);
          continue;
        }
        if (anchor && resolved.endsWith(".md") && !anchors(readFileSync(absolute, "utf8")).has(anchor))
          broken.push(`${target} (no heading #${anchor} in ${resolved})`);
      }
      expect(broken, `${document} has broken links`).toEqual([]);
    });
  }
});
