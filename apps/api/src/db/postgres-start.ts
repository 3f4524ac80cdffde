import type pg from "pg";

/**
 * A PostgreSQL server that cannot be used at start, said in one line that names DATABASE_URL and
 * the reason, and never its password.
 */
export class PostgresStartError extends Error {}

/** "host:port/database" of DATABASE_URL: enough to tell which server is meant, no credentials. */
export function whereIs(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = url.hostname || url.searchParams.get("host") || "localhost";
    const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
    return `${host}:${url.port || "5432"}${database ? `/${database}` : ""}`;
  } catch {
    return "its address does not parse";
  }
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error itself and its causes (Drizzle wraps the driver's error as `cause`). */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  for (let e = error; e && typeof e === "object" && out.length < 5; e = (e as ErrorLike).cause) {
    out.push(e as ErrorLike);
  }
  return out;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found (name lookup failed)",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  ECONNRESET: "connection reset",
};

/** SQLSTATE classes that mean the server was reached but refused this client or its database. */
const SIGN_IN_CODES = new Set(["28P01", "28000", "3D000", "53300", "57P03"]);

/** Says in one line why the PostgreSQL server in `databaseUrl` could not be used at start. */
export function postgresStartError(error: unknown, databaseUrl: string): PostgresStartError {
  if (error instanceof PostgresStartError) return error;
  const where = `DATABASE_URL (${whereIs(databaseUrl)})`;
  const errors = chain(error);
  const message = (e: ErrorLike) => (typeof e.message === "string" ? e.message : "");
  const network = errors.find((e) => typeof e.code === "string" && e.code in NETWORK_REASONS);
  const timedOut = errors.some((e) => /connection timeout|timeout expired/i.test(message(e)));
  const server = errors.find((e) => typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code));
  let line: string;
  if (network || timedOut) {
    const reason = network ? NETWORK_REASONS[network.code as string] : "no answer in time";
    line = `Cannot reach the PostgreSQL server in ${where}: ${reason}`;
  } else if (server && SIGN_IN_CODES.has(server.code as string)) {
    line = `The PostgreSQL server in ${where} refused the connection: ${message(server)}`;
  } else {
    const schema = /^Failed query: CREATE SCHEMA IF NOT EXISTS "([^"]+)"/.exec(message(errors[0] ?? {}))?.[1];
    const step = schema ? `could not create the schema "${schema}"` : "could not prepare the database";
    const reason = message(server ?? errors.at(-1) ?? {}) || String(error);
    line = `Cannot start on the PostgreSQL database in ${where}: ${step}: ${reason}`;
  }
  return new PostgresStartError(withoutSecrets(line, databaseUrl));
}

/** One line, with the URL's password (as typed or decoded) taken out wherever it appears. */
function withoutSecrets(line: string, databaseUrl: string): string {
  let out = line.replace(/\s*\n\s*/g, " ").trim();
  try {
    const password = new URL(databaseUrl).password;
    for (const secret of [password, decodeURIComponent(password)]) {
      if (secret) out = out.replaceAll(secret, "***");
    }
  } catch {
    // an address that does not parse carries no password we could find
  }
  return out;
}

/**
 * Refuses a database whose encoding is not UTF-8: names in other scripts would be refused or
 * garbled, and case-insensitive search of them needs it.
 */
export async function requireUtf8(client: pg.Client, databaseUrl: string): Promise<void> {
  const { rows } = await client.query<{ server_encoding: string }>("show server_encoding");
  const encoding = rows[0]?.server_encoding;
  if (encoding !== "UTF8") {
    throw new PostgresStartError(
      `The database in DATABASE_URL (${whereIs(databaseUrl)}) is encoded ${encoding}; the portal needs UTF8: create it with ENCODING 'UTF8' (and a UTF-8 locale) and start again`,
    );
  }
}
