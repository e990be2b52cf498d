import { request } from "undici";

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  json<T = unknown>(): T;
}

/** One HTTP request with undici, body read raw (no automatic decompression). */
export async function http(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const res = await request(url, { method: (init.method ?? "GET") as "GET", headers: init.headers, body: init.body });
  const body = Buffer.from(await res.body.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
  return { status: res.statusCode, headers, body, json: <T>() => JSON.parse(body.toString("utf8")) as T };
}
