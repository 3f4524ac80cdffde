import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";

// Several servers of one deployment starting at once on a new PostgreSQL database: runs with DATABASE_URL.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("migrations at start with several servers", () => {
  const name = `test_${randomBytes(6).toString("hex")}`;
  let url: string;
  const admin = () => new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(serverUrl as string);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it("lets four servers started together on a new database all open it, each migration applied once", async () => {
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, dataDir: "unused" })),
    );
    const failures = opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
    await Promise.all(opened.map((o) => (o.status === "fulfilled" ? o.value.close() : undefined)));
    expect(failures).toEqual([]);

    const journal = JSON.parse(
      readFileSync(join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8"),
    );
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const applied = await c.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    const users = await c.query("select count(*)::int as n from users");
    await c.end();
    expect(applied.rows[0].n).toBe(journal.entries.length);
    expect(users.rows[0].n).toBe(0);
  });
});
