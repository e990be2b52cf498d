import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderNginxConfig, upstreamServers } from "../../src/deploy/nginx-config.ts";
import { Problem } from "../../src/core/problem.ts";
import { projectRoot } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const template = path.join(projectRoot, "deploy", "nginx", "ludex.conf.template");
const deployment = { publicBaseUrl: "https://ludex.example", artworkBaseUrl: "https://art.example/thumbs" };

describe("the nginx template for several instances", () => {
  it("lists one server line per upstream, each taken out for 2 s (fail_timeout) after one failure", () => {
    expect(upstreamServers(["10.0.0.1:4321", "[::1]:4322", "unix:/run/ludex/c.sock"])).toBe(
      [
        "    server 10.0.0.1:4321 max_fails=1 fail_timeout=2s;",
        "    server [::1]:4322 max_fails=1 fail_timeout=2s;",
        "    server unix:/run/ludex/c.sock max_fails=1 fail_timeout=2s;",
      ].join("\n"),
    );
    for (const bad of [[], ["a:1; include /etc/passwd"], ["nohost"], ["a:1 backup"]]) expect(() => upstreamServers(bad)).toThrow(Problem);
  });

  it("refuses a PUBLIC_BASE_URL that would break out of the canonical Link header's quoted string", () => {
    const options = { listen: "8080", upstream: "127.0.0.1:1", buildDir: "/srv/build", artworkBaseUrl: deployment.artworkBaseUrl };
    for (const bad of [
      'https://a.example/"x',
      "https://a.example/$host",
      "https://a.example/ x",
      "https://a.example/>;rel=x",
      "ftp://a.example",
    ])
      expect(() => renderNginxConfig(template, { ...options, publicBaseUrl: bad }), bad).toThrow(Problem);
    expect(renderNginxConfig(template, { ...options, publicBaseUrl: "https://a.example/ludex/" })).toContain(
      `add_header Link '<https://a.example/ludex$ludex_canonical>; rel="canonical"';`,
    );
  });

  it("retries idempotent requests and the read-only POST endpoints on the next instance, never registrations or tokens", () => {
    const conf = renderNginxConfig(template, {
      listen: "8080",
      upstream: ["127.0.0.1:1", "127.0.0.1:2"],
      buildDir: "/srv/build",
      ...deployment,
    });
    expect(conf).toMatch(/upstream ludex_node \{\n {4}server 127\.0\.0\.1:1 max_fails=1 fail_timeout=2s;\n {4}server 127\.0\.0\.1:2/);
    const retryLines = conf.split("\n").filter((line) => line.includes("proxy_next_upstream "));
    expect(retryLines.length).toBe(4);
    for (const line of retryLines) expect(line).toMatch(/proxy_next_upstream error timeout http_502 http_503( non_idempotent)?;/);
    // non_idempotent only where POST only reads.
    const blocks = conf.split(/\n {4}location /).filter((b) => b.includes("non_idempotent"));
    expect(blocks.map((b) => b.slice(0, b.indexOf("{")).trim()).sort()).toEqual(["= /api/v1/games/", "~ ^/(?:mcp|a2a)/?$"]);
    expect(conf).not.toMatch(/location[^{]*oauth/);
  });

  it("gives the website's pages their CSP with the artwork origin, and HSTS only for an https base URL", () => {
    const https = renderNginxConfig(template, { listen: "8080", upstream: "127.0.0.1:1", buildDir: "/srv/build", ...deployment });
    const pages = https.slice(https.indexOf("location /__pages/"), https.indexOf("location /__css/"));
    expect(pages).toContain(
      `add_header Content-Security-Policy "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https://art.example; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";`,
    );
    expect(pages).toContain('add_header X-Content-Type-Options "nosniff";');
    expect(pages).toContain('add_header Referrer-Policy "strict-origin-when-cross-origin";');
    // Every static location (the internal `/__…/` ones nginx answers itself) sends it, as Node does on every answer.
    const staticLocations = https.match(/location (?:~ \^)?\/__[a-z]+\//g)?.length ?? 0;
    expect(staticLocations).toBeGreaterThanOrEqual(6);
    expect(https.match(/add_header Strict-Transport-Security "max-age=31536000";/g)?.length).toBe(staticLocations);
    expect(https).not.toMatch(/@[A-Z_]+@/);
    const plain = renderNginxConfig(template, {
      listen: "8080",
      upstream: "127.0.0.1:1",
      buildDir: "/srv/build",
      ...deployment,
      publicBaseUrl: "http://ludex.internal",
    });
    expect(plain).not.toContain("Strict-Transport-Security");
    expect(plain).toContain("add_header Content-Security-Policy");
  });

  it.skipIf(nginxBinary === undefined)("is accepted by nginx -t with three upstreams", () => {
    const prefix = tempDir("ludex-nginx-up-");
    mkdirSync(path.join(prefix, "logs"));
    const server = renderNginxConfig(template, {
      listen: "127.0.0.1:1",
      upstream: ["127.0.0.1:2", "127.0.0.1:3", "127.0.0.1:4"],
      buildDir: prefix,
      ...deployment,
    });
    writeFileSync(
      path.join(prefix, "nginx.conf"),
      `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log warn;\nevents {}\nhttp {\n  access_log off;\n${server}\n}\n`,
    );
    const check = spawnSync(nginxBinary ?? "", ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
  });
});
