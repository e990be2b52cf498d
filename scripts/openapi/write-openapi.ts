// Writes the OpenAPI document the current sources describe, without a build: what the TypeScript
// client (clients/typescript) generates its types from. Usage: node scripts/openapi/write-openapi.ts FILE [BASE]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defaultOAuthLimits } from "../../src/config/config.ts";
import { openApiDocument } from "../../src/discovery/openapi-document.ts";

const [file, base = "http://localhost:4321"] = process.argv.slice(2);
if (!file) {
  console.error("Usage: node scripts/openapi/write-openapi.ts FILE [BASE]");
  process.exit(2);
}
mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
writeFileSync(file, `${JSON.stringify(openApiDocument(base, defaultOAuthLimits), null, 2)}\n`);
