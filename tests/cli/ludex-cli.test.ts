import { execFile, spawnSync } from "node:child_process";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { mergedCatalog, type MergedCatalog } from "../helpers/merged-catalog.ts";
import { projectRoot, sampleSource } from "../helpers/paths.ts";
import { ludex } from "../helpers/ludex-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { serverHeapFlags } from "../../scripts/cli/node-flags.js";

/** `ludex <args>` without blocking, so that several can start at once. */
function ludexAsync(args: string[]): Promise<{ status: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(projectRoot, "scripts", "ludex.js"), ...args],
      { cwd: projectRoot, encoding: "utf8" },
      (error, stdout) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

/** The Node flags of the CLI's shebang line (`#!/usr/bin/env node`, or `-S node <flags>`). */
function shebangFlags(): string[] {
  const first = readFileSync(path.join(projectRoot, "scripts", "ludex.js"), "utf8").split("\n", 1)[0] ?? "";
  expect(first).toMatch(/^#!\/usr\/bin\/env (-S )?node\b/);
  return first.split(" ").filter((word) => word.startsWith("--"));
}

/** Counts Node start-ups: a preload (NODE_OPTIONS, inherited by a re-executed Node) prints a line each, with the heap flags it got. */
const countStarts = {
  NODE_OPTIONS:
    "--import=data:text/javascript,console.error(%22node-started%22,process.execArgv.filter((f)=>f.startsWith(%22--max-%22)).join(%22%20%22))",
};

describe("ludex CLI", () => {
  it("is node_modules/.bin/ludex, linked by npm's prepare step, so that `npx ludex` runs it without installing the project", () => {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
      bin?: unknown;
      scripts: Record<string, string>;
    };
    expect(pkg.bin).toBeUndefined();
    expect(pkg.scripts.prepare).toMatch(/^node scripts\/cli\/link-bin\.js && /);
    const link = path.join(projectRoot, "node_modules", ".bin", "ludex");
    expect(realpathSync(link)).toBe(realpathSync(path.join(projectRoot, "scripts", "ludex.js")));
    const help = spawnSync("npx", ["ludex", "--help"], {
      cwd: projectRoot,
      encoding: "utf8",
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` },
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: ludex <command>/);
  });

  it("runs a server with its heap limits (once from npm start, re-executing itself otherwise) and the other commands with V8's own sizing", () => {
    expect(shebangFlags()).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${serverHeapFlags.join(" ")} scripts/ludex.js start`);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...countStarts,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    };
    delete env.LUDEX_REEXEC;
    const cli = path.join(projectRoot, "scripts", "ludex.js");
    /** The heap flags of each Node start of one run, in order. */
    const starts = (command: string, args: string[]): string[] => {
      const run = spawnSync(command, args, { cwd: projectRoot, encoding: "utf8", env });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("Usage: ludex");
      return [...run.stderr.matchAll(/^node-started ?(.*)$/gm)].map((m) => m[1] ?? "");
    };
    const server = serverHeapFlags.join(" ");
    // As `npx ludex` runs it (the shebang): any other command starts once, with V8's own heap sizing.
    expect(starts(cli, ["build", "--help"])).toEqual([""]);
    expect(starts(cli, ["--help"])).toEqual([""]);
    // A server from the shebang is started again with the servers' flags.
    expect(starts(cli, ["serve", "--help"])).toEqual(["", server]);
    // As `npm start` runs it: once.
    expect(starts(process.execPath, [...serverHeapFlags, cli, "start", "--help"])).toEqual([server]);
    // Heap sizes given for a server give way to its limits; a batch command keeps what it is given.
    expect(starts(process.execPath, ["--max-old-space-size=4096", cli, "serve", "--help"])).toEqual(["--max-old-space-size=4096", server]);
    expect(starts(process.execPath, ["--max-old-space-size=4096", cli, "import", "--help"])).toEqual(["--max-old-space-size=4096"]);
  });

  // Thirteen Node start-ups: concurrent, and with room for a loaded two-core machine.
  it("lists its commands, and every command has --help", { timeout: 90_000 }, async () => {
    const commands = [
      "import",
      "build",
      "publish",
      "audit",
      "show",
      "search",
      "serve",
      "start",
      "reload",
      "nginx-config",
      "member",
      "migrate",
      "dump",
      "scan",
    ];
    const [top, ...helps] = await Promise.all([ludexAsync(["--help"]), ...commands.map((name) => ludexAsync([name, "--help"]))]);
    expect(top?.status).toBe(0);
    commands.forEach((name, i) => {
      expect(top?.stdout).toContain(`  ${name}`);
      expect(helps[i]?.status, name).toBe(0);
      expect(helps[i]?.stdout).toMatch(new RegExp(`^Usage: ludex ${name}`));
    });
  });

  it("nginx-config takes the Node server's slow-client limits from the environment and says when LUDEX_TRUSTED_PROXIES must be set", () => {
    const local = ludex(["nginx-config", "--upstream", "127.0.0.1:4321"], {
      LUDEX_HEADERS_TIMEOUT_MS: "7000",
      LUDEX_REQUEST_TIMEOUT_MS: "21000",
      LUDEX_KEEPALIVE_TIMEOUT_MS: "3000",
      LUDEX_AGENT_BODY_LIMIT: "524288",
    });
    expect(local.status, local.stderr).toBe(0);
    for (const line of [
      "client_header_timeout 7000ms;",
      "client_body_timeout 7000ms;",
      "send_timeout 21000ms;",
      "keepalive_timeout 3000ms;",
      "client_max_body_size 524288;",
    ])
      expect(local.stdout).toContain(line);
    expect(local.stdout).toContain("these upstreams are on loopback, so the default is right.");
    const remote = ludex(["nginx-config", "--upstream", "10.0.0.2:4321"]);
    expect(remote.stdout).toContain("some upstream is on another host: set LUDEX_TRUSTED_PROXIES=");
  });

  it("rejects an unknown command and an unknown option with exit code 2", () => {
    expect(ludex(["frobnicate"]).status).toBe(2);
    const bad = ludex(["build", "--nope"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Usage error");
  });

  it("imports, prints a one-line summary, leaves out a malformed block naming its file and line, and stops on a file that is not a DAT (exit 1)", () => {
    const dir = tempDir();
    const db = path.join(dir, "catalog.db");
    const ok = ludex(["import", sampleSource, "--db", db]);
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split("\n").at(-1)).toMatch(/^imported 6 platforms, 43 games, 78 releases, 88 roms; .* 0 warnings; /);
    // The per-source counts (--json's sourceStats) in the text output too.
    expect(ok.stdout).toContain("by source (platforms read in this import):");
    expect(ok.stdout).toMatch(/^ {2}no-intro +\d+ releases, \d+ games added$/m);
    expect(ok.stdout).toMatch(/^ {2}redump +\d+ releases, \d+ games added, \d+ releases joined a No-Intro game$/m);

    const broken = path.join(dir, "Nintendo - Game Boy.dat");
    writeFileSync(
      broken,
      'game (\n\tname "A (USA)"\n\trom ( name "a.gb size 12 )\n)\ngame (\n\tname "B (USA)"\n\trom ( name "b.gb" size 12 )\n)\n',
    );
    const skipped = ludex(["import", broken, "--db", path.join(dir, "skipped.db")]);
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toMatch(
      /^warning: .*Nintendo - Game Boy\.dat:3:\d+: unterminated string \(block at line 1, "A \(USA\)" left out\)$/m,
    );
    expect(skipped.stdout.trim().split("\n").at(-1)).toMatch(/^imported 1 platforms, 1 games, /);

    const strict = ludex(["import", broken, "--strict", "--db", path.join(dir, "strict.db")]);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toMatch(/Malformed DAT file: .*Nintendo - Game Boy\.dat:3:/);

    const notDat = path.join(dir, "Sega - Game Gear.dat");
    writeFileSync(notDat, "This is not a DAT file.\n");
    const failed = ludex(["import", notDat, "--db", path.join(dir, "failed.db")]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/Malformed DAT file: .*Sega - Game Gear\.dat:1:1: unexpected "This"/);
  });

  it("shows a record and searches the build", () => {
    const { buildDir } = inject("sampleCatalog");
    const search = ludex(["search", "starfall", "--system", "Super Famicom"], { LUDEX_BUILD_DIR: buildDir });
    expect(search.status).toBe(0);
    const id = /^\s*(\d+)\s+snes\s+The Legend of Starfall/m.exec(search.stdout)?.[1];
    expect(id).toBeDefined();
    const show = ludex(["show", id ?? "", "--compact"], { LUDEX_BUILD_DIR: buildDir });
    expect(show.status).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ id: Number(id), title: "The Legend of Starfall", system: "snes" });
    expect(ludex(["show", "999999"], { LUDEX_BUILD_DIR: buildDir }).stderr).toContain("no game with id 999999");
    expect(ludex(["show", "abc"], { LUDEX_BUILD_DIR: buildDir }).status).toBe(2);
  });

  describe("with a game merged into another", () => {
    let catalog: MergedCatalog;
    beforeAll(() => {
      catalog = mergedCatalog({ pages: false });
    });

    it("shows the record the merged id answers as, and says so", () => {
      const show = ludex(["show", String(catalog.mergedId), "--compact"], { LUDEX_BUILD_DIR: catalog.buildDir });
      expect(show.status).toBe(0);
      expect(JSON.parse(show.stdout)).toMatchObject({ id: catalog.keptId, system: "snes" });
      expect(show.stderr).toContain(`game ${catalog.mergedId} merged into game ${catalog.keptId}`);
      expect(ludex(["show", String(catalog.unknownId)], { LUDEX_BUILD_DIR: catalog.buildDir }).status).toBe(1);
    });
  });

  it("names an invalid environment variable", () => {
    const result = ludex(["build"], { PORT: "eighty" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
  });
});
