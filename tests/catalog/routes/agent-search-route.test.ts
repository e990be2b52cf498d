import { beforeAll, describe, expect, it } from "vitest";
import { createInProcessServer, type InProcessServer } from "../../helpers/in-process-server.ts";
import { buildSampleCatalog } from "../../helpers/sample-catalog.ts";

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  errors?: { name: string; detail: string }[];
}

const buildDir = buildSampleCatalog();
let server: InProcessServer;
beforeAll(async () => {
  server = await createInProcessServer({ LUDEX_BUILD_DIR: buildDir });
});

const get = (query: string) => server.request(`/api/v1/agent/games/${query}`);

async function expect422(query: string, ...names: string[]): Promise<ProblemBody> {
  const res = await get(query);
  expect(res.status, query).toBe(422);
  expect(res.headers["content-type"]).toBe("application/problem+json");
  const body = res.json<ProblemBody>();
  expect(body).toMatchObject({ status: 422, title: "Invalid request", type: "https://ludex.test/problems/#invalid-request" });
  expect(body.errors?.map((e) => e.name).sort()).toEqual([...names].sort());
  return body;
}

describe("GET /api/v1/agent/games/ (searchGames)", () => {
  it("searches titles and returns results with id, title, system and the record URL", async () => {
    const res = await get("?q=starfall");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    const body = res.json<{
      query: string;
      limit: number;
      results: { id: number; title: string; system: string; url: string }[];
      attribution: unknown;
    }>();
    expect(body.limit).toBe(10);
    expect(body.results[0]).toMatchObject({ title: "The Legend of Starfall", system: "snes" });
    expect(body.results[0]?.url).toBe(`https://ludex.test/api/v1/games/?id=${body.results[0]?.id}`);
    expect(body.attribution).toMatchObject({ license: "CC BY-SA 4.0" });
  });

  it("requires q unless platforms=1", async () => {
    await expect422("", "q");
    await expect422("?q=", "q");
    await expect422("?q=%20%20", "q");
    await expect422("?system=snes", "q");
  });

  it("accepts q of 120 characters and refuses 121", async () => {
    expect((await get(`?q=${"a".repeat(120)}`)).status).toBe(200);
    await expect422(`?q=${"a".repeat(121)}`, "q");
  });

  it("accepts system by slug or alias up to 64 characters; refuses longer or unknown ones", async () => {
    const bySlug = (await get("?q=turbo&system=megadrive")).json<{ results: { system: string }[] }>();
    expect(bySlug.results.map((r) => r.system)).toEqual(["megadrive"]);
    const byAlias = (await get("?q=turbo&system=Sega%20Genesis")).json<{ system: string }>();
    expect(byAlias.system).toBe("megadrive");
    const unknown = await expect422(`?q=x&system=${"z".repeat(64)}`, "system");
    expect(unknown.errors?.[0]?.detail).toMatch(/unknown platform/);
    await expect422(`?q=x&system=${"z".repeat(65)}`, "system");
  });

  it("takes limit from 1 to 30 (default 10) and refuses anything else", async () => {
    expect((await get("?q=a&limit=1")).status).toBe(200);
    expect((await get("?q=racing&limit=1")).json<{ results: unknown[] }>().results).toHaveLength(1);
    expect((await get("?q=a&limit=30")).status).toBe(200);
    for (const bad of ["0", "31", "-1", "1.5", "abc", "", "1e1", " 5"]) await expect422(`?q=a&limit=${encodeURIComponent(bad)}`, "limit");
  });

  it("lists platforms with platforms=1, and allows no other value", async () => {
    const res = await get("?platforms=1");
    expect(res.status).toBe(200);
    const body = res.json<{ platforms: { id: string; name: string; aliases: string[]; gameCount: number }[] }>();
    expect(body.platforms.map((p) => p.id).sort()).toEqual(["gb", "gba", "megadrive", "nes", "psx", "snes"]);
    expect(body.platforms.every((p) => p.gameCount > 0 && p.aliases.length > 0)).toBe(true);
    await expect422("?platforms=2", "platforms");
    await expect422("?platforms=true&q=x", "platforms");
  });

  it("names every bad parameter at once, and a repeated one", async () => {
    await expect422(`?limit=99&platforms=0&system=${"x".repeat(70)}`, "limit", "platforms", "system");
    await expect422("?q=a&q=b", "q");
  });

  it("ignores unknown parameters", async () => {
    expect((await get("?q=starfall&utm_source=x")).status).toBe(200);
  });
});
