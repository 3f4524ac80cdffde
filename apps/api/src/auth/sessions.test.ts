import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

const MAX_AGE = 120;
let t: TestApp;
beforeAll(async () => {
  // Tokens would live an hour; the session itself only two minutes.
  t = await createTestApp({ tokenTtlSeconds: 3600, sessionMaxAgeSeconds: MAX_AGE });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function signIn(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: FACTORY_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; expiresAt: string };
}
const post = (url: string, token: string) => t.app.inject({ method: "POST", url, headers: bearer(token) });
const me = async (token: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) })).statusCode;

describe("a session has an absolute lifetime", () => {
  it("its token ends with the session, and refreshing it never passes that end", async () => {
    const { user } = await buildUser(t.app);
    const started = Date.now();
    const first = await signIn(user.email);
    const end = Date.parse(first.expiresAt);
    expect(end - started).toBeLessThanOrEqual(MAX_AGE * 1000 + 1000);
    const renewed = await post("/api/auth/refresh", first.token);
    expect(renewed.statusCode).toBe(200);
    expect(Date.parse(renewed.json().expiresAt)).toBe(end);
    const again = await post("/api/auth/refresh", renewed.json().token);
    expect(Date.parse(again.json().expiresAt)).toBe(end);
  });
});

describe("Logout ends the session on the server", () => {
  it("refuses every token of the session, older ones too, and leaves other sessions alone", async () => {
    const { user } = await buildUser(t.app);
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    const renewed = (await post("/api/auth/refresh", laptop.token)).json().token as string;
    const out = await post("/api/auth/logout", renewed);
    expect(out.statusCode).toBe(200);
    expect(await me(renewed)).toBe(401);
    expect(await me(laptop.token)).toBe(401);
    expect((await post("/api/auth/refresh", laptop.token)).statusCode).toBe(401);
    expect(await me(phone.token)).toBe(200);
  });

  it("'Log out everywhere' ends every session of the account, and only of that account", async () => {
    const { user } = await buildUser(t.app);
    const other = await buildUser(t.app);
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    expect((await post("/api/auth/logout-everywhere", a.token)).statusCode).toBe(200);
    expect(await me(a.token)).toBe(401);
    expect(await me(b.token)).toBe(401);
    expect(await me(other.token)).toBe(200);
    expect(await me((await signIn(user.email)).token)).toBe(200);
  });

  it("needs a session to end", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout" });
    expect(res.statusCode).toBe(401);
  });
});
