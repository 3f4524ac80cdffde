import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../db/client.js";
import { createTestApp } from "../test/test-app.js";

/**
 * A fresh database for a command-line test, reached the way the command reaches it: the embedded
 * database under a new DATA_DIR, or (when DATABASE_URL is set) a new database on that server.
 * `env` is what to run the command with; `withDb` opens the same database to check the result.
 */
export async function cliTarget() {
  const dataDir = mkdtempSync(join(tmpdir(), "visa-cli-"));
  const env: NodeJS.ProcessEnv = { NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  if (process.env.DATABASE_URL) {
    const t = await createTestApp();
    env.DATABASE_URL = t.app.ctx.config.databaseUrl;
    return {
      env,
      withDb: <T>(fn: (db: Database["db"]) => Promise<T>) => fn(t.app.ctx.db),
      cleanup: () => t.close(),
    };
  }
  return {
    env,
    async withDb<T>(fn: (db: Database["db"]) => Promise<T>): Promise<T> {
      const database = await openDatabase({ dataDir });
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
    cleanup: async () => {},
  };
}
