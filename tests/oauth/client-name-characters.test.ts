import { beforeAll, describe, expect, inject, it } from "vitest";
import { invisibleCharacter } from "../../src/core/invisible-characters.ts";
import { http } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * Names shown to people (a client's name on the consent page, a member's display name) refuse
 * bidirectional controls and zero-width characters: "\u202eppa\u202c Ludex" would read backwards.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_REGISTRATION_RATE_LIMIT: "0" });
});

const register = (client_name: string) =>
  http(server.url("/oauth/register/"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name, redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none" }),
  });

describe("names with bidirectional controls or zero-width characters", () => {
  it("names the first such character", () => {
    expect(invisibleCharacter("\u202eppa\u202c Ludex")).toBe("U+202E");
    expect(invisibleCharacter("Lu\u200bdex")).toBe("U+200B");
    expect(invisibleCharacter("Lu\u2067dex")).toBe("U+2067");
    expect(invisibleCharacter("\ufeffLudex")).toBe("U+FEFF");
    expect(invisibleCharacter("Ludex 東京 café")).toBeUndefined();
  });

  it("are refused as client_name with invalid_client_metadata, which names the character", async () => {
    for (const [name, code] of [
      ["\u202eppa\u202c Ludex", "U+202E"],
      ["Lu\u200ddex", "U+200D"],
      ["\u2066Ludex\u2069", "U+2066"],
      ["Lu\u200edex", "U+200E"],
    ] as const) {
      const res = await register(name);
      expect(res.status, name).toBe(400);
      expect(res.json()).toEqual({
        error: "invalid_client_metadata",
        error_description: `client_name must not contain bidirectional controls or zero-width characters (found ${code})`,
      });
    }
    expect((await register("Ludex Player 東京")).status).toBe(201);
  });

  it("are refused as a member's display name", async () => {
    await expect(
      server.ludex.oauth.members.add({ username: "eve", displayName: "\u202eeve", password: "long password 1" }),
    ).rejects.toMatchObject({ detail: expect.stringMatching(/bidirectional or zero-width/) });
    await expect(
      server.ludex.oauth.members.add({ username: "eve", displayName: "E\u200bve", password: "long password 1" }),
    ).rejects.toMatchObject({ detail: expect.stringMatching(/bidirectional or zero-width/) });
    const eve = await server.ludex.oauth.members.add({ username: "eve", displayName: "Ève", password: "long password 1" });
    expect(eve.displayName).toBe("Ève");
  });
});
