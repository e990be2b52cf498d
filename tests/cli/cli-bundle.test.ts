import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ensureCliBundle } from "../../scripts/cli/build-cli-bundle.ts";
import { CLI_BUNDLE_STAMP, cliBundleRoot, freshCliBundle } from "../../scripts/cli/cli-bundle.ts";
import { freePort } from "../helpers/free-port.ts";
import { projectRoot } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { waitForPort } from "../helpers/wait-for-port.ts";

/**
 * A project root of its own: scripts/ludex.js and package.json copied (ludex.js finds the bundle
 * beside itself, the bundle finds the root by its package.json), everything else linked, so that
 * bundling here leaves the project's own dist/cli/ alone.
 */
function projectCopy(): string {
  const root = tempDir("ludex-cli-bundle-");
  mkdirSync(path.join(root, "scripts"));
  mkdirSync(path.join(root, "dist"));
  copyFileSync(path.join(projectRoot, "scripts", "ludex.js"), path.join(root, "scripts", "ludex.js"));
  copyFileSync(path.join(projectRoot, "package.json"), path.join(root, "package.json"));
  symlinkSync(path.join(projectRoot, "scripts", "cli"), path.join(root, "scripts", "cli"));
  for (const dir of ["src", "node_modules", "data"]) symlinkSync(path.join(projectRoot, dir), path.join(root, dir));
  symlinkSync(path.join(projectRoot, "dist", "site"), path.join(root, "dist", "site"));
  return root;
}

/** A module hook that prints every file URL Node loads, to tell the bundle's modules from the sources'. */
function loadedModulesHook(dir: string): string {
  const file = path.join(dir, "log-modules.mjs");
  writeFileSync(
    file,
    `import module from "node:module";
module.registerHooks({ load(url, context, next) { if (url.startsWith("file:")) process.stderr.write("loaded " + url + "\\n"); return next(url, context); } });
`,
  );
  return file;
}

/** `node <heap flags> --import <hook> <root>/scripts/ludex.js <args>`: the flags spare the re-execution. */
function ludexArgs(root: string, hook: string, args: readonly string[]): string[] {
  return ["--max-semi-space-size=16", "--max-old-space-size=640", "--import", hook, path.join(root, "scripts", "ludex.js"), ...args];
}

function loadedFiles(stderr: string): string[] {
  return [...stderr.matchAll(/^loaded (file:\S+)$/gm)].map((m) => m[1] ?? "");
}

