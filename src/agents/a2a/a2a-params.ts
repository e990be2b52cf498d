const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Members of a task method's params the SDK calls string methods on, and those it reads as numbers. */
const stringMembers = ["id", "taskId", "name", "pushNotificationConfigId", "tenant"];
const numberMembers = ["historyLength", "pageSize"];

/**
 * Why a JSON-RPC request's params cannot be what an A2A method takes, for the members the SDK
 * uses unchecked (a number where it calls `.trim()` answered an internal error with the
 * TypeError's text); undefined when they may be. The SDK checks the rest itself (-32602).
 * @see A2A v1.0 §9.4 (JSON-RPC error codes); JSON-RPC 2.0 §5.1
 */
export function invalidA2aParams(rpc: unknown): string | undefined {
  if (!isObject(rpc) || rpc.params === undefined) return undefined;
  const { params } = rpc;
  if (!isObject(params)) return "params must be an object";
  for (const name of stringMembers)
    if (params[name] !== undefined && typeof params[name] !== "string") return `params.${name} must be a string`;
  for (const name of numberMembers)
    if (params[name] !== undefined && typeof params[name] !== "number") return `params.${name} must be a number`;
  return undefined;
}
