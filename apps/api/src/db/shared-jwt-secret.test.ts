import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { App } from "../lib/app-type.js";
import { createServerDatabase } from "../test/server-database.js";
import { MemoryMailer } from "../test/test-app.js";
import { ensureAdmin } from "../users/ensure-admin.js";

// Several servers on one PostgreSQL database without JWT_SECRET: runs with DATABASE_URL.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("servers on one PostgreSQL database without JWT_SECRET", () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  const apps: App[] = [];
  /** A server as `npm start` configures it, each with its own DATA_DIR. */
  const startServer = async (databaseUrl: string) => {
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), "visa-shared-secret-")),
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ ...config, webDistDir: undefined }, { mailer: new MemoryMailer() });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await createServerDatabase();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
  });

  it("accept each other's tokens: the first keeps the generated key in the database", async () => {
    const [one, two] = await Promise.all([startServer(database.url), startServer(database.url)]);
    if (!one || !two) throw new Error("servers did not start");
    expect(one.ctx.config.jwtSecret).toBe(two.ctx.config.jwtSecret);

    await ensureAdmin(one.ctx, { email: "boss@example.test", password: "secret123" });
    const login = await one.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "boss@example.test", password: "secret123" },
    });
    expect(login.statusCode).toBe(200);
    const me = await two.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(me.statusCode).toBe(200);

    const third = await startServer(database.url);
    expect(third.ctx.config.jwtSecret).toBe(one.ctx.config.jwtSecret);
  }, 60_000);
});
