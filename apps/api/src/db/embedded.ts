import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { type ParserOptions, PGlite, types } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type DataDirLock, type LockAdvice, lockDataDir } from "../data-dir/data-dir-lock.js";
import { narrowDataDir } from "../data-dir/private-files.js";
import type { Database, Db } from "./client.js";
import { formatBytes, freeBytes, isDiskFull, WRITE_RESERVE, WriteRoom } from "./disk-space.js";
import { vacuumWhileOpen } from "./embedded-vacuum.js";
import { queueStatements } from "./pglite-queue.js";
import * as schema from "./schema.js";

/**
 * Contrib extensions the migrations create (the search's trigram indexes, unaccent). PGlite has no extension
 * files on disk: each must be handed over whenever a database opens, not only when it is created,
 * or the indexes that use them cannot be read or updated.
 */
export const pgliteExtensions = { pg_trgm, btree_gin, unaccent };

/**
 * A new, fully migrated embedded database made by `npm run build` (scripts/build.mjs, which must
 * load the same extensions as pgliteExtensions): a new data directory starts as a copy of its
 * files instead of running initdb (10 s or more and ~300 MB more memory) and every migration, and
 * then opens like an existing one. Without a build (tests, `npm run dev`) initdb and the
 * migrations run as before.
 */
export const PGLITE_TEMPLATE = join(import.meta.dirname, "pgdata-template");

/**
 * PostgreSQL's default 128 MB of shared buffers is zeroed at every open of the embedded database
 * (about a second of each start) and stays resident; the data files still sit in the operating
 * system's file cache, so a smaller pool costs little.
 *
 * Its default max_wal_size (1 GB) let the log keep up to a gigabyte of used segments for reuse
 * after a large write: the 100,000-application scale data took 907 MB of disk, 753 MB of it log,
 * and every backup copied and compressed that (447 MB, 37 s). At 64 MB the same data takes 218 MB
 * (65 MB of log), its backup is 65 MB, and seeding it took as long (39 s).
 */
export const PGLITE_SETTINGS = ["shared_buffers=32MB", "max_wal_size=64MB", "min_wal_size=32MB"];

/**
 * The types Drizzle reads from their text itself, and so asks PGlite to hand over as text: dates,
 * timestamps, intervals, numeric[], and arrays of the first four. Set on the database itself (see
 * useOwnParsers), so a query sent to the client directly reads them as text too.
 */
const AS_TEXT = (value: string) => value;
const TEXT_PARSERS: ParserOptions = Object.fromEntries(
  [types.DATE, types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, 1182, 1115, 1185, 1187, 1231].map((t) => [
    t,
    AS_TEXT,
  ]),
);

/**
 * V8 runs WebAssembly first as quickly made code and moves a function to optimised code once it
 * has run a budget's worth of it. At Node 20's default budget (Node 24's is seven times larger)
 * dozens of PGlite's largest functions went to the optimising compiler while the server started,
 * and waiting for them held the start back 0.3-0.5 s. With a larger budget only functions that
 * stay hot are optimised: queries ran within 5 % of their speed at the default. The setting is
 * the process's; PGlite is its only WebAssembly.
 */
const WASM_TIERING_BUDGET = "--wasm-tiering-budget=1000000000";

/** The embedded database could not open; the message is one line saying why. */
export class DatabaseOpenError extends Error {}

export interface EmbeddedOptions {
  dataDir: string;
  inMemory?: boolean;
  /** Who opens DATA_DIR, as other processes will be told ("the server", "npm run admin"). */
  holder?: string;
  /** What a process refused by the lock should do instead. */
  lockAdvice?: LockAdvice;
  /** The lock, when the caller took it already. */
  lock?: DataDirLock;
  /**
   * Whether to vacuum while open (default true; see vacuumWhileOpen). A caller that writes with its
   * own BEGIN/COMMIT on the one connection turns it off: a vacuum would land inside its transaction.
   */
  vacuum?: boolean;
  migrationsFolder: string;
  /** What a new database is copied from (default PGLITE_TEMPLATE, when the build made it). */
  template?: string;
}

