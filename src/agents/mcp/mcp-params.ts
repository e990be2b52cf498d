/** The members a method's params must have, by type, where the SDK would otherwise fail with its schema's dump. */
const requiredStrings: Readonly<Record<string, readonly string[]>> = {
  "tools/call": ["name"],
  "resources/read": ["uri"],
  "resources/subscribe": ["uri"],
  "resources/unsubscribe": ["uri"],
  "prompts/get": ["name"],
};
/** Optional members that must be strings when present. */
const optionalStrings = ["cursor"];
/** Optional members that must be objects when present. */
const optionalObjects: Readonly<Record<string, readonly string[]>> = { "tools/call": ["arguments"] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Why a JSON-RPC request's params cannot be what its method takes, in one sentence for the
 * client (answered -32602 before the SDK sees it, whose own refusals carry its schema's dump or
 * come out as internal errors); undefined when they may be. Only the shapes the SDK reads before
 * any handler are checked here; tool arguments are the tools' own (answered as tool errors).
 * @see MCP 2025-11-25 Basic §Error codes (-32602 Invalid params); JSON-RPC 2.0 §4.2, §5.1
 */
export function invalidParams(message: unknown): string | undefined {
  if (!isObject(message) || typeof message.method !== "string" || !("id" in message)) return undefined;
  const { method, params } = message;
  if (params === undefined)
    return requiredStrings[method] ? `params must be an object with ${requiredStrings[method]?.join(", ")}` : undefined;
  if (!isObject(params)) return "params must be an object";
  for (const name of requiredStrings[method] ?? []) if (typeof params[name] !== "string") return `params.${name} must be a string`;
  for (const name of optionalStrings)
    if (params[name] !== undefined && typeof params[name] !== "string") return `params.${name} must be a string`;
  for (const name of optionalObjects[method] ?? [])
    if (params[name] !== undefined && !isObject(params[name])) return `params.${name} must be an object`;
  if (params._meta !== undefined && !isObject(params._meta)) return "params._meta must be an object";
  return undefined;
}
