import { describe, expect, it } from "vitest";
import { parseTosecName, TosecNameError } from "../../../src/catalog/names/parse-tosec-name.ts";

// Written from the TOSEC Naming Convention (tosecdev.org): field order, the mandatory date and
// publisher, and the dump flag list [cr][f][h][m][p][t][tr][o][u][v][b][a][!].
describe("parseTosecName", () => {
  it("reads title, date and publisher; drops the file extension", () => {
    const t = parseTosecName("Legend of Zelda, The (1986)(Nintendo).nes");
    expect(t.parsed.title).toBe("The Legend of Zelda");
    expect(t.date).toBe("1986");
    expect(t.publisher).toBe("Nintendo");
    expect(t.parsed.status).toBe("release");
  });

  it("keeps a version in the title part as the release version, never in the title", () => {
    expect(parseTosecName("Cross Snake v1.0 (2020-12-12)(Caruso, Fabrizio)").parsed).toMatchObject({
      title: "Cross Snake",
      version: "v1.0",
    });
    expect(parseTosecName("Aerial Assault Rev 1 (1992)(Sega)").parsed).toMatchObject({ title: "Aerial Assault", version: "Rev 1" });
    expect(parseTosecName("Super Mario Bros. Rev PRG0 (1985)(Nintendo)").parsed).toMatchObject({
      title: "Super Mario Bros.",
      version: "Rev PRG0",
    });
    expect(parseTosecName("Cross Snake v1.0 (2020-12-12)(Caruso, Fabrizio)").publisher).toBe("Caruso, Fabrizio");
  });

  it("treats an unknown publisher (-) as absent and accepts partial dates", () => {
    const t = parseTosecName("Some Game (198x)(-)");
    expect(t.publisher).toBeUndefined();
    expect(t.date).toBe("198x");
    expect(parseTosecName("Other (1992-05)(Pub)").date).toBe("1992-05");
  });

  it("reads (demo) before the date as the demo status", () => {
    expect(parseTosecName("Game (demo) (1990)(Pub)").parsed.status).toBe("demo");
    expect(parseTosecName("Game (demo-kiosk) (1990)(Pub)").parsed.status).toBe("demo");
  });

  it("reads system, video, country, language, copyright and devstatus in their order", () => {
    const t = parseTosecName("Game (1990)(Pub)(A500)(PAL)(DE-GB)(de-en)(PD)(beta)");
    expect(t.system).toBe("A500");
    expect(t.video).toBe("PAL");
    expect(t.parsed.regions).toEqual(["Germany", "UK"]);
    expect(t.parsed.languages).toEqual(["De", "En"]);
    expect(t.parsed.extra).toContain("PD");
    expect(t.parsed.status).toBe("beta");
  });

  it("keeps both numbers of (Disk N of M) and the media label", () => {
    const t = parseTosecName("Snatcher (1988)(Konami)(Disk 3 of 4)(Data Disk)");
    expect(t.parsed.disc).toBe(3);
    expect(t.discCount).toBe(4);
    expect(t.mediaLabel).toBe("Data Disk");
    expect(parseTosecName("Game (1988)(Pub)(Side B)").parsed.flags).toContain("Side B");
  });

  it.each([
    ["[cr Fairlight]", "Cracked"],
    ["[f NTSC]", "Fixed"],
    ["[h Attus]", "Hack"],
    ["[m]", "Modified"],
    ["[p]", "Pirate"],
    ["[t +3]", "Trained"],
    ["[tr de]", "Translation"],
    ["[v]", "Virus"],
    ["[!]", "Verified"],
  ])("maps the dump flag %s to %s and keeps it verbatim", (tag, flag) => {
    const t = parseTosecName(`Game (1990)(Pub)${tag}`);
    expect(t.parsed.flags).toContain(flag);
    expect(t.parsed.flags).toContain(tag);
  });

  it.each(["[b]", "[b2 Someone]", "[o]", "[u]"])("gives the bad dump %s status bad, not release", (tag) => {
    expect(parseTosecName(`Game (1990)(Pub)${tag}`).parsed.status).toBe("bad");
  });

  it("numbers alternates", () => {
    expect(parseTosecName("Game (1990)(Pub)[a]").parsed.flags).toContain("Alt");
    expect(parseTosecName("Game (1990)(Pub)[a2]").parsed.flags).toContain("Alt 2");
  });

  it("keeps [more info] brackets verbatim", () => {
    const t = parseTosecName("Airheart (1986)(Broderbund)(IIE)(US)[cr san inc][128K]");
    expect(t.system).toBe("IIE");
    expect(t.parsed.regions).toEqual(["USA"]);
    expect(t.parsed.flags).toEqual(["Cracked", "[cr san inc]", "[128K]"]);
  });

  it("strips odd extensions after the last tag", () => {
    expect(parseTosecName("Baseball (1981)(Epoch)(JP)(en).bin777").parsed.title).toBe("Baseball");
  });

  it.each(["ZZZ-UNK-Escape.dsk", "track43.0.hxcstream", "Game (1990)(Pub)[unclosed", "(1990)(Pub)"])(
    "refuses the malformed name %s",
    (name) => {
      expect(() => parseTosecName(name)).toThrow(TosecNameError);
    },
  );
});
