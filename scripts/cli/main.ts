import { isProblem } from "../../src/http/problem.ts";
import { parseCommandArgs, type Command } from "./command.ts";
import { buildCommand } from "./commands/build.ts";
import { importCommand } from "./commands/import.ts";
import { nginxConfigCommand } from "./commands/nginx-config.ts";
import { searchCommand } from "./commands/search.ts";
import { serveCommand } from "./commands/serve.ts";
import { showCommand } from "./commands/show.ts";
import { startCommand } from "./commands/start.ts";

const commands: readonly Command[] = [importCommand, buildCommand, showCommand, searchCommand, serveCommand, startCommand, nginxConfigCommand];

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "Usage: ludex <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `ludex <command> --help` for a command's options. Configuration comes from the",
    "environment (PORT, HOST, PUBLIC_BASE_URL, LUDEX_*): see README.md.",
  ].join("\n");
}

/** Runs the `ludex` CLI; returns the process exit code. Problems print as one clear message, never a stack. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(usage());
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`ludex: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
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
