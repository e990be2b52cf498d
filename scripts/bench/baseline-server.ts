/**
 * The bench baseline: a bare node:http server replaying, from memory, the exact responses ludex
 * gave (status, headers, body bytes) with no routing, validation, lookup or conditional logic:
 * the ceiling any server sending those responses can reach on this machine. Reads
 * `{ "<path>": { "status": n, "headers": {...}, "body": "<base64>" } }` from the file in argv[2].
 */
import http from "node:http";
import { readFileSync } from "node:fs";

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const responses = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
for (const [p, r] of Object.entries(JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Record<string, Recorded>)) {
  responses.set(p, { status: r.status, headers: r.headers, body: Buffer.from(r.body, "base64") });
}
http
  .createServer((req, res) => {
    const r = responses.get(req.url ?? "");
    if (!r) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(r.status, r.headers);
    res.end(r.body);
  })
  .listen(Number(process.argv[3]), "127.0.0.1");
