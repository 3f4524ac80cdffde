import { randomBytes } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { notWritable, prepareDataDir } from "./data-dir/private-files.js";
import { DEFAULT_POOL_SIZE, DEFAULT_QUERY_TIMEOUT_SECONDS } from "./db/client.js";

// Port 0 would listen on whatever port the system picks: nobody could find the server. One
// message for every way a value misses, rather than zod's own ("Too small: expected number to be >=1").
const PORT_RANGE = { error: "must be a port number from 1 to 65535" };
const port = z.coerce.number(PORT_RANGE).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE);
/**
 * An address, alone or after a display name: `a@b.example` or `Portal <a@b.example>`. Loose on
 * the domain, since `no-reply@localhost` is the development default.
 */
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+$/;
const mailbox = z.string().refine(
  (value) => {
    const named = /^[^<>]*<([^<>]+)>$/.exec(value.trim());
    return ADDRESS.test((named ? named[1] : value)?.trim() ?? "");
  },
  { message: 'must be an e-mail address, alone or after a name: "Portal <no-reply@example.org>"' },
);
const webUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" });
const optionalString = z
  .string()
  .optional()
  .transform((s) => (s?.trim() ? s.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_SIZE),
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DEFAULT_QUERY_TIMEOUT_SECONDS),
  JWT_SECRET: optionalString.pipe(
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(30 * 24 * 3600)
    .default(28800),
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .default(7 * 24 * 3600),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6).optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
      .optional(),
  ),
  MAIL_FROM: mailbox.default("Visa Letter Portal <no-reply@localhost>"),
  PUBLIC_URL: optionalString.pipe(webUrl.optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PURGE_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  PURGE_SCHEDULE: z.enum(["off", "daily"]).default("off"),
  WEB_DIST_DIR: optionalString,
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  MAX_APPLICATIONS_PER_USER: z.coerce.number().int().min(1).max(100000).default(50),
  MAX_DOCUMENT_MB_PER_APPLICATION: z.coerce.number().int().min(1).max(10000).default(50),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
});

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Connections each server process keeps to a PostgreSQL server (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** How long a statement on a PostgreSQL server may go unanswered (DATABASE_QUERY_TIMEOUT_SECONDS). */
  databaseQueryTimeoutMs?: number;
  /** Embedded database in memory only (tests). */
  inMemoryDatabase?: boolean;
  jwtSecret: string;
  /**
   * JWT_SECRET unset with DATABASE_URL: `jwtSecret` is only a candidate, and buildApp takes the
   * key kept in the database instead, so every server on it accepts the others' tokens.
   */
  jwtSecretInDatabase?: boolean;
  tokenTtlSeconds: number;
  /** A sign-in's absolute lifetime: renewing its token never passes it. */
  sessionMaxAgeSeconds: number;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** PUBLIC_URL was not set: `publicUrl` is this machine's own address. */
  publicUrlDefaulted?: boolean;
  logLevel: string;
  purgeAfterDays: number;
  /** "daily": the server purges old applications by itself; absent means "off". */
  purgeSchedule?: "off" | "daily";
  /** Built web app to serve; absent or missing directory means API only. */
  webDistDir?: string;
  /** Data rows one import file may hold; a larger file is refused before anything is written. */
  importMaxRows: number;
  /** Applications one account may own (its own requests; imports are not counted against it). */
  maxApplicationsPerUser: number;
  /** Total bytes of the documents uploaded to one application. */
  maxDocumentBytesPerApplication: number;
  /** Requests per minute allowed on login and forgot-password, per address and per client. */
  authRateLimit: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. Off by default, so clients cannot spoof it. */
  trustProxy?: boolean;
}

/**
 * What a production server says at start when PUBLIC_URL is unset: every letter it signs prints
 * a verification link and QR code to this machine's localhost, for good, since letters never change.
 */
export function publicUrlWarning(config: AppConfig): string | null {
  if (config.env !== "production" || !config.publicUrlDefaulted) return null;
  return `PUBLIC_URL is not set: letters (their verification link and QR code, which never change) and e-mails link to ${config.publicUrl}, which no one else can open. Set PUBLIC_URL to the portal's public address.`;
}

/** Invalid configuration: the message is one line naming the variable. */
export class ConfigError extends Error {}

