import { describe, expect, it } from "vitest";
import { isProblem, problem, problems, Problem } from "../../src/core/problem.ts";
import { CATALOG_RETRY_AFTER_SECONDS, httpProblemTypes, problemTypes, type ProblemType } from "../../src/core/problem-types.ts";
import { bearerToken } from "../../src/oauth/bearer-auth.ts";
import type { IncomingMessage } from "node:http";

// Which types exist is checked by the compiler: Problem's `type` is the registry's ProblemType.
describe("problem registry", () => {
  it("declares every type once with a title, an error status and documentation", () => {
    for (const [type, spec] of Object.entries(problemTypes)) {
      expect(type).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(spec.title.length).toBeGreaterThan(2);
      expect(spec.status).toBeGreaterThanOrEqual(400);
      expect(spec.status).toBeLessThan(600);
      expect(spec.description.length).toBeGreaterThan(20);
    }
    expect(Object.keys(httpProblemTypes).sort()).toEqual(
      Object.entries(problemTypes)
        .filter(([, s]) => s.surface === "http")
        .map(([t]) => t)
        .sort(),
    );
    expect(httpProblemTypes).not.toHaveProperty("usage");
  });

  it("makes each problem by name, with the registry's title and status", () => {
    for (const type of Object.keys(problemTypes) as ProblemType[]) {
      const made = problem(type, "detail");
      expect(isProblem(made)).toBe(true);
      expect(made).toMatchObject({ type, title: problemTypes[type].title, status: problemTypes[type].status, detail: "detail" });
    }
    const notFound = problems.notFound("no game with id 7", { extensions: { id: 7 } });
    expect(notFound).toBeInstanceOf(Problem);
    expect(notFound).toMatchObject({ type: "not-found", status: 404, title: "Not found", extensions: { id: 7 } });
  });

  it("always sets the documented Retry-After on catalog-unavailable", () => {
    expect(problems.catalogUnavailable().headers).toEqual({ "retry-after": String(CATALOG_RETRY_AFTER_SECONDS) });
    expect(problems.catalogUnavailable("x").withHeaders({ ratelimit: "1" }).headers).toMatchObject({ "retry-after": "30", ratelimit: "1" });
    expect(httpProblemTypes["catalog-unavailable"].description).toContain("Retry-After");
  });

  it("refuses a bearer token in the URL with the documented 400 bad-request (RFC 6750 §3.1 invalid_request)", () => {
    const req = { headers: {} } as IncomingMessage;
    let thrown: unknown;
    try {
      bearerToken(req, new URL("https://x.test/api/v1/agent/me/?access_token=abc"), "https://x.test/.well-known/oauth-protected-resource");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ type: "bad-request", status: 400 });
    expect(httpProblemTypes["bad-request"].status).toBe(400);
    expect((thrown as Problem).headers["www-authenticate"]).toContain('error="invalid_request"');
  });
});
