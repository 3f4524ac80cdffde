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
      exp: Math.floor(expiresAt.getTime() / 1000),
      iat: expect.any(Number),
    });
  });

  it("refuses a signature with a character added, removed or made by another secret", async () => {
    const { token } = await signToken(SECRET, user, 600);
    expect(verifyToken(SECRET, `${token}A`)).toBeNull();
    expect(verifyToken(SECRET, token.slice(0, -1))).toBeNull();
    expect(verifyToken(`${SECRET}x`, token)).toBeNull();
    expect(verifyToken(SECRET, `${token}.`)).toBeNull();
  });

  it("refuses critical header parameters, a future nbf, and claims of the wrong type", async () => {
    const claims = { userId: user.id, role: "user", sv: 3, iat: now(), exp: now() + 600 };
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
