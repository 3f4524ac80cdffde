import { errors, jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  userId: string;
  role: "admin" | "user";
  /** The user's session version when the token was issued. */
  sv: number;
  exp: number;
  iat: number;
}

const ALG = "HS256";

/** Signs a session token for the user, valid for ttlSeconds. */
export async function signToken(
  secret: string,
  user: { id: string; isAdmin: boolean; sessionVersion: number },
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + ttlSeconds;
  const token = await new SignJWT({
    userId: user.id,
    role: user.isAdmin ? "admin" : "user",
    sv: user.sessionVersion,
  })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The token's claims, or null when the signature, algorithm, shape or expiry is wrong. */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [ALG],
    });
    const { userId, role, sv, exp, iat } = payload as Partial<TokenClaims>;
    if (typeof userId !== "string" || (role !== "admin" && role !== "user")) return null;
    if (typeof sv !== "number" || typeof exp !== "number" || typeof iat !== "number") return null;
    return { userId, role, sv, exp, iat };
  } catch (e) {
    if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
    throw e;
  }
}
