import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Security headers on every answer the server gives: pages of the web app, its assets, API
// answers and API errors. A built web app is stood in by a minimal one, served the same way.
let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "visa-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><div id="root"></div><script src="/assets/app.js"></script>',
  );
  writeFileSync(join(dist, "assets/app.js"), "console.log('app')");
  t = await createTestApp({ webDistDir: dist });
  auth = (await buildUser(t.app, { isAdmin: true })).auth;
});
afterAll(() => t.close());

const PAGES = [
  "/",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password/0123456789abcdef",
  "/applications/new",
  "/applications/5f0e8a8e-1d2c-4b7a-9c1e-2f3a4b5c6d7e",
  "/admin",
  "/admin/meetings",
  "/admin/users",
  "/admin/applications/5f0e8a8e-1d2c-4b7a-9c1e-2f3a4b5c6d7e",
  "/verify/ABC-123",
  "/a/page/that/does/not/exist",
];

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers["content-security-policy"] ?? "");
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? "", values]),
  );
  expect(directives.get("default-src"), `${what}: default-src`).toEqual(["'self'"]);
  expect(directives.get("script-src"), `${what}: script-src`).toEqual(["'self'"]);
  expect(directives.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get("object-src"), `${what}: object-src`).not.toContain("*");
  expect(csp, `${what}: no eval`).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"], `${what}: nosniff`).toBe("nosniff");
  expect(headers["referrer-policy"], `${what}: referrer policy`).toBe("no-referrer");
  expect(directives.get("font-src"), `${what}: font-src`).toEqual(["'self'"]);
  // CSP frame-ancestors rules framing; the older header only disagreed with it.
  expect(headers["x-frame-options"], `${what}: x-frame-options`).toBeUndefined();
  expect(headers["strict-transport-security"], `${what}: no HSTS over plain HTTP`).toBeUndefined();
  expect(headers["x-powered-by"], `${what}: x-powered-by`).toBeUndefined();
}

describe("security headers", () => {
  it.each(PAGES)("page %s is the app shell with every header", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expectSecurityHeaders(res.headers, url);
  });

  it("assets, and a missing asset", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers, "asset");
    const missing = await t.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers, "missing asset");
  });

  it.each([
    ["GET", "/api/health", undefined, 200, false],
    ["GET", "/api/auth/me", undefined, 200, true],
    ["GET", "/api/auth/me", undefined, 401, false],
    ["GET", "/api/meetings", undefined, 200, true],
    ["GET", "/api/applications?admin=true&page=-1", undefined, 400, true],
    ["GET", "/api/applications/not-an-id", undefined, 400, true],
    ["GET", "/api/no-such-route", undefined, 404, false],
    ["POST", "/api/auth/login", "{not json", 400, false],
  ] as const)("API %s %s answers %i with every header", async (method, url, payload, status, signedIn) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(signedIn ? auth : {}), ...(payload ? { "content-type": "application/json" } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expectSecurityHeaders(res.headers, `${method} ${url}`);
    expect(res.headers["cache-control"], `${method} ${url}: cache-control`).toBe("no-store");
  });
});

describe("HSTS", () => {
  it("is sent only over HTTPS: a public address in https, or a trusted proxy's X-Forwarded-Proto", async () => {
    const proxied = await createTestApp({ trustProxy: true });
    const https = await createTestApp({ publicUrl: "https://visa.example.org" });
    try {
      const viaHttps = await proxied.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(viaHttps.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
      const viaHttp = await proxied.app.inject({ method: "GET", url: "/api/health" });
      expect(viaHttp.headers["strict-transport-security"]).toBeUndefined();
      // Without a trusted proxy a client's X-Forwarded-Proto means nothing.
      const claimed = await t.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(claimed.headers["strict-transport-security"]).toBeUndefined();
      const always = await https.app.inject({ method: "GET", url: "/login" });
      expect(always.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    } finally {
      await proxied.close();
      await https.close();
    }
  });
});

describe("upgrade-insecure-requests", () => {
  it("is sent only when the public address is HTTPS, so plain-HTTP installs keep their assets", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/login" });
    expect(plain.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    const https = await createTestApp({ publicUrl: "https://visa.example.org" });
    try {
      const res = await https.app.inject({ method: "GET", url: "/api/health" });
      expect(res.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
  });
});