describe("CLI bundle", () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  it("is fresh only while every source it holds exists and is older than the bundling", () => {
    const root = tempDir("ludex-bundle-stamp-");
    const bundles = cliBundleRoot(root);
    mkdirSync(path.join(bundles, "abc"), { recursive: true });
    writeFileSync(path.join(root, "a.ts"), "");
    writeFileSync(path.join(root, "b.ts"), "");
    const at = (file: string, seconds: number): void => utimesSync(path.join(root, file), seconds, seconds);
    at("a.ts", 1_000);
    at("b.ts", 1_000);
    expect(freshCliBundle(root)).toBeUndefined();

    const stamp = (value: unknown): void => writeFileSync(path.join(bundles, CLI_BUNDLE_STAMP), JSON.stringify(value));
    stamp({ dir: "abc", builtMs: 2_000_000, inputs: ["a.ts", "b.ts"] });
    expect(freshCliBundle(root)).toBe(path.join(bundles, "abc", "main.js"));
    at("b.ts", 3_000);
    expect(freshCliBundle(root)).toBeUndefined();
    at("b.ts", 1_000);
    rmSync(path.join(root, "a.ts"));
    expect(freshCliBundle(root)).toBeUndefined();
    writeFileSync(path.join(root, "a.ts"), "");
    at("a.ts", 1_000);
    expect(freshCliBundle(root)).toBeDefined();
    // A stamp naming a folder elsewhere stays under dist/cli/.
    stamp({ dir: "../../elsewhere", builtMs: 2_000_000, inputs: ["a.ts"] });
    expect(freshCliBundle(root)).toBe(path.join(bundles, "elsewhere", "main.js"));
    for (const broken of ["{", JSON.stringify({ dir: "abc", inputs: [] }), JSON.stringify({ dir: 1, builtMs: 1, inputs: [] })]) {
      writeFileSync(path.join(bundles, CLI_BUNDLE_STAMP), broken);
      expect(freshCliBundle(root)).toBeUndefined();
    }
  });

  it("is what ludex runs once built: the same commands, the server's lazily loaded agent endpoints included, and the sources again with LUDEX_CLI_BUNDLE=off", {
    timeout: 120_000,
  }, async () => {
    const root = projectCopy();
    const hook = loadedModulesHook(root);

    const first = ensureCliBundle(root);
    expect(first.error).toBeUndefined();
    expect(first.built).toBe(true);
    const entry = freshCliBundle(root);
    expect(entry).toBeDefined();
    expect(ensureCliBundle(root).built).toBe(false);

    const bundled = spawnSync(process.execPath, ludexArgs(root, hook, ["--help"]), { encoding: "utf8" });
    expect(bundled.status, bundled.stderr).toBe(0);
    expect(bundled.stdout).toContain("Usage: ludex");
    const bundledFiles = loadedFiles(bundled.stderr);
    expect(bundledFiles).toContain(`file://${entry}`);
    expect(bundledFiles.filter((url) => url.endsWith("/scripts/cli/main.ts"))).toEqual([]);

    const sources = spawnSync(process.execPath, ludexArgs(root, hook, ["--help"]), {
      encoding: "utf8",
      env: { ...process.env, LUDEX_CLI_BUNDLE: "off" },
    });
    expect(sources.status, sources.stderr).toBe(0);
    expect(sources.stdout).toBe(bundled.stdout);
    expect(loadedFiles(sources.stderr).some((url) => url.endsWith("/scripts/cli/main.ts"))).toBe(true);
    expect(loadedFiles(sources.stderr).some((url) => url.includes("/dist/cli/"))).toBe(false);

    const port = await freePort();
    const { buildDir } = inject("sampleCatalog");
    const work = tempDir("ludex-bundle-serve-");
    let stderr = "";
    const server = spawn(process.execPath, ludexArgs(root, hook, ["serve"]), {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        LUDEX_BUILD_DIR: buildDir,
        LUDEX_STATE_DIR: work,
        LUDEX_MEMBERS_DB: path.join(work, "members.db"),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(server);
    server.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    await waitForPort(port);
    const origin = `http://127.0.0.1:${port}`;
    for (const p of ["/api/health/", "/api/v1/games/?id=1", "/docs/", "/"]) expect((await fetch(`${origin}${p}`)).status, p).toBe(200);
    const client = new Client({ name: "bundle-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp/`)));
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toContain("match_roms");
    await client.close();
    const serverFiles = loadedFiles(stderr);
    expect(serverFiles).toContain(`file://${entry}`);
    expect(serverFiles.filter((url) => url.includes("/src/") && url.endsWith(".ts"))).toEqual([]);
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  });

  it("reports a failed bundling and leaves the current bundle as it was", () => {
    const root = tempDir("ludex-bundle-broken-");
    mkdirSync(path.join(root, "scripts", "cli"), { recursive: true });
    writeFileSync(path.join(root, "scripts", "cli", "main.ts"), "export const main = (;\n");
    const bundles = cliBundleRoot(root);
    mkdirSync(path.join(bundles, "previous"), { recursive: true });
    const previous = JSON.stringify({ dir: "previous", builtMs: 1, inputs: ["gone.ts"] });
    writeFileSync(path.join(bundles, CLI_BUNDLE_STAMP), previous);
    const outcome = ensureCliBundle(root);
    expect(outcome.built).toBe(false);
    expect(outcome.error).toMatch(/main\.ts/);
    expect(readFileSync(path.join(bundles, CLI_BUNDLE_STAMP), "utf8")).toBe(previous);
    expect(readdirSync(bundles).sort()).toEqual([CLI_BUNDLE_STAMP, "previous"]);
  });

  it("keeps the two newest earlier bundles when it bundles again, for servers started from them", () => {
    const root = projectCopy();
    const bundles = cliBundleRoot(root);
    for (const [name, seconds] of [
      ["old-1", 1_000],
      ["old-2", 2_000],
      ["old-3", 3_000],
    ] as const) {
      mkdirSync(path.join(bundles, name), { recursive: true });
      utimesSync(path.join(bundles, name), seconds, seconds);
    }
    const outcome = ensureCliBundle(root);
    expect(outcome.error).toBeUndefined();
    expect(outcome.built).toBe(true);
    const stamp = JSON.parse(readFileSync(path.join(bundles, CLI_BUNDLE_STAMP), "utf8")) as { dir: string };
    expect(readdirSync(bundles).sort()).toEqual([CLI_BUNDLE_STAMP, "old-2", "old-3", stamp.dir].sort());
    expect(existsSync(path.join(bundles, stamp.dir, "main.js"))).toBe(true);
  });
});
