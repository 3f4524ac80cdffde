import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerDatabase } from "../test/server-database.js";
import { openDatabase } from "./client.js";
import { pgliteExtensions } from "./embedded.js";
import { whereIs } from "./postgres-start.js";

const journal = JSON.parse(
  readFileSync(join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8"),
) as { entries: Array<{ tag: string; when: number }> };
const last = journal.entries.at(-1) as { tag: string; when: number };

// The embedded database in a directory, or a new database on the server DATABASE_URL names.
const serverUrl = process.env.DATABASE_URL;

describe("a database a newer version migrated", () => {
  const work = mkdtempSync(join(tmpdir(), "visa-newer-"));
  let server: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  let databaseUrl: string | undefined;
  const open = () => openDatabase({ databaseUrl, dataDir: join(work, "data"), vacuum: false });

  beforeAll(async () => {
    if (serverUrl) {
      server = await createServerDatabase();
      databaseUrl = server.url;
    }
  });
  afterAll(async () => {
    await server?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it("is refused at start in one line, and left as it was", async () => {
    const database = await open();
    const day = 24 * 3600 * 1000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a', ${last.when + day}), ('b', ${last.when + 2 * day})`,
    );
    await database.db.execute(sql`insert into settings (key, value) values ('kept', 'yes')`);
    await database.close();

    const refused = await open().then(
      async (d) => {
        await d.close();
        return undefined;
      },
      (e: unknown) => e as Error,
    );
    const where = databaseUrl ? `DATABASE_URL (${whereIs(databaseUrl)})` : `DATA_DIR (${join(work, "data")})`;
    // No date: since 0029 a migration's time in the journal is a day past the one before, ahead
    // of the day it was written, so it would name a day yet to come.
    expect(refused?.message).toBe(
      `The database in ${where} was upgraded by a newer version of the portal (2 migrations this version does not know; this version's last is ${last.tag}); this version cannot use it: run the newer version, or restore a backup made for this one.`,
    );

    // DATA_DIR's lock was given back (a second start is refused for the same reason, not the lock).
    const again = await open().catch((e: unknown) => e as Error);
    expect((again as Error).message).toBe(refused?.message);

    // Nothing was migrated or written.
    const count = "select count(*)::int as n from drizzle.__drizzle_migrations";
    let applied: number;
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      applied = (await c.query(count)).rows[0].n;
      await c.end();
    } else {
      const client = new PGlite(join(work, "data", "pgdata"), { extensions: pgliteExtensions });
      applied = (await client.query<{ n: number }>(count)).rows[0]?.n ?? 0;
      await client.close();
    }
    expect(applied).toBe(journal.entries.length + 2);
  }, 120_000);
});
