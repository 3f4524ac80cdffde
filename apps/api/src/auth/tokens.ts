import { createHmac, createSecretKey, type KeyObject, randomUUID, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";

export interface TokenClaims {
  userId: string;
  role: "admin" | "user";
  /** The user's session version when the token was issued. */
  sv: number;
  /** The session this token belongs to: every renewal of one sign-in carries the same id. */
  sid: string;
  /** When the session itself ends (seconds since the epoch): no renewal's `exp` passes it. */
  sexp: number;
  exp: number;
  iat: number;
}

/** One sign-in: its id and its absolute end, seconds since the epoch. */
export interface SessionRef {
  id: string;
  expiresAt: number;
}

/** A new session ending ttlSeconds from now. */
export function newSession(ttlSeconds: number): SessionRef {
  return { id: randomUUID(), expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds };
}

const ALG = "HS256";

/** Signs a token of the session for the user, valid for ttlSeconds but never past the session's end. */
export async function signToken(
  secret: string,
  user: { id: string; isAdmin: boolean; sessionVersion: number },
  ttlSeconds: number,
  session: SessionRef = newSession(ttlSeconds),
): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = Math.min(now + ttlSeconds, session.expiresAt);
  const token = await new SignJWT({
    userId: user.id,
    role: user.isAdmin ? "admin" : "user",
    sv: user.sessionVersion,
    sid: session.id,
    sexp: session.expiresAt,
  })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** HMAC keys by secret: a KeyObject made once instead of a key import per request. */
const keys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, "utf8"));
    keys.set(secret, key);
  }
  return key;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The token's claims, or null when the signature, algorithm, shape or expiry is wrong.
 * Verified synchronously with node:crypto: every authenticated request runs this, and a Web
 * Crypto verify costs a key import and a thread-pool round trip each time. Only HS256 is
 * accepted, the signature must be the exact base64url of the HMAC (compared in constant time),
 * and tokens with critical header parameters, without an expiry, past it, or not yet valid,
 * or without a session (id and end) are refused.
 */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJson(h);
  if (!header || header.alg !== ALG || header.crit !== undefined) return null;
  const expected = Buffer.from(createHmac("sha256", hmacKey(secret)).update(`${h}.${p}`).digest("base64url"));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(p);
  if (!payload) return null;
  const { userId, role, sv, sid, sexp, exp, iat, nbf } = payload as Partial<TokenClaims> & { nbf?: unknown };
  if (typeof userId !== "string" || (role !== "admin" && role !== "user")) return null;
  if (typeof sv !== "number" || typeof exp !== "number" || typeof iat !== "number") return null;
  if (typeof sid !== "string" || typeof sexp !== "number" || exp > sexp) return null;
  const now = Math.floor(Date.now() / 1000);
  if (exp <= now || (nbf !== undefined && (typeof nbf !== "number" || nbf > now))) return null;
  return { userId, role, sv, sid, sexp, exp, iat };
}
