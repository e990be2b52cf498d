import { describe, expect, it } from "vitest";
import { isHttpProblem, isProblem, problem, problems, Problem } from "../../src/core/problem.ts";
import { CATALOG_RETRY_AFTER_SECONDS, httpProblemTypes, problemTypes, type ProblemType } from "../../src/core/problem-types.ts";
import { problemResult } from "../../src/http/problem-response.ts";
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

  it("words every 422 one way: each invalid input by name or pointer, the list in `errors`", () => {
    const query = problems.invalidRequest([
      { name: "limit", detail: "must be at most 30" },
      { name: "q", detail: "required" },
    ]);
    expect(query).toMatchObject({ type: "invalid-request", status: 422, detail: "limit: must be at most 30; q: required" });
    expect(query.extensions).toEqual({
      errors: [
        { name: "limit", detail: "must be at most 30" },
        { name: "q", detail: "required" },
      ],
    });
    // A pointer to the whole body ("") is shown as "/"; the errors member keeps it as given.
    const body = problems.invalidRequest([{ pointer: "", detail: "expected object" }]);
    expect(body.detail).toBe("/: expected object");
    expect(body.extensions).toEqual({ errors: [{ pointer: "", detail: "expected object" }] });
  });

  it("lets only HTTP problems reach an HTTP answer", () => {
    expect(isHttpProblem(problems.notFound())).toBe(true);
    expect(isHttpProblem(problems.usage("ludex build"))).toBe(false);
    expect(isHttpProblem(new Problem({ type: "oauth-invalid-grant", title: "Invalid grant", status: 400 }))).toBe(false);
    // @ts-expect-error a CLI problem is not an HttpProblem
    problemResult(problems.datSyntax("bad token"), "https://x.test");
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
