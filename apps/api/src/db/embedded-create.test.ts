import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
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

/** A database made and closed in a new DATA_DIR, and its pgdata. */
async function madeDatabase(): Promise<{ dataDir: string; pgdata: string }> {
  const dataDir = join(mkdtempSync(join(tmpdir(), "visa-damaged-")), "data");
  await opensAndAnswers(dataDir);
  return { dataDir, pgdata: join(dataDir, "pgdata") };
}

describe.skipIf(!!process.env.DATABASE_URL)("an embedded database that does not open", () => {
  it("is named in one line when a file stands where its directory should be, and left as it is", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "visa-damaged-"));
    writeFileSync(join(dataDir, "pgdata"), "not a database");

    await expect(openEmbedded({ dataDir, migrationsFolder: MIGRATIONS })).rejects.toThrow(
      `Cannot open the embedded database: ${join(dataDir, "pgdata")} is a file, not a directory; move it away`,
    );
    expect(readFileSync(join(dataDir, "pgdata"), "utf8")).toBe("not a database");
  });

  it("is named damaged, with the missing file and a way out, and left as it was", async () => {
    const { dataDir, pgdata } = await madeDatabase();
    rmSync(join(pgdata, "global", "pg_control"));
    const before = readdirSync(pgdata).sort();

    const opening = openEmbedded({ dataDir, migrationsFolder: MIGRATIONS });
    await expect(opening).rejects.toThrow(
      `Cannot open the embedded database in ${pgdata}: global/pg_control is missing. It is damaged or incomplete`,
    );
    await expect(opening).rejects.toThrow("npm run restore -- FILE --replace");
    // Nothing of it is taken away, and the database engine's pid file, which reads as a server
    // still running on it, does not stay.
    expect(readdirSync(pgdata).sort()).toEqual(before);
    expect(existsSync(join(pgdata, "postmaster.pid"))).toBe(false);
  });

  it("keeps a pid file it found, as it was, and takes away none when opened again", async () => {
    const { dataDir, pgdata } = await madeDatabase();
    // As a process killed while it had the database open leaves it.
    const left = "-42\n/pglite/data\n1795805444\n5432\n";
    writeFileSync(join(pgdata, "postmaster.pid"), left);
    const control = readFileSync(join(pgdata, "global", "pg_control"));
    rmSync(join(pgdata, "global", "pg_control"));

    await expect(openEmbedded({ dataDir, migrationsFolder: MIGRATIONS })).rejects.toThrow("is missing");
    expect(readFileSync(join(pgdata, "postmaster.pid"), "utf8")).toBe(left);

    // Repaired, it opens, and closing it takes the pid file away.
    writeFileSync(join(pgdata, "global", "pg_control"), control);
    await opensAndAnswers(dataDir);
    expect(existsSync(join(pgdata, "postmaster.pid"))).toBe(false);
  });

  it("is closed, leaving no pid file, when a migration fails after it opened", async () => {
    const { dataDir, pgdata } = await madeDatabase();
    const migrations = mkdtempSync(join(tmpdir(), "visa-migrations-"));
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8"));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_broken" });
    mkdirSync(join(migrations, "meta"));
    writeFileSync(join(migrations, "meta", "_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries.slice(0, -1)) {
      const name = `${entry.tag}.sql`;
      writeFileSync(join(migrations, name), readFileSync(join(MIGRATIONS, name)));
    }
    writeFileSync(join(migrations, "9999_broken.sql"), "select * from no_such_table;");

    await expect(openEmbedded({ dataDir, migrationsFolder: migrations })).rejects.toThrow();
    expect(existsSync(join(pgdata, "postmaster.pid"))).toBe(false);
    // DATA_DIR is free again, and the database opens with the real migrations.
    await opensAndAnswers(dataDir);
  });

  it("says its files could not be read rather than the database engine's abort", async () => {
    const { dataDir, pgdata } = await madeDatabase();
    writeFileSync(join(pgdata, "global", "pg_control"), Buffer.alloc(8192));

    await expect(openEmbedded({ dataDir, migrationsFolder: MIGRATIONS })).rejects.toThrow(
      `Cannot open the embedded database in ${pgdata}: its files could not be read. It is damaged`,
    );
  });

  it("names the PostgreSQL version that made it when this build runs another", async () => {
    const { dataDir, pgdata } = await madeDatabase();
    const made = readFileSync(join(pgdata, "PG_VERSION"), "utf8").trim();
    const template = mkdtempSync(join(tmpdir(), "visa-template-"));
    writeFileSync(join(template, "PG_VERSION"), "99\n");
    rmSync(join(pgdata, "global", "pg_control"));

    await expect(openEmbedded({ dataDir, template, migrationsFolder: MIGRATIONS })).rejects.toThrow(
      `it was made by PostgreSQL ${made} and this version of the portal runs PostgreSQL 99`,
    );
  });
});
