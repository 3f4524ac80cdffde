import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openEmbedded, pgliteExtensions, UNFINISHED_PREFIX } from "./embedded.js";

const MIGRATIONS = join(import.meta.dirname, "migrations");

/** Opens DATA_DIR's database from `template`, checks it answers, and closes it again. */
async function opensAndAnswers(dataDir: string, template?: string): Promise<void> {
  const database = await openEmbedded({ dataDir, template, migrationsFolder: MIGRATIONS });
  try {
    await database.db.execute(sql`select count(*) from users`);
  } finally {
    await database.close();
  }
}

/** The first file of a new database is there, in pgdata or beside it. */
function copyStarted(dataDir: string): boolean {
  if (!existsSync(dataDir)) return false;
  return readdirSync(dataDir).some(
    (name) =>
      (name === "pgdata" || name.startsWith(UNFINISHED_PREFIX)) &&
      existsSync(join(dataDir, name, "PG_VERSION")),
  );
}

/** A process opening DATA_DIR's database from `template` the way a first start does, killed mid-copy. */
async function killWhileCopying(dataDir: string, template: string): Promise<void> {
  const script = `import { openEmbedded } from ${JSON.stringify(join(import.meta.dirname, "embedded.ts"))};
await openEmbedded(${JSON.stringify({ dataDir, template, migrationsFolder: MIGRATIONS })});`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  while (!copyStarted(dataDir) && child.exitCode === null) await new Promise((r) => setImmediate(r));
  child.kill("SIGKILL");
  await exited;
}

// A new embedded database: nothing of it runs on a PostgreSQL server.
describe.skipIf(!!process.env.DATABASE_URL)("a new embedded database", () => {
  it("is whole or absent when the process copying it is killed: the next start opens", async () => {
    const work = mkdtempSync(join(tmpdir(), "visa-create-"));
    const template = join(work, "template");
    const made = new PGlite(template, { extensions: pgliteExtensions });
    await made.waitReady;
    await made.close();
    const dataDir = join(work, "data");
    await killWhileCopying(dataDir, template);
    expect(copyStarted(dataDir)).toBe(true);

    await opensAndAnswers(dataDir, template);
    expect(readdirSync(dataDir).filter((n) => n.startsWith(UNFINISHED_PREFIX))).toEqual([]);
  });

  it("takes away what a killed process left beside pgdata", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "visa-create-"));
    const left = join(dataDir, `${UNFINISHED_PREFIX}4242`);
    mkdirSync(join(left, "base"), { recursive: true });
    writeFileSync(join(left, "PG_VERSION"), "17\n");
    mkdirSync(join(dataDir, "pgdata"));

    await opensAndAnswers(dataDir);
    expect(existsSync(left)).toBe(false);
    expect(existsSync(join(dataDir, "pgdata", "PG_VERSION"))).toBe(true);
  });
});
