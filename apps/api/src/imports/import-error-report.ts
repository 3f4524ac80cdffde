import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { ImportResultDto } from "@visa/domain";
import { stringify } from "csv-stringify/sync";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { importErrorReports } from "../db/schema.js";
import { notFound } from "../lib/errors.js";
import { turnTaker } from "../lib/event-loop-turns.js";
import { neutraliseCell, QUOTE_LINE_BREAKS } from "./csv-cells.js";

type ImportError = ImportResultDto["errors"][number];

/** How long an import's full error list can be downloaded. */
export const ERROR_REPORT_KEPT = "1 hour";
const keptSince = sql`now() - ${ERROR_REPORT_KEPT}::interval`;
const ROWS_PER_STEP = 2_000;
// On the thread pool: a 20,000-row list (1.3 MB) becomes ~0.1 MB without holding the event loop,
// and the embedded database then writes a tenth of it (its own compression runs on our thread).
const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/** The errors as a spreadsheet-safe CSV: a column naming the row, one with what is wrong. */
async function errorsCsv(errors: ImportError[]): Promise<string> {
  const turn = turnTaker();
  const parts: string[] = [];
  for (let at = 0; at < errors.length; at += ROWS_PER_STEP) {
    const records = errors
      .slice(at, at + ROWS_PER_STEP)
      .map((e) => [neutraliseCell(e.name), neutraliseCell(e.error)]);
    parts.push(
      stringify(records, {
        header: at === 0,
        columns: ["row", "error"],
        bom: at === 0,
        record_delimiter: "windows",
        quoted_match: QUOTE_LINE_BREAKS,
      }),
    );
    await turn();
  }
  return parts.join("");
}

/** Keeps an import's whole error list as CSV for ERROR_REPORT_KEPT and gives its id; drops older lists. */
export async function keepErrorReport(ctx: AppContext, actor: Actor, errors: ImportError[]): Promise<string> {
  const csvGzip = await gzipped(await errorsCsv(errors));
  return ctx.db.transaction(async (tx) => {
    await tx.delete(importErrorReports).where(lt(importErrorReports.createdAt, keptSince));
    const [row] = await tx
      .insert(importErrorReports)
      .values({ createdById: actor.userId, csvGzip })
      .returning({ id: importErrorReports.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  });
}

/** The CSV of an import's error list kept less than ERROR_REPORT_KEPT ago; 404 otherwise. */
export async function readErrorReport(ctx: AppContext, id: string): Promise<string> {
  const [row] = await ctx.db
    .select({ csvGzip: importErrorReports.csvGzip })
    .from(importErrorReports)
    .where(and(eq(importErrorReports.id, id), gt(importErrorReports.createdAt, keptSince)));
  if (!row) throw notFound("This list of import errors is no longer kept. Import the file again to see it.");
  return (await gunzipped(row.csvGzip)).toString("utf8");
}