/** Reads and checks every variable once; throws ConfigError naming the first bad one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError("Invalid configuration: JWT_SECRET is required when NODE_ENV=production");
  }
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) {
    throw new ConfigError("Invalid configuration: ADMIN_PASSWORD is required with ADMIN_EMAIL");
  }
  const dataDir = resolve(e.DATA_DIR);
  refuseUnusableDataDir(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
    jwtSecret: e.JWT_SECRET ?? (e.DATABASE_URL ? candidateSecret(dataDir) : persistentSecret(dataDir)),
    jwtSecretInDatabase: !e.JWT_SECRET && !!e.DATABASE_URL,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    publicUrlDefaulted: !e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    purgeAfterDays: e.PURGE_AFTER_DAYS,
    purgeSchedule: e.PURGE_SCHEDULE,
    webDistDir: e.WEB_DIST_DIR ?? resolve(import.meta.dirname, "../../web/dist"),
    importMaxRows: e.IMPORT_MAX_ROWS,
    maxApplicationsPerUser: e.MAX_APPLICATIONS_PER_USER,
    maxDocumentBytesPerApplication: e.MAX_DOCUMENT_MB_PER_APPLICATION * 1024 * 1024,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY === "true",
  };
}

/**
 * The server's configuration: loadConfig's, with ADMIN_PASSWORD refused without ADMIN_EMAIL, which
 * the server would silently ignore (`npm run admin --email` takes ADMIN_PASSWORD alone).
 */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const config = loadConfig(env);
  if (config.adminPassword && !config.adminEmail) {
    throw new ConfigError("Invalid configuration: ADMIN_EMAIL is required with ADMIN_PASSWORD");
  }
  // The embedded database's DATA_DIR is made and locked at start; on a PostgreSQL server, DATA_DIR
  // still takes the outbox when there is no SMTP_URL. Made now, so one that cannot be is refused
  // here rather than found by the first mail (a DATA_DIR in /proc kept its writer retrying forever).
  if (config.databaseUrl && !config.smtpUrl) {
    try {
      prepareDataDir(config.dataDir);
    } catch (e) {
      const problem = notWritable(config.dataDir, e);
      throw new ConfigError(
        `Invalid configuration: DATA_DIR ${problem ?? `${config.dataDir} cannot be made (${(e as NodeJS.ErrnoException).code ?? e})`}, or set SMTP_URL to send mail instead of keeping it there`,
      );
    }
  }
  return config;
}

/**
 * An environment value that is empty or only spaces is taken as unset, so it gets the documented
 * default: `PORT=` in a unit file or a compose file otherwise became port 0, a random port.
 */
function withoutBlanks(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
}

/** Refuses a DATA_DIR that is a file, or lies under one, before anything tries to create it. */
function refuseUnusableDataDir(dataDir: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dataDir).isDirectory();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    const reason =
      code === "ENOTDIR" ? "lies under a file, not a directory" : `cannot be read (${code ?? e})`;
    throw new ConfigError(`Invalid configuration: DATA_DIR ${dataDir} ${reason}`);
  }
  if (!isDirectory)
    throw new ConfigError(`Invalid configuration: DATA_DIR ${dataDir} is a file, not a directory`);
}

/** The secret kept in DATA_DIR by an earlier start, if any. */
function keptSecret(dataDir: string): string | undefined {
  try {
    return readFileSync(join(dataDir, "jwt-secret"), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The key a server offers to keep in a PostgreSQL database that has none yet: the one an earlier
 * version kept in DATA_DIR, so its sessions go on, or a new one.
 */
function candidateSecret(dataDir: string): string {
  return keptSecret(dataDir) ?? randomBytes(48).toString("base64url");
}

/** A development secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const kept = keptSecret(dataDir);
  if (kept) return kept;
  try {
    prepareDataDir(dataDir);
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(join(dataDir, "jwt-secret"), secret, { mode: 0o600 });
    return secret;
  } catch (e) {
    const problem = notWritable(dataDir, e);
    if (problem) throw new ConfigError(`Invalid configuration: DATA_DIR ${problem}`);
    const reason = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new ConfigError(
      `Invalid configuration: DATA_DIR ${dataDir} cannot keep the generated token key (${reason}); give a DATA_DIR this user may write, or set JWT_SECRET`,
    );
  }
}
