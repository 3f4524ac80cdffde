import { createWriteStream, existsSync, type Stats, statSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { dirname, isAbsolute } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CommandOutput } from "../data-dir/command-socket.js";
import type { Database } from "../db/client.js";
import { beginsLikeBackup } from "./backup-file.js";
import { fileProblem } from "./cli-run.js";

/** Where a backup goes, checked again where it runs (the server, when it goes through one). */
export const backupArgs = z.object({
  file: z.string().refine(isAbsolute, "the backup's path must be absolute"),
});
export type BackupArgs = z.infer<typeof backupArgs>;

/**
 * Writes the open embedded database as a gzipped tar file, readable by its owner only (it holds
 * every passport number). The files are copied between two statements of the server, so the copy
 * is the database as of one moment; requests wait while it is made. It is written whole under
 * another name first: an interrupted or failed backup never looks like a finished one.
 */
export async function backupCommand(
  database: Database,
  { file }: BackupArgs,
  out: CommandOutput,
): Promise<number> {
  if (database.kind !== "embedded") {
    out.error("This database is a PostgreSQL server: back it up with pg_dump (see README, Deploying).");
    return 1;
  }
  const refused = destinationProblem(file);
  if (refused) {
    out.error(`No backup was made: ${refused}.`);
    return 1;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Written out to the tables' files first, so a restore has little of the log to replay.
  await database.db.execute(sql`checkpoint`);
  const started = Date.now();
  // Copied as a plain tar while the database waits; compressed as it is written (zlib's threads),
  // while the database answers again.
  const tar = await client.dumpDataDir("none");
  const copied = Date.now() - started;
  const partial = `${file}.partial`;
  let size: number;
  try {
    // Written by the server too: without blocking it, and never into a leftover file's mode.
    await rm(partial, { force: true });
    await pipeline(
      Readable.fromWeb(tar.stream() as WebReadableStream<Uint8Array>),
      createGzip(),
      createWriteStream(partial, { mode: 0o600, flags: "wx" }),
    );
    size = (await stat(partial)).size;
    await rename(partial, file);
  } catch (e) {
    await rm(partial, { force: true });
    const problem = fileProblem(partial, e, "write") ?? (e instanceof Error ? e.message : String(e));
    out.error(`The backup could not be written to ${file}: ${problem}.`);
    return 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  out.log(
    `Backed up the database to ${file} (${(size / 1e6).toFixed(1)} MB, ${seconds} s; requests waited ${(copied / 1000).toFixed(1)} s).`,
  );
  return 0;
}

/**
 * Why `file` cannot take a backup, found before the database is copied (requests wait while it is):
 * a directory that does not exist, a directory in its place, or another kind of file there.
 */
function destinationProblem(file: string): string | undefined {
  let st: Stats;
  try {
    st = statSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && existsSync(dirname(file))) return undefined;
    return fileProblem(file, e, "write");
  }
  if (st.isDirectory()) return `${file} is a directory: give the backup a file name in it`;
  try {
    if (st.size === 0 || beginsLikeBackup(file)) return undefined;
  } catch (e) {
    return fileProblem(file, e, "write");
  }
  return `${file} exists and is not a backup; a backup replaces only an earlier backup, so give another file name`;
}
