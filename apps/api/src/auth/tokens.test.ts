import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "./tokens.js";

// The verifier is our own code over node:crypto; tokens signed by jose are the reference.
const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const user = { id: "7d97b18e-369a-48d7-96b7-ae9324bf71a0", isAdmin: false, sessionVersion: 3 };
const now = () => Math.floor(Date.now() / 1000);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

function signed(header: Record<string, unknown>, claims: Record<string, unknown>) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", ...header })
    .sign(new TextEncoder().encode(SECRET));
}

describe("verifyToken", () => {
  it("returns the claims of a token signToken made", async () => {
    const { token, expiresAt } = await signToken(SECRET, user, 600);
    expect(verifyToken(SECRET, token)).toEqual({
      userId: user.id,
      role: "user",
      sv: 3,
      sid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sexp: Math.floor(expiresAt.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
      iat: expect.any(Number),
    });
  });

  it("never signs past the session's end, and refuses a token that claims to", async () => {
    const session = { id: "0b0e8a3c-5a57-4c1e-9d36-1a1d34a0b1c2", expiresAt: now() + 120 };
    const { token, expiresAt } = await signToken(SECRET, user, 3600, session);
    expect(Math.floor(expiresAt.getTime() / 1000)).toBe(session.expiresAt);
    expect(verifyToken(SECRET, token)?.sid).toBe(session.id);
    const claims = { userId: user.id, role: "user", sv: 3, iat: now(), sid: session.id };
    expect(
      verifyToken(SECRET, await signed({}, { ...claims, exp: now() + 600, sexp: now() + 60 })),
    ).toBeNull();
    const { sid: _sid, ...noSession } = claims;
    expect(
      verifyToken(SECRET, await signed({}, { ...noSession, exp: now() + 60, sexp: now() + 60 })),
    ).toBeNull();
    expect(verifyToken(SECRET, await signed({}, { ...claims, exp: now() + 60 }))).toBeNull();
  });

  it("refuses a signature with a character added, removed or made by another secret", async () => {
    const { token } = await signToken(SECRET, user, 600);
    expect(verifyToken(SECRET, `${token}A`)).toBeNull();
    expect(verifyToken(SECRET, token.slice(0, -1))).toBeNull();
    expect(verifyToken(`${SECRET}x`, token)).toBeNull();
    expect(verifyToken(SECRET, `${token}.`)).toBeNull();
  });

  it("refuses critical header parameters, a future nbf, and claims of the wrong type", async () => {
    const sid = "0b0e8a3c-5a57-4c1e-9d36-1a1d34a0b1c2";
    const claims = {
      userId: user.id,
      role: "user",
      sv: 3,
      sid,
      sexp: now() + 600,
      iat: now(),
      exp: now() + 600,
    };
    expect(verifyToken(SECRET, await signed({}, claims))).not.toBeNull();
    expect(verifyToken(SECRET, await signed({ crit: ["b64"], b64: true }, claims))).toBeNull();
    expect(verifyToken(SECRET, await signed({}, { ...claims, nbf: now() + 60 }))).toBeNull();
    expect(verifyToken(SECRET, await signed({}, { ...claims, nbf: "soon" }))).toBeNull();
    expect(verifyToken(SECRET, await signed({}, { ...claims, sv: "3" }))).toBeNull();
    expect(verifyToken(SECRET, await signed({}, { ...claims, role: "root" }))).toBeNull();
    expect(verifyToken(SECRET, await signed({}, { ...claims, exp: now() }))).toBeNull();
  });

  it("refuses headers and payloads that are not JSON objects", () => {
    expect(verifyToken(SECRET, `${Buffer.from("[1]").toString("base64url")}.${b64({})}.x`)).toBeNull();
    expect(verifyToken(SECRET, "not-a-token")).toBeNull();
    expect(verifyToken(SECRET, "..")).toBeNull();
  });
});
