import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// The limits as a deployment has them: the value comes from the real configuration, not a test one.
const LIMIT = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "visa-cfg-")) }).authRateLimit;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: LIMIT });
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: ip });

async function statuses(n: number, send: (i: number) => ReturnType<typeof post>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).statusCode);
  return out;
}

describe("rate limits with the deployed configuration", () => {
  it("is a small number per minute", () => {
    expect(LIMIT).toBeGreaterThanOrEqual(3);
    expect(LIMIT).toBeLessThanOrEqual(20);
  });

  it("an attacker's wrong passwords for the admin's address lock out only the attacker", async () => {
    const { user } = await buildUser(t.app, { isAdmin: true });
    const guesses = await statuses(LIMIT + 10, (i) =>
      post("/api/auth/login", { email: user.email, password: `guess-${i}` }, "10.20.0.1"),
    );
    expect(guesses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(guesses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    for (const ip of ["10.21.0.1", "10.21.0.2", "2001:db8:21::1"]) {
      const right = await post("/api/auth/login", { email: user.email, password: FACTORY_PASSWORD }, ip);
      expect(right.statusCode).toBe(200);
      expect(right.json().token).toEqual(expect.any(String));
    }
  });

  it("stops guessing one account's password from one client, even at the right password", async () => {
    const { user } = await buildUser(t.app);
    await statuses(LIMIT, (i) =>
      post("/api/auth/login", { email: user.email, password: `g-${i}` }, "10.26.0.1"),
    );
    const right = await post(
      "/api/auth/login",
      { email: user.email, password: FACTORY_PASSWORD },
      "10.26.0.1",
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().token).toBeUndefined();
  });

  it("stops one client trying many accounts", async () => {
    const tries = await statuses(LIMIT + 5, (i) =>
      post("/api/auth/login", { email: `nobody-${i}@example.test`, password: "secret" }, "10.22.0.1"),
    );
    expect(tries.filter((s) => s !== 429)).toHaveLength(LIMIT);
    expect(tries.slice(LIMIT).every((s) => s === 429)).toBe(true);
  });

  it("stops one client flooding forgot-password, and one guessing reset tokens", async () => {
    const forgot = await statuses(LIMIT + 3, (i) =>
      post("/api/auth/forgot-password", { email: `someone-${i}@example.test` }, "10.23.0.1"),
    );
    expect(forgot.slice(LIMIT).every((s) => s === 429)).toBe(true);
    const reset = await statuses(LIMIT + 3, (i) =>
      post(`/api/auth/reset-password/${"a".repeat(40)}${i}`, { password: "new-password" }, "10.24.0.1"),
    );
    expect(reset.filter((s) => s === 429)).toHaveLength(3);
  });

  it("cannot be dodged by claiming another address in X-Forwarded-For (no proxy is trusted by default)", async () => {
    const tries = await statuses(LIMIT + 3, (i) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: `forged-${i}@example.test`, password: "secret" },
        remoteAddress: "10.25.0.1",
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      }),
    );
    expect(tries.slice(LIMIT).every((s) => s === 429)).toBe(true);
  });
});
