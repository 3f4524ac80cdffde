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
const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: ip });

function expectTooMany(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: TOO_MANY_REQUESTS });
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe.each([
  ["/api/auth/login", (email: string) => ({ email, password: "wrong-password" })],
  ["/api/auth/forgot-password", (email: string) => ({ email })],
])("%s", (url, body) => {
  const tag = url.split("/").at(-1);

  it("allows the limit per address, then refuses that address from any client", async () => {
    const email = `target-${tag}@example.test`;
    for (let i = 1; i <= 3; i++) {
      expect((await post(url, body(email), `10.1.0.${i}`)).statusCode).not.toBe(429);
    }
    expectTooMany(await post(url, body(email.toUpperCase()), "10.1.0.9"));
    expect((await post(url, body(`other-${tag}@example.test`), "10.1.0.9")).statusCode).not.toBe(429);
  });

  it("allows the limit per client, then refuses that client for any address", async () => {
    const ip = tag === "login" ? "10.2.0.1" : "10.2.0.2";
    for (let i = 1; i <= 3; i++) {
      expect((await post(url, body(`c${i}-${tag}@example.test`), ip)).statusCode).not.toBe(429);
    }
    expectTooMany(await post(url, body(`c9-${tag}@example.test`), ip));
    expect((await post(url, body(`c9-${tag}@example.test`), "10.2.0.3")).statusCode).not.toBe(429);
  });
});

describe("limits", () => {
  it("a refused login is refused even with the right password", async () => {
    const { user } = await buildUser(t.app);
    for (let i = 0; i < 3; i++)
      await post("/api/auth/login", { email: user.email, password: "nope-nope" }, "10.3.0.1");
    const res = await post("/api/auth/login", { email: user.email, password: FACTORY_PASSWORD }, "10.3.0.2");
    expectTooMany(res);
    expect(res.json().token).toBeUndefined();
  });

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
    for (let i = 0; i < 4; i++)
      await post("/api/auth/login", { email: `r${i}@example.test`, password: "x" }, "10.5.0.1");
    expect(
      (await post("/api/auth/forgot-password", { email: "r9@example.test" }, "10.5.0.1")).statusCode,
    ).toBe(200);
  });
});
