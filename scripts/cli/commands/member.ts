import path from "node:path";
import { loadConfig } from "../../../src/config/config.ts";
import { type Problem, problems } from "../../../src/core/problem.ts";
import { createMemberStore, type Member } from "../../../src/oauth/members/member-store.ts";
import { openIdentityStore } from "../../../src/oauth/store/open-identity-store.ts";
import type { Command } from "../command.ts";

const usage = `Usage: ludex member <add|list|disable> [options]

Manages member accounts in the member database: PostgreSQL when $LUDEX_DATABASE_URL is set,
else the SQLite file ($LUDEX_MEMBERS_DB, default .ludex/members.db).

  ludex member add --username NAME --display-name TEXT [--db FILE]
      Adds a member. The password is read from standard input (first line), never from the
      command line; on a terminal it is asked for without echo. It is stored as an argon2id
      hash (scrypt on runtimes without argon2). Prints the new member's id.

  ludex member list [--db FILE] [--json]
      Lists members: id, username, display name, created, status.

  ludex member disable <username> [--db FILE]
      Disables a member: they can no longer sign in, and their sessions and every app
      authorization they gave end at once.

Options:
  --username NAME       sign-in name: letters, digits, '.', '_', '-' (case-insensitive)
  --display-name TEXT   name shown to apps that the member authorizes (profile.read)
  --db FILE             SQLite member database (default: $LUDEX_MEMBERS_DB or .ludex/members.db;
                        ignored when LUDEX_DATABASE_URL is set)
  --json                print JSON instead of a table`;

function usageError(detail: string): Problem {
  return problems.usage(`${detail}\n\n${usage}`);
}

/** Reads a line from a terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const done = (): void => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          done();
          resolve(value);
          return;
        }
        if (ch === "\u0003" || ch === "\u0004") {
          done();
          reject(problems.cancelled("no password entered"));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** The password: the first line of standard input, or asked for twice on a terminal. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await promptHidden("Password: ");
    const second = await promptHidden("Password again: ");
    if (first !== second) throw problems.invalidMember("the two passwords differ");
    return first;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text.split(/\r?\n/)[0] ?? "";
}

function status(member: Member): string {
  return member.disabledAt === null ? "active" : `disabled ${new Date(member.disabledAt).toISOString()}`;
}

/** `ludex member add|list|disable`: operator account management; the password comes from stdin only. */
export const memberCommand: Command = {
  name: "member",
  usage,
  options: { username: { type: "string" }, "display-name": { type: "string" }, db: { type: "string" }, json: { type: "boolean" } },
  async run({ values, positionals }) {
    const [sub, ...rest] = positionals;
    if (sub !== "add" && sub !== "list" && sub !== "disable")
      throw usageError(sub === undefined ? "name a subcommand: add, list or disable" : `unknown subcommand "${sub}"`);
    const config = loadConfig();
    const target = typeof values.db === "string" ? { membersDb: path.resolve(values.db), databaseUrl: undefined } : config;
    if (sub === "add") {
      if (rest.length > 0) throw usageError("add takes no positional arguments (the password is read from standard input)");
      if (typeof values.username !== "string" || typeof values["display-name"] !== "string")
        throw usageError("add needs --username and --display-name");
      const password = await readPassword();
      const db = await openIdentityStore(target);
      try {
        const member = await createMemberStore(db).add({ username: values.username, displayName: values["display-name"], password });
        console.log(
          values.json
            ? JSON.stringify({ id: member.id, username: member.username, displayName: member.displayName })
            : `added member ${member.id} (${member.username}, "${member.displayName}")`,
        );
      } finally {
        await db.close();
      }
      return 0;
    }
    if (sub === "list") {
      if (rest.length > 0) throw usageError("list takes no positional arguments");
      const db = await openIdentityStore(target);
      try {
        const members = await createMemberStore(db).list();
        if (values.json) {
          console.log(
            JSON.stringify(
              members.map((m) => ({
                id: m.id,
                username: m.username,
                displayName: m.displayName,
                createdAt: new Date(m.createdAt).toISOString(),
                disabled: m.disabledAt !== null,
              })),
            ),
          );
        } else if (members.length === 0) {
          console.log("no members");
        } else {
          for (const m of members)
            console.log(
              `${String(m.id).padStart(6)}  ${m.username.padEnd(20)}  ${m.displayName.padEnd(24)}  ${new Date(m.createdAt).toISOString().slice(0, 10)}  ${status(m)}`,
            );
        }
      } finally {
        await db.close();
      }
      return 0;
    }
    if (rest.length !== 1 || rest[0] === undefined) throw usageError("disable takes one username");
    const db = await openIdentityStore(target);
    try {
      const member = await createMemberStore(db).disable(rest[0]);
      console.log(`disabled member ${member.id} (${member.username}); their sessions and app authorizations are revoked`);
    } finally {
      await db.close();
    }
    return 0;
  },
};
