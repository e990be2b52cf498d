import type { CatalogSnapshot } from "../../catalog/store/catalog-snapshot.ts";
import { problems } from "../../core/problem.ts";
import { parseJsonText } from "../../http/read-body.ts";
import type { MatchResponseBody } from "../schema/match-response-schemas.ts";
import { acceptedMatchRequest, type MatchRequest, matchRequestSchema } from "../schema/match-schemas.ts";
import { type CheckedItems, checkItems, scannedItems } from "./check-items.ts";
import { scanMatchRequest } from "./match-body-scan.ts";
import { matchContext } from "./match-context.ts";
import { groupOf, matchGroups } from "./match-groups.ts";
import { matchResponseJson } from "./match-response-json.ts";
import { type MatchContext, matchItems } from "./match-roms.ts";

/**
 * One match request read, checked and bound to its platform, waiting to be answered: what the
 * quota is taken for ({@link MatchJob.itemCount}) before any matching is done.
 */
export class MatchJob {
  readonly #context: MatchContext;
  readonly #request: MatchRequest;
  readonly #checked: CheckedItems;

  /** `checked` defaults to the request's items checked one by one (`checkItems`). */
  constructor(context: MatchContext, request: MatchRequest, checked: CheckedItems = checkItems(request.items)) {
    this.#context = context;
    this.#request = request;
    this.#checked = checked;
  }

  /** How many items the request carries, valid or not: what the quota counts. */
  get itemCount(): number {
    return this.#request.items.length;
  }

  /** The answer as an object, for the agent endpoints. @see docs/service-spec.md §4.3 */
  answer(): MatchResponseBody {
    return this.#body(matchItems(this.#context, this.#checked, this.#request.artworkTypes ?? []).results);
  }

  /**
   * The answer as its UTF-8 JSON bytes, one char a byte (send it as `latin1`): exactly the bytes
   * of `JSON.stringify(this.answer())`, but joined from the shared matches' texts.
   */
  answerJson(): string {
    const { results, sharedTails } = matchItems(this.#context, this.#checked, this.#request.artworkTypes ?? []);
    return matchResponseJson(this.#body(results), sharedTails);
  }

  #body(results: MatchResponseBody["results"]): MatchResponseBody {
    const context = this.#context;
    const { items } = this.#request;
    if (!items.some((item) => groupOf(item) !== undefined)) return { systemId: context.platform.id, results };
    return { systemId: context.platform.id, results, groups: matchGroups(context, items, this.#checked.items, results) };
  }
}

/**
 * The matcher of one catalog snapshot: the one way a match request is read and answered, by the
 * HTTP route and the agent endpoints alike. It reads the plain body shape nearly every client
 * sends with its own scanner (`scanMatchRequest`: items checked and hashes parsed in one pass)
 * and anything else with `JSON.parse` and the zod schemas, which also say what is wrong; either
 * way the items are checked by the rules of `item-fields.ts`.
 */
export class Matcher {
  readonly #snapshot: CatalogSnapshot;
  readonly #artworkBaseUrl: string;

  constructor(snapshot: CatalogSnapshot, artworkBaseUrl: string) {
    this.#snapshot = snapshot;
    this.#artworkBaseUrl = artworkBaseUrl;
  }

  /**
   * The request in a body's text, ready to answer. Throws the 400 problem for malformed JSON, an
   * envelope the schema refuses (each issue with its JSON Pointer) or an unknown platform; an
   * invalid item is not refused here but answered `invalid`.
   */
  read(text: string): MatchJob {
    const scanned = scanMatchRequest(text);
    const request = (scanned && acceptedMatchRequest(scanned)) ?? this.#checked(scanned ?? parseJsonText(text));
    const job = this.prepare(request, scanned && scannedItems(scanned.items, scanned.hashWords));
    if (!job)
      throw problems.invalidRequest([
        { pointer: "/systemId", detail: `unknown platform "${request.systemId}"; GET /api/v1/games/ lists them` },
      ]);
    return job;
  }

  /** The envelope as the schema reads it; the 400 problem, each issue with its JSON Pointer, when it refuses it. */
  #checked(envelope: unknown): MatchRequest {
    const parsed = matchRequestSchema.safeParse(envelope);
    if (!parsed.success) {
      throw problems.invalidRequest(
        parsed.error.issues.map((issue) => ({ pointer: issue.path.map((p) => `/${String(p)}`).join(""), detail: issue.message })),
      );
    }
    return parsed.data;
  }

  /**
   * A request the schema already validated (MCP's tool arguments), ready to answer; undefined for
   * an unknown platform. `checked`, when given, is its items as the body scanner read them.
   */
  prepare(request: MatchRequest, checked?: CheckedItems): MatchJob | undefined {
    const context = matchContext(this.#snapshot, request.systemId, this.#artworkBaseUrl);
    return context && new MatchJob(context, request, checked);
  }
}
