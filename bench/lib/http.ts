import { signToken } from "../../apps/api/src/auth/tokens.js";
import { BENCH_JWT_SECRET } from "./server.js";

export interface Session {
  token: string;
  headers: Record<string, string>;
}

/** A session as requests carry it: the token in the Authorization header. */
export function bearer(token: string): Session {
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** Signs in through the API (the rate limit allows a few sign-ins per minute per client). */
export async function login(base: string, email: string, password: string): Promise<Session> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return bearer(token);
}

/** A new account's session (registration signs it in). */
export async function register(base: string, email: string, password: string): Promise<Session> {
  const answer = await api(base, null, "POST", "/api/auth/register", {
    email,
    password,
    firstName: "Bench",
    lastName: "Writer",
  });
  if (answer.status !== 201) throw new Error(`register ${email}: ${answer.status}`);
  const { token } = answer.body as { token: string };
  return bearer(token);
}

/** A session token signed with the servers' secret, for a user known to exist with session version 0. */
export async function sessionFor(
  user: { id: string; isAdmin: boolean },
  ttlSeconds = 7200,
): Promise<Session> {
  const { token } = await signToken(BENCH_JWT_SECRET, { ...user, sessionVersion: 0 }, ttlSeconds);
  return bearer(token);
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  ms: number;
}

/** One JSON request; never throws for an HTTP status. */
export async function api(
  base: string,
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(session?.headers ?? {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (a PDF, a ZIP, a page)
  }
  return { status: res.status, body: parsed, ms: performance.now() - started };
}

/** Uploads a CSV file as the multipart field `file`. */
export function uploadCsv(
  base: string,
  session: Session,
  path: string,
  csv: string | Buffer,
  filename = "import.csv",
): Promise<ApiAnswer> {
  return uploadFile(base, session, path, csv, filename, "text/csv");
}

/** Uploads a file as the multipart field `file`, as a browser's form sends it. */
export async function uploadFile(
  base: string,
  session: Session,
  path: string,
  data: string | Buffer,
  filename: string,
  type: string,
): Promise<ApiAnswer> {
  const form = new FormData();
  form.append("file", new Blob([data], { type }), filename);
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { method: "POST", headers: session.headers, body: form });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed, ms: performance.now() - started };
}
