import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "../data-dir/data-dir-lock.js";
import { openDatabase } from "../db/client.js";
import { users } from "../db/schema.js";
import { runBackupCli } from "./backup.js";

const fresh = () => mkdtempSync(join(tmpdir(), "visa-backup-"));

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

async function emails(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
  } finally {
    await database.close();
  }
}

async function addUser(dataDir: string, email: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.db.insert(users).values({ email, passwordHash: "x", firstName: "A", lastName: "B" });
  } finally {
    await database.close();
  }
}

/** A DATA_DIR with a database, and the check that a refused restore left it and nothing else. */
async function databaseToKeep() {
  const dataDir = fresh();
  await addUser(dataDir, "kept@example.test");
  const files = readdirSync(join(dataDir, "pgdata")).sort();
  const expectKept = async () => {
    expect(readdirSync(dataDir).filter((n) => n.startsWith("pgdata"))).toEqual(["pgdata"]);
    expect(readdirSync(join(dataDir, "pgdata")).sort()).toEqual(files);
    expect(await emails(dataDir)).toEqual(["kept@example.test"]);
  };
  return { dataDir, expectKept };
}

// The embedded database's files; a PostgreSQL run would only repeat it.
describe.skipIf(!!process.env.DATABASE_URL)("npm run backup and npm run restore", () => {
  it("while a command holds DATA_DIR: a restore refuses, a backup waits for it, touching nothing until then", async () => {
    const dataDir = fresh();
    await addUser(dataDir, "held@example.test");
    const before = readdirSync(join(dataDir, "pgdata")).sort();
    const file = join(fresh(), "portal.tar.gz");
    writeFileSync(file, "an older backup");
    const copy = join(fresh(), "copy.tar.gz");
    const env = { NODE_ENV: "test", DATA_DIR: dataDir };
    // A holder without the server's command socket (a server goes through it: commands-with-server).
    const holder = lockDataDir(dataDir, "npm run seed:demo");
    try {
      await expect(runBackupCli(["restore", file, "--replace"], env, capture().out)).rejects.toThrow(
        new RegExp(
          `^${dataDir} is in use by npm run seed:demo \\(pid ${process.pid}, since [^)]+\\): stop it first`,
        ),
      );
      expect(readdirSync(join(dataDir, "pgdata")).sort()).toEqual(before);
      const backup = capture();
      const backedUp = runBackupCli(["backup", copy], env, backup.out);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(existsSync(copy)).toBe(false);
      expect(backup.lines).toHaveLength(1);
      expect(backup.lines[0]).toMatch(
        new RegExp(
          `^${dataDir} is in use by npm run seed:demo \\(pid ${process.pid}, since [^)]+\\): waiting for it to finish$`,
        ),
      );
      holder.release();
      expect(await backedUp).toBe(0);
    } finally {
      holder.release();
    }
    expect(readFileSync(file, "utf8")).toBe("an older backup");
    // The backup made once the command had finished restores the database it held.
    const restored = fresh();
    expect(
      await runBackupCli(["restore", copy], { NODE_ENV: "test", DATA_DIR: restored }, capture().out),
    ).toBe(0);
    expect(await emails(restored)).toEqual(["held@example.test"]);
  }, 240_000);

  it("copies the database into a file that restores it as it was, elsewhere or in place", async () => {
    const dataDir = fresh();
    await addUser(dataDir, "before@example.test");
    const file = join(fresh(), "portal.tar.gz");
    const env = { NODE_ENV: "test", DATA_DIR: dataDir };

    const backup = capture();
    expect(await runBackupCli(["backup", file], env, backup.out)).toBe(0);
    expect(backup.lines.join("\n")).toContain(`to ${file}`);
    // Every passport number is in it: its owner's alone.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    await addUser(dataDir, "after@example.test");

    const elsewhere = fresh();
    expect(await runBackupCli(["restore", file], { ...env, DATA_DIR: elsewhere }, capture().out)).toBe(0);
    expect(await emails(elsewhere)).toEqual(["before@example.test"]);

    const refused = capture();
    expect(await runBackupCli(["restore", file], env, refused.out)).toBe(1);
    expect(refused.lines.join("\n")).toContain("--replace");
    expect(await emails(dataDir)).toEqual(["after@example.test", "before@example.test"]);

    expect(await runBackupCli(["restore", file, "--replace"], env, capture().out)).toBe(0);
    expect(await emails(dataDir)).toEqual(["before@example.test"]);
    const kept = readdirSync(dataDir).filter((n) => n.startsWith("pgdata.before-restore-"));
    expect(kept).toHaveLength(1);
  }, 300_000);

  it("refuses a file that is not a backup in one line, before touching DATA_DIR", async () => {
    const { dataDir, expectKept } = await databaseToKeep();
    const files = fresh();
    const otherTar = join(files, "other.tar.gz");
    writeFileSync(join(files, "notes.txt"), "not a database");
    execFileSync("tar", ["czf", otherTar, "-C", files, "notes.txt"]);
    writeFileSync(join(files, "empty.tar.gz"), "");
    writeFileSync(join(files, "text.tar.gz"), "not a backup");
    for (const name of ["empty.tar.gz", "text.tar.gz", "other.tar.gz"]) {
      const bad = join(files, name);
      const run = capture();
      expect(await runBackupCli(["restore", bad, "--replace"], { DATA_DIR: dataDir }, run.out)).toBe(1);
      expect(run.lines).toEqual([`${bad} is not a backup made by npm run backup.`]);
    }
    await expectKept();
  }, 300_000);

  it("puts the database back when a backup does not restore, leaving nothing of the attempt", async () => {
    const { dataDir, expectKept } = await databaseToKeep();
    // Shaped like a backup, but its files are not a database.
    const broken = fresh();
    mkdirSync(join(broken, "global"));
    writeFileSync(join(broken, "PG_VERSION"), "17\n");
    writeFileSync(join(broken, "global", "pg_control"), "not a control file");
    const bad = join(fresh(), "broken.tar.gz");
    execFileSync("tar", ["czf", bad, "-C", broken, "PG_VERSION", "global"]);
    const run = capture();
    expect(await runBackupCli(["restore", bad, "--replace"], { DATA_DIR: dataDir }, run.out)).toBe(1);
    expect(run.lines).toEqual([
      `${bad} could not be restored: its files do not open as a database (the backup is damaged, or was made by another PostgreSQL version).`,
      "The database that was there is back in place.",
    ]);
    await expectKept();
  }, 300_000);

  it("refuses a place a backup cannot go in one line, before copying, and replaces no other file", async () => {
    const dataDir = fresh();
    await addUser(dataDir, "kept@example.test");
    const env = { DATA_DIR: dataDir };
    const place = fresh();
    const notes = join(place, "notes.txt");
    writeFileSync(notes, "not a backup");
    const cases: Array<[string, string]> = [
      [place, `No backup was made: ${place} is a directory: give the backup a file name in it.`],
      [join(place, "missing", "x.tar.gz"), `No backup was made: ${join(place, "missing")} does not exist.`],
      [
        notes,
        `No backup was made: ${notes} exists and is not a backup; a backup replaces only an earlier backup, so give another file name.`,
      ],
      [
        join(notes, "x.tar.gz"),
        `No backup was made: a part of ${join(notes, "x.tar.gz")}'s path is a file, not a directory.`,
      ],
    ];
    // /proc takes no new files, even from root.
    if (existsSync("/proc/self")) {
      cases.push([
        "/proc/x.tar.gz",
        "The backup could not be written to /proc/x.tar.gz: /proc takes no new files.",
      ]);
    }
    for (const [file, said] of cases) {
      const run = capture();
      expect(await runBackupCli(["backup", file], env, run.out)).toBe(1);
      expect(run.lines).toEqual([said]);
    }
    expect(readFileSync(notes, "utf8")).toBe("not a backup");
    expect(readdirSync(place).sort()).toEqual(["notes.txt"]);

    // An earlier backup, or an empty file, is replaced.
    const earlier = join(place, "portal.tar.gz");
    expect(await runBackupCli(["backup", earlier], env, capture().out)).toBe(0);
    expect(await runBackupCli(["backup", earlier], env, capture().out)).toBe(0);
    writeFileSync(join(place, "empty.tar.gz"), "");
    expect(await runBackupCli(["backup", join(place, "empty.tar.gz")], env, capture().out)).toBe(0);
  }, 300_000);

  it("refuses a directory or an unreadable name as the file to restore in one line", async () => {
    const dataDir = fresh();
    const place = fresh();
    for (const [file, said] of [
      [place, `Nothing was restored: ${place} is a directory, not a file.`],
      [join(place, "missing.tar.gz"), `${join(place, "missing.tar.gz")} does not exist.`],
    ] as const) {
      const run = capture();
      expect(await runBackupCli(["restore", file], { DATA_DIR: dataDir }, run.out)).toBe(1);
      expect(run.lines).toEqual([said]);
    }
    expect(existsSync(join(dataDir, "pgdata"))).toBe(false);
  });

  it("refuses a PostgreSQL server, a missing database and a wrong command line", async () => {
    const pg = capture();
    const withServer = { DATA_DIR: fresh(), DATABASE_URL: "postgres://localhost/portal" };
    expect(await runBackupCli(["backup", "x.tar.gz"], withServer, pg.out)).toBe(1);
    expect(pg.lines.join("\n")).toContain("pg_dump");

    const empty = fresh();
    const none = capture();
    expect(await runBackupCli(["backup", join(empty, "x.tar.gz")], { DATA_DIR: empty }, none.out)).toBe(1);
    expect(none.lines.join("\n")).toContain("no database");
    expect(existsSync(join(empty, "x.tar.gz"))).toBe(false);

    expect(await runBackupCli(["copy", "x"], { DATA_DIR: empty }, capture().out)).toBe(2);
    expect(await runBackupCli(["backup"], { DATA_DIR: empty }, capture().out)).toBe(2);
  });
});
