import { parseArgs, type ParseArgsConfig } from "node:util";
import { type Problem, problems } from "../../src/core/problem.ts";

/** One `ludex` sub-command: its help text, its options, and what it does with them. */
export interface Command {
  readonly name: string;
  readonly usage: string;
  readonly options: NonNullable<ParseArgsConfig["options"]>;
  run(args: { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] }): Promise<number> | number;
}

/** Parses `argv` for `command`, turning unknown or malformed options into a usage {@link Problem}. */
export function parseCommandArgs(
  command: Command,
  argv: string[],
): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Record<string, string | boolean | string[] | undefined>, positionals };
  } catch (error) {
    throw problems.usage(`${(error as Error).message}\n\n${command.usage}`);
  }
}
