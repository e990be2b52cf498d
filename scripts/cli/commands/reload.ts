import { readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../../../src/config/config.ts";
import { problems } from "../../../src/core/problem.ts";
import type { Command } from "../command.ts";

/** Where `ludex serve` records its process id. */
export function pidFile(stateDir: string): string {
  return path.join(stateDir, "server.pid");
}

export const reloadCommand: Command = {
  name: "reload",
  usage: `Usage: ludex reload [--pid PID]

Tells a running \`ludex serve\` to switch to the current catalog build now (it sends SIGHUP).
The server also notices a finished \`ludex build\` by itself within about a second.

Options:
  --pid PID   the server's process id (default: read from $LUDEX_STATE_DIR/server.pid)`,
  options: { pid: { type: "string" } },
  run({ values }) {
    const config = loadConfig();
    const text =
      typeof values.pid === "string"
        ? values.pid
        : (() => {
            try {
              return readFileSync(pidFile(config.stateDir), "utf8");
            } catch {
              throw problems.noServer(`${pidFile(config.stateDir)} does not exist; is \`ludex serve\` running?`);
            }
          })();
    const pid = Number(text.trim());
    if (!Number.isSafeInteger(pid) || pid <= 0) throw problems.usage(`"${text.trim()}" is not a process id`);
    try {
      process.kill(pid, "SIGHUP");
    } catch (error) {
      throw problems.noServer(`cannot signal process ${pid}: ${(error as Error).message}`);
    }
    console.log(`asked ludex (pid ${pid}) to reload its catalog`);
    return 0;
  },
};
