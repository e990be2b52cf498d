import type { ServerResponse } from "node:http";
import { isHttpProblem, problems } from "../core/problem.ts";
import type { Log } from "../core/logger.ts";
import { responseWritten, type HttpResult, type RequestContext } from "../http/http-types.ts";
import { internalErrorProblem, problemResult } from "../http/problem-response.ts";
import { corsHeaders } from "../http/cors.ts";
import { sendResult } from "../http/send-result.ts";
import type { RequestLogEntry } from "./request-log.ts";

/**
 * One step of the request pipeline: it answers (an HttpResult, or `responseWritten` when it wrote
 * the answer itself) or passes the request on (undefined). A step may throw a Problem; anything it
 * throws ends at the pipeline's one error exit.
 */
export type RequestStep = (ctx: RequestContext, entry: RequestLogEntry) => HttpResult | undefined | Promise<HttpResult | undefined>;

export interface RequestPipeline {
  /** Tried in order; the first that answers wins. */
  readonly steps: readonly RequestStep[];
  /** PUBLIC_BASE_URL: problem `type` URIs are absolute under it. */
  readonly base: string;
  /** Answers that go out while the server is stopping close their connection. */
  readonly closing: () => boolean;
  readonly log: Log;
}

/** The one not-found exit: no step answered. */
function notFound(ctx: RequestContext): never {
  throw problems.notFound(`nothing at ${ctx.url.pathname}`);
}

/**
 * The one error exit: an HTTP problem is written as problem+json; anything else (a CLI problem
 * included) is logged and becomes a 500.
 */
function onError(error: unknown, ctx: RequestContext, pipeline: RequestPipeline): HttpResult {
  if (isHttpProblem(error)) return problemResult(error, pipeline.base, ctx.method);
  pipeline.log({ level: "error", requestId: ctx.id, msg: "unhandled error", err: error instanceof Error ? error.stack : String(error) });
  return problemResult(internalErrorProblem(), pipeline.base, ctx.method);
}

/** Runs the steps in order, then the not-found exit; every throw goes to the error exit; writes the answer once. */
export function createRequestHandler(
  pipeline: RequestPipeline,
): (ctx: RequestContext, res: ServerResponse, entry: RequestLogEntry) => Promise<void> {
  return async (ctx, res, entry) => {
    let result: HttpResult | undefined;
    try {
      for (const step of pipeline.steps) {
        const answered = step(ctx, entry);
        // Most steps answer synchronously; awaiting only real promises saves a microtask turn per request.
        result = answered instanceof Promise ? await answered : answered;
        if (result !== undefined) break;
      }
      result ??= notFound(ctx);
    } catch (error) {
      result = onError(error, ctx, pipeline);
    }
    // The agent endpoints and the Astro pages write their (possibly streamed) answers themselves.
    if (result === responseWritten) return;
    if (pipeline.closing()) res.shouldKeepAlive = false;
    sendResult(ctx.req, res, result, { ...corsHeaders, "x-request-id": ctx.id });
  };
}
