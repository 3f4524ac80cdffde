import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Every way a session token can be forged or stale is refused on user and admin routes alike,
// with the one answer the browser turns into a logout.
let t: TestApp;
let user: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
const SESSION_EXPIRED = { message: "Session expired. Please log in again." };
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  user = await buildUser(t.app);
  admin = await buildUser(t.app, { isAdmin: true });
});
afterAll(() => t.close());

const secret = () => new TextEncoder().encode(t.app.ctx.config.jwtSecret);
const claimsOf = (u: typeof user, over: Record<string, unknown> = {}) => ({
  userId: u.user.id,
  role: u.user.isAdmin ? "admin" : "user",
  sv: u.user.sessionVersion,
  sid: "5f0c8f52-07f4-4d61-8d1c-4b2f0a8c9e11",
  sexp: now() + 3600,
  ...over,
});
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

async function hs(alg: "HS256" | "HS384" | "HS512", claims: object, exp = now() + 600, key = secret()) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg, typ: "JWT" })
    .setIssuedAt(now() - 5)
    .setExpirationTime(exp)
    .sign(key);
}

const ROUTES = ["/api/auth/me", "/api/applications", "/api/meetings", "/api/users"];

async function expectRefused(token: string) {
  for (const url of ROUTES) {
    const res = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url} with a forged token`).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  }
}

describe("session tokens", () => {
  it("a genuine token works (so the refusals below are about the token alone)", async () => {
    for (const url of ROUTES) {
      const res = await t.app.inject({ method: "GET", url, headers: admin.auth });
      expect(res.statusCode, url).toBe(200);
    }
    const token = await hs("HS256", claimsOf(admin));
    const res = await t.app.inject({
      method: "GET",
      url: "/api/users",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a token whose signature is wrong", async () => {
    const [h, p, s] = admin.token.split(".") as [string, string, string];
    const flipped = s.slice(0, -2) + (s.endsWith("AA") ? "BB" : "AA");
    await expectRefused(`${h}.${p}.${flipped}`);
    await expectRefused(
      await hs("HS256", claimsOf(admin), now() + 600, new TextEncoder().encode("x".repeat(48))),
    );
  });

  it("refuses a payload changed after signing (another user, a higher role)", async () => {
    const [h, , s] = user.token.split(".") as [string, string, string];
    await expectRefused(`${h}.${b64({ ...claimsOf(admin), iat: now(), exp: now() + 600 })}.${s}`);
    await expectRefused(
      `${h}.${b64({ ...claimsOf(user, { role: "admin" }), iat: now(), exp: now() + 600 })}.${s}`,
    );
  });

  it("refuses alg none, with or without a signature", async () => {
    const header = b64({ alg: "none", typ: "JWT" });
    const payload = b64({ ...claimsOf(admin), iat: now(), exp: now() + 600 });
    await expectRefused(`${header}.${payload}.`);
    await expectRefused(`${header}.${payload}`);
    await expectRefused(`${b64({ alg: "NONE" })}.${payload}.${admin.token.split(".")[2]}`);
  });

  it("refuses other algorithms, even HS512/HS384 keyed with the server's own secret", async () => {
    await expectRefused(await hs("HS512", claimsOf(admin)));
    await expectRefused(await hs("HS384", claimsOf(admin)));
    const { privateKey } = await generateKeyPair("RS256");
    const rs = await new SignJWT(claimsOf(admin))
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime(now() + 600)
      .sign(privateKey);
    await expectRefused(rs);
  });

  it("refuses an expired token, and one without an expiry", async () => {
    await expectRefused(await hs("HS256", claimsOf(admin), now() - 1));
    const noExp = await new SignJWT(claimsOf(admin))
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .sign(secret());
    await expectRefused(noExp);
  });

  it("refuses tokens of unknown users and of an older session version", async () => {
    await expectRefused(
      await hs("HS256", claimsOf(admin, { userId: "00000000-0000-4000-8000-000000000000" })),
    );
    await expectRefused(await hs("HS256", claimsOf(admin, { userId: "' or 1=1 --" })));
    await expectRefused(await hs("HS256", claimsOf(admin, { sv: admin.user.sessionVersion - 1 })));
  });

  it("takes the role from the account, not the token: a user's token claiming admin gets 403", async () => {
    const token = await hs("HS256", claimsOf(user, { role: "admin" }));
    const res = await t.app.inject({
      method: "GET",
      url: "/api/users",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it("reads the token only from a Bearer authorization header", async () => {
    for (const headers of [
      { authorization: admin.token },
      { authorization: `Basic ${admin.token}` },
      { cookie: `token=${admin.token}` },
      {},
    ]) {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/me", headers });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({ method: "GET", url: `/api/auth/me?token=${admin.token}` });
    expect(res.statusCode).toBe(401);
  });
});
