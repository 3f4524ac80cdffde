import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { TOO_MANY_REQUESTS } from "./auth-rate-limit.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 3 });
});
afterAll(() => t.close());

// Every test uses its own client addresses and e-mails, so their counts never mix.
const post = (url: string, payload: object | string, ip: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: ip,
    headers: { "content-type": "application/json" },
  });
const login = (email: string, password: string, ip: string) =>
  post("/api/auth/login", { email, password }, ip);

function expectTooMany(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: TOO_MANY_REQUESTS });
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe("login counts failures per address and client together", () => {
  it("one client's wrong passwords lock that client out of the address, not anyone else", async () => {
    const { user } = await buildUser(t.app);
    for (let i = 0; i < 3; i++)
      expect((await login(user.email, "nope-nope", "10.3.0.1")).statusCode).toBe(401);
    expectTooMany(await login(user.email, FACTORY_PASSWORD, "10.3.0.1"));
    const elsewhere = await login(user.email.toUpperCase(), FACTORY_PASSWORD, "10.3.0.2");
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().token).toEqual(expect.any(String));
    // The attacker keeps trying: the owner's client is still not refused.
    for (let i = 0; i < 5; i++) await login(user.email, `guess-${i}`, "10.3.0.1");
    expect((await login(user.email, FACTORY_PASSWORD, "10.3.0.3")).statusCode).toBe(200);
  });

  it("never refuses the right password to a client that has not failed", async () => {
    const { user } = await buildUser(t.app);
    for (let i = 0; i < 8; i++)
      expect((await login(user.email, FACTORY_PASSWORD, "10.6.0.1")).statusCode).toBe(200);
  });

  it("stops one client trying many accounts, before reading its body", async () => {
    for (let i = 1; i <= 3; i++)
      expect((await login(`c${i}@example.test`, "x", "10.2.0.1")).statusCode).toBe(404);
    expectTooMany(await login("c9@example.test", "x", "10.2.0.1"));
    // Refused before the body is parsed: malformed JSON gets 429, not 400.
    expectTooMany(await post("/api/auth/login", "{not json", "10.2.0.1"));
    expect((await login("c9@example.test", "x", "10.2.0.3")).statusCode).toBe(404);
  });

  it("counts an IPv6 client by its /64", async () => {
    for (let i = 1; i <= 3; i++) await login(`v6-${i}@example.test`, "x", `2001:db8:1:2::${i}`);
    expectTooMany(await login("v6-9@example.test", "x", "2001:db8:1:2:ffff::9"));
    expect((await login("v6-9@example.test", "x", "2001:db8:1:3::1")).statusCode).toBe(404);
  });

  it("refuses a body over 16 KB on the sign-in routes with 413", async () => {
    const big = { email: "big@example.test", password: "x".repeat(20_000) };
    const res = await post("/api/auth/login", big, "10.7.0.1");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });
});

describe("forgot-password counts every request, per address and client", () => {
  it("allows the limit per address from one client; another client may still ask", async () => {
    const url = "/api/auth/forgot-password";
    for (let i = 1; i <= 3; i++)
      expect((await post(url, { email: "f@example.test" }, "10.1.0.1")).statusCode).toBe(200);
    expectTooMany(await post(url, { email: "F@example.test" }, "10.1.0.1"));
    expect((await post(url, { email: "f@example.test" }, "10.1.0.2")).statusCode).toBe(200);
  });

  it("allows the limit per client, then refuses that client for any address", async () => {
    const url = "/api/auth/forgot-password";
    for (let i = 1; i <= 3; i++) await post(url, { email: `g${i}@example.test` }, "10.2.1.1");
    expectTooMany(await post(url, { email: "g9@example.test" }, "10.2.1.1"));
  });
});

describe("limits", () => {
  it("reset-password is limited per client", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await post(
        `/api/auth/reset-password/${"a".repeat(43)}`,
        { password: "abcdef" },
        "10.4.0.1",
      );
      expect(res.statusCode).toBe(400);
    }
    expectTooMany(
      await post(`/api/auth/reset-password/${"b".repeat(43)}`, { password: "abcdef" }, "10.4.0.1"),
    );
    const other = await post(
      `/api/auth/reset-password/${"b".repeat(43)}`,
      { password: "abcdef" },
      "10.4.0.2",
    );
    expect(other.statusCode).toBe(400);
  });

  it("limits are per route: a client stopped on login may still ask for a reset", async () => {
    for (let i = 0; i < 4; i++) await login(`r${i}@example.test`, "x", "10.5.0.1");
    expect(
      (await post("/api/auth/forgot-password", { email: "r9@example.test" }, "10.5.0.1")).statusCode,
    ).toBe(200);
  });

  it("keeps its counts in the database, where every server process reads them", async () => {
    for (let i = 0; i < 3; i++) await login(`db${i}@example.test`, "x", "10.8.0.1");
    const rows = await t.app.ctx.db.query.rateLimits.findMany();
    const row = rows.find((r) => r.key === "login:client:10.8.0.1");
    expect(row?.count).toBe(3);
  });
});
