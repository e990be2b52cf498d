import { isProblem } from "../../src/core/problem.ts";
import { parseCommandArgs, type Command } from "./command.ts";

/** Commands by name, loaded on use so that `ludex serve` does not load the importer (and the other way round). */
const commands: Readonly<Record<string, { summary: string; load: () => Promise<Command> }>> = {
  import: {
    summary: "Load DAT files into the game database (replaces the previous import)",
    load: async () => (await import("./commands/import.ts")).importCommand,
  },
  build: {
    summary: "Compile the game database into static files (records, indexes, feed, manifest)",
    load: async () => (await import("./commands/build.ts")).buildCommand,
  },
  publish: {
    summary: "Accept the update held for review and put its build in service",
    load: async () => (await import("./commands/publish.ts")).publishCommand,
  },
  audit: {
    summary: "Check the imported catalog: records by kind and platform, unmerged same-dump records, unlinked add-ons",
    load: async () => (await import("./commands/audit.ts")).auditCommand,
  },
  thumbnails: {
    summary: "Import which libretro-thumbnails files exist, so that artwork links are checked",
    load: async () => (await import("./commands/thumbnails.ts")).thumbnailsCommand,
  },
  show: {
    summary: "Print one game record exactly as the API serves it",
    load: async () => (await import("./commands/show.ts")).showCommand,
  },
  search: { summary: "Print the top search results for a title", load: async () => (await import("./commands/search.ts")).searchCommand },
  scan: {
    summary: "Fingerprint a folder of ROMs and match it against the local build or a server",
    load: async () => (await import("./commands/scan.ts")).scanCommand,
  },
  serve: {
    summary: "Serve the API and pages from the current build",
    load: async () => (await import("./commands/serve.ts")).serveCommand,
  },
  start: {
    summary: "Import (if there is no catalog yet), build, and serve",
    load: async () => (await import("./commands/start.ts")).startCommand,
  },
  migrate: {
    summary: "Apply the member database's schema migrations (SQLite file or LUDEX_DATABASE_URL)",
    load: async () => (await import("./commands/migrate.ts")).migrateCommand,
  },
  member: {
    summary: "Add, list or disable member accounts (password read from standard input)",
    load: async () => (await import("./commands/member.ts")).memberCommand,
  },
  reload: {
    summary: "Tell a running server to switch to the current catalog build",
    load: async () => (await import("./commands/reload.ts")).reloadCommand,
  },
  dump: {
    summary: "Check a downloaded platform dump against the dump listing (`dump verify <file>`)",
    load: async () => (await import("./commands/dump.ts")).dumpCommand,
  },
  "nginx-config": {
    summary: "Print the nginx server block that serves the static build and proxies the rest",
    load: async () => (await import("./commands/nginx-config.ts")).nginxConfigCommand,
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    "Usage: ludex <command> [options]",
    "",
    "Commands:",
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `ludex <command> --help` for a command's options. Configuration comes from the",
    "environment (PORT, HOST, PUBLIC_BASE_URL, LUDEX_*): see docs/configuration.md.",
  ].join("\n");
}

/** Runs the `ludex` CLI; returns the process exit code. Problems print as one clear message, never a stack. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(usage());
    return name === undefined ? 2 : 0;
  }
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    console.error(`ludex: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  const command = await entry.load();
  try {
    const args = parseCommandArgs(command, rest);
    if (args.values.help) {
      console.log(command.usage);
      return 0;
    }
    return await command.run(args);
  } catch (error) {
    if (isProblem(error)) {
      console.error(`ludex ${name}: ${error.title}: ${error.detail ?? ""}`);
      return error.type === "usage" ? 2 : 1;
    }
    throw error;
  }
}
