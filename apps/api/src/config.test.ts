import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadServerConfig, publicUrlWarning } from "./config.js";

const dataDir = () => mkdtempSync(join(tmpdir(), "visa-config-"));

describe("configuration", () => {
  it("needs nothing in development: defaults, and a secret generated once and kept", () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      tokenTtlSeconds: 28800,
      sessionMaxAgeSeconds: 7 * 24 * 3600,
      publicUrl: "http://localhost:3000",
      databasePoolSize: 5,
    });
    expect(a.databaseUrl).toBeUndefined();
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "jwt-secret"), "utf8").trim()).toBe(a.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(a.jwtSecret);
  });

  it.each([
    [{ PORT: "seventy" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
    [{ TOKEN_TTL_SECONDS: "5" }, "TOKEN_TTL_SECONDS"],
    [{ SESSION_MAX_AGE_SECONDS: "forever" }, "SESSION_MAX_AGE_SECONDS"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ NODE_ENV: "production" }, "JWT_SECRET"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET"],
    [{ ADMIN_EMAIL: "admin@example.org" }, "ADMIN_PASSWORD"],
    [{ PORT: "0" }, "PORT"],
    [{ MAIL_FROM: "not an address at all" }, "MAIL_FROM"],
    [{ MAIL_FROM: "Portal <not an address>" }, "MAIL_FROM"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ DATABASE_QUERY_TIMEOUT_SECONDS: "0" }, "DATABASE_QUERY_TIMEOUT_SECONDS"],
  ])("stops on %j with one line naming %s", (env, name) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });

  it.each(["0", "65536", "seventy", "80.5", "-1"])("refuses PORT=%s saying which ports it takes", (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: value })).toThrow(
      new ConfigError("Invalid configuration: PORT must be a port number from 1 to 65535"),
    );
  });

  it("warns a production server without PUBLIC_URL that letters would link to localhost", () => {
    const production = {
      DATA_DIR: dataDir(),
      NODE_ENV: "production",
      JWT_SECRET: "s".repeat(32),
      PORT: "8080",
    };
    expect(publicUrlWarning(loadConfig(production))).toBe(
      "PUBLIC_URL is not set: letters (their verification link and QR code, which never change) and e-mails link to http://localhost:8080, which no one else can open. Set PUBLIC_URL to the portal's public address.",
    );
    expect(
      publicUrlWarning(loadConfig({ ...production, PUBLIC_URL: "https://letters.example.org" })),
    ).toBeNull();
    expect(publicUrlWarning(loadConfig({ DATA_DIR: dataDir() }))).toBeNull();
  });

  it("takes an empty or blank value as unset: the documented default, never port 0", () => {
    const blank = Object.fromEntries(
      [
        "PORT",
        "HOST",
        "DATABASE_URL",
        "DATABASE_POOL_SIZE",
        "DATABASE_QUERY_TIMEOUT_SECONDS",
        "TOKEN_TTL_SECONDS",
        "MAIL_FROM",
        "LOG_LEVEL",
        "AUTH_RATE_LIMIT",
        "IMPORT_MAX_ROWS",
        "PURGE_SCHEDULE",
        "TRUST_PROXY",
      ].map((name, i) => [name, i % 2 ? "" : "  "]),
    );
    expect(loadConfig({ DATA_DIR: dataDir(), ...blank })).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      databasePoolSize: 5,
      databaseQueryTimeoutMs: 60_000,
      tokenTtlSeconds: 28800,
      mailFrom: "Visa Letter Portal <no-reply@localhost>",
      logLevel: "info",
      authRateLimit: 10,
      importMaxRows: 20_000,
      purgeSchedule: "off",
      trustProxy: false,
    });
    expect(loadConfig({ DATA_DIR: "", JWT_SECRET: "x".repeat(32) }).dataDir).toMatch(/\/data$/);
  });

  it("refuses ADMIN_PASSWORD without ADMIN_EMAIL at the server's start, not for npm run admin", () => {
    const env = { DATA_DIR: dataDir(), ADMIN_PASSWORD: "secret123" };
    expect(() => loadServerConfig(env)).toThrow(
      new ConfigError("Invalid configuration: ADMIN_EMAIL is required with ADMIN_PASSWORD"),
    );
    expect(loadConfig(env).adminPassword).toBe("secret123");
  });

  it("accepts MAIL_FROM as an address alone or after a name, and PUBLIC_URL over http or https", () => {
    for (const from of [
      "no-reply@example.org",
      "Visa Team <visa@example.org>",
      '"Visa, Team" <v@example.org>',
    ]) {
      expect(loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: from }).mailFrom).toBe(from);
    }
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://letters.example.org/" }).publicUrl).toBe(
      "https://letters.example.org",
    );
  });

  it("refuses a DATA_DIR that is a file, or lies under one, in one line naming DATA_DIR", () => {
    const file = join(dataDir(), "a-file");
    writeFileSync(file, "");
    for (const dir of [file, join(file, "data")]) {
      for (const env of [{}, { JWT_SECRET: "x".repeat(32) }]) {
        expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(
          expect.objectContaining({
            message: expect.stringMatching(/^Invalid configuration: DATA_DIR [^\n]+$/),
          }),
        );
      }
    }
  });

  it("with DATABASE_URL and no JWT_SECRET, leaves the token key to the database and writes none", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://db.example/visa" });
    expect(config.jwtSecretInDatabase).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(join(dir, "jwt-secret"))).toBe(false);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecretInDatabase).toBe(false);
  });
});
