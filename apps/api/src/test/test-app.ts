import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildApp } from "../app.js";
import type { AppConfig } from "../config.js";
import { DEFAULT_POOL_SIZE } from "../db/client.js";
import type { App } from "../lib/app-type.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";

/** A mailer that keeps messages in memory, for tests that read what was sent. */
export class MemoryMailer implements Mailer {
  readonly target = "memory";
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

export interface TestApp {
  app: App;
  mailer: MemoryMailer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Send mail the configured way (SMTP_URL, else the outbox) instead of keeping it in memory. */
  realMailer?: boolean;
}

/**
 * A fresh app on a fresh database: PGlite in memory, or a new database on the PostgreSQL server
 * named by DATABASE_URL, so test files never see each other's rows.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "visa-test-"));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config: AppConfig = {
    env: "test",
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl,
    databasePoolSize: DEFAULT_POOL_SIZE,
    inMemoryDatabase: !databaseUrl,
    jwtSecret: randomBytes(32).toString("hex"),
    tokenTtlSeconds: 3600,
    sessionMaxAgeSeconds: 7 * 24 * 3600,
    mailFrom: "Visa Letter Portal <no-reply@example.test>",
    publicUrl: "http://portal.example.test",
    logLevel: "silent",
    purgeAfterDays: 180,
    webDistDir: undefined,
    authRateLimit: 1000,
    importMaxRows: 20_000,
    maxApplicationsPerUser: 50,
    maxDocumentBytesPerApplication: 50 * 1024 * 1024,
    ...overrides,
  };
  const mailer = new MemoryMailer();
  const app = await buildApp(config, options.realMailer ? {} : { mailer });
  return {
    app,
    mailer,
    async close() {
      await app.close();
      await dropDatabase?.();
    },
  };
}