/** A table name quoted for SQL (callers pass constants; quoting keeps that an invariant). */
function pgIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Opens the embedded database: in memory, or in DATA_DIR/pgdata under DATA_DIR's exclusive lock,
 * taken before PGlite touches a file (two processes on one directory lose each other's writes).
 */
export async function openEmbedded(opts: EmbeddedOptions): Promise<Database> {
  setFlagsFromString(WASM_TIERING_BUDGET);
  if (opts.inMemory) {
    const client = new PGlite({ extensions: pgliteExtensions, parsers: TEXT_PARSERS });
    await client.waitReady;
    return finishOpening(client, opts);
  }
  const lock = opts.lock ?? lockDataDir(opts.dataDir, opts.holder ?? "another process", opts.lockAdvice);
  try {
    const client = await openFiles(opts.dataDir, opts.template ?? PGLITE_TEMPLATE);
    try {
      return await finishOpening(client, opts, lock);
    } catch (e) {
      // Closed, so the database is shut down cleanly and takes its pid file away (see openFiles).
      if (!client.closed) await client.close().catch(() => {});
      throw e;
    }
  } catch (e) {
    // A lock handed in stays its caller's (a restore keeps it while it puts things back).
    if (!opts.lock) lock.release();
    throw e;
  }
}

/**
 * A new database is made under this name beside pgdata (with the process id after it) and renamed
 * to pgdata only once complete: a process killed while making it (copying the template, or
 * initdb) leaves no pgdata that looks like a database but cannot open.
 */
export const UNFINISHED_PREFIX = "pgdata.creating-";

async function openFiles(dataDir: string, template: string): Promise<PGlite> {
  const dir = join(dataDir, "pgdata");
  removeUnfinished(dataDir);
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new DatabaseOpenError(
      `Cannot open the embedded database: ${dir} is a file, not a directory; move it away to start with an empty database`,
    );
  }
  const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
  const pidFile = fresh ? undefined : foundPidFile(dir);
  try {
    if (fresh) await createFiles(dataDir, dir, template);
    const client = new PGlite(dir, {
      extensions: pgliteExtensions,
      parsers: TEXT_PARSERS,
      postgresqlconf: PGLITE_SETTINGS,
    });
    await client.waitReady;
    // Creating a database writes 0666 files whatever the umask; what it creates later follows it.
    // An existing one was narrowed when DATA_DIR was locked.
    if (fresh) narrowDataDir(dataDir);
    return client;
  } catch (e) {
    // A database that failed while being created would not open next time either: take it away,
    // so the directory is as it was. An existing one is left untouched.
    if (fresh) rmSync(dir, { recursive: true, force: true });
    else pidFile?.putBack();
    const free = freeBytes(dataDir);
    if (isDiskFull(e) || (free !== undefined && free < WRITE_RESERVE)) {
      throw new DatabaseOpenError(
        `Cannot open the embedded database: no space left in DATA_DIR ${dataDir} (${formatBytes(free ?? 0)} free); free some space there and start again`,
      );
    }
    if (!fresh) throw new DatabaseOpenError(unopened(dir, template, e));
    throw new DatabaseOpenError(
      `Cannot open the embedded database in ${dir}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/**
 * The database engine writes pgdata/postmaster.pid as it starts and removes it only when it is
 * closed: a database that fails to open keeps one, which reads as a server still running on it
 * (and is copied into whatever is made of the directory before it is repaired). Only the holder
 * of DATA_DIR's lock opens pgdata, so no live server has a pid file there; one found before the
 * open (left by a process that was killed) is written back as it was.
 */
function foundPidFile(dir: string): { putBack(): void } {
  const file = join(dir, "postmaster.pid");
  let found: Buffer | undefined;
  try {
    found = readFileSync(file);
  } catch {
    found = undefined;
  }
  return {
    putBack() {
      try {
        if (found === undefined) rmSync(file, { force: true });
        else writeFileSync(file, found);
      } catch {
        // The failure to open is what the caller reports; a pid file that stays misleads no worse.
      }
    },
  };
}

/** Files every PostgreSQL data directory has; without one, the database cannot start. */
const CORE_FILES = ["PG_VERSION", "global/pg_control"];

/** A data directory's PostgreSQL major version (its PG_VERSION file), if it has one. */
function majorVersion(dir: string): string | undefined {
  const file = join(dir, "PG_VERSION");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

/**
 * Why an existing database did not open, and what to do. Made by another PostgreSQL version than
 * this build's; or damaged or incomplete (a copy cut short, files removed), which the database
 * itself reports only as an abort.
 */
function unopened(dir: string, template: string, e: unknown): string {
  const [made, runs] = [majorVersion(dir), majorVersion(template)];
  if (made && runs && made !== runs) {
    return (
      `Cannot open the embedded database in ${dir}: it was made by PostgreSQL ${made} and this ` +
      `version of the portal runs PostgreSQL ${runs}. It was left as it is: run the version that ` +
      "made it, or restore a backup made for this one"
    );
  }
  const missing = CORE_FILES.find((f) => !existsSync(join(dir, f)));
  const said = e instanceof Error ? e.message : String(e);
  const reason = missing
    ? `${missing} is missing`
    : /^Aborted\(|failed to initialize/.test(said)
      ? "its files could not be read"
      : said;
  return (
    `Cannot open the embedded database in ${dir}: ${reason}. It is damaged or incomplete (a copy ` +
    "cut short, or files removed) and was left as it is. Restore a backup into it with " +
    "`npm run restore -- FILE --replace` (which keeps this one beside it), or move it away to " +
    "start with an empty database"
  );
}

/**
 * Makes a new database beside `dir` (a copy of the build's template, or initdb without a build)
 * and renames it to `dir` once complete. Renaming is atomic: pgdata is whole or absent.
 */
async function createFiles(dataDir: string, dir: string, template: string): Promise<void> {
  const unfinished = join(dataDir, `${UNFINISHED_PREFIX}${process.pid}`);
  try {
    if (existsSync(join(template, "PG_VERSION"))) {
      cpSync(template, unfinished, { recursive: true });
    } else {
      const client = new PGlite(unfinished, {
        extensions: pgliteExtensions,
        postgresqlconf: PGLITE_SETTINGS,
      });
      await client.waitReady;
      await client.close();
    }
    // An empty pgdata (made by hand, or left by an older version) gives way; rmdir refuses anything else.
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(unfinished, dir);
  } finally {
    rmSync(unfinished, { recursive: true, force: true });
  }
}

/**
 * Removes what a process killed while making a new database left. Only the holder of DATA_DIR's
 * lock calls this, so no other process is making one.
 */
function removeUnfinished(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(UNFINISHED_PREFIX)) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}

async function finishOpening(client: PGlite, opts: EmbeddedOptions, lock?: DataDirLock): Promise<Database> {
  queueStatements(client);
  useOwnParsers(client);
  const room = new WriteRoom(opts.dataDir);
  watchWrites(client, room);
  const pgliteDb = drizzle(client, { schema });
  await migrate(pgliteDb, { migrationsFolder: opts.migrationsFolder });
  // No autovacuum here: the server vacuums by itself, after opening and then as tables need it.
  // A fresh in-memory database has nothing to vacuum.
  const vacuum =
    opts.inMemory || opts.vacuum === false
      ? undefined
      : vacuumWhileOpen(client, { canWrite: () => room.problem() === undefined });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: "embedded",
    dataDirLock: lock,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // Only files on disk can run out of room.
    writeProblem: (reserve) => (opts.inMemory ? undefined : room.problem(reserve)),
    analyzeAfterBulkWrite: async (table) => {
      await client.exec(`ANALYZE ${pgIdentifier(table)}`);
    },
    close: async () => {
      try {
        await vacuum?.stop();
        // Closing twice is harmless: the app closes it at shutdown even after something else did.
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Drops the parsers Drizzle hands over with every statement when the database already has them
 * (all of TEXT_PARSERS' types). PGlite copies its whole table of some 300 parsers into a new
 * object for each statement that brings its own: 130 µs of the 355 a trivial statement took, and
 * the sign-in check answered 708 requests a second at 10 connections with it, 1,196 without.
 * Statements inside a transaction (creates, imports, decisions) go through the transaction's own
 * handle, which is given the same treatment. Parsers for any other type are passed on as they come.
 */
function useOwnParsers(client: PGlite): void {
  client.query = withoutOwnParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback) =>
    transaction((tx) => {
      tx.query = withoutOwnParsers(tx.query.bind(tx));
      return callback(tx);
    })) as typeof transaction;
}

/** `query`, leaving off a statement's parsers when they are all the database's own. */
function withoutOwnParsers<Q extends PGlite["query"]>(query: Q): Q {
  const own = (parsers: ParserOptions) => Object.keys(parsers).every((t) => t in TEXT_PARSERS);
  return ((text, params, options) => {
    if (!options?.parsers || !own(options.parsers)) return query(text, params, options);
    const { parsers: _, ...rest } = options;
    return query(text, params, rest);
  }) as Q;
}

/** Tells `room` of every statement and transaction that failed for lack of space, or wrote. */
function watchWrites(client: PGlite, room: WriteRoom): void {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const watch = <T>(p: Promise<T>, wrote: (r: T) => boolean): Promise<T> =>
    p.then(
      (r) => {
        if (wrote(r)) room.noteWritten();
        return r;
      },
      (e: unknown) => {
        room.noteFailure(e);
        throw e;
      },
    );
  client.query = ((...args: Parameters<typeof query>) =>
    watch(query(...args), (r) => (r.affectedRows ?? 0) > 0)) as typeof query;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    watch(transaction(...args), () => true)) as typeof transaction;
}
