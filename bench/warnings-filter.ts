/**
 * What the admin list's 'has warnings' filter costs the server in-process: the rules over whole
 * meetings (warnedIdsOfMeetings) as the filter runs them, without HTTP. Seeds the scale data, then
 * calls it over the largest meeting and over all meetings, and prints the CPU time of this process
 * per call (the driver's decoding included; the database's own CPU is another process's), the
 * wall time per call, how many ids it found, and memory: the process's RSS before and after the
 * calls, its peak during them (VmHWM, reset after the seed and the warm-up), and the heap in use
 * before and after them once garbage is collected (what the calls left held).
 *
 *   npx tsx bench/warnings-filter.ts [--db postgres|embedded] [--rounds 50] [--all-rounds 10]
 *     [--small] [--seeded]
 *
 * --seeded: the target (BENCH_DATABASE_URL) already holds the scale data; it is not seeded again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { warnedIdsOfMeetings } from "../apps/api/src/applications/warnings.service.js";
import { meetings } from "../apps/api/src/db/schema.js";
import { fmt, machineLine, table } from "./lib/report.js";
import { type DbKind, openTarget, prepareTarget, seedTarget } from "./lib/target.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    rounds: { type: "string", default: "50" },
    "all-rounds": { type: "string", default: "10" },
    small: { type: "boolean", default: false },
    seeded: { type: "boolean", default: false },
  },
});

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** A line of /proc/self/status in MB (VmRSS, VmHWM). */
function statusMb(field: string): number {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const mb = (bytes: number) => bytes / 2 ** 20;

async function main() {
  const kind = args.db as DbKind;
  const machine = machineLine();
  const target = await prepareTarget(kind, "warnings");
  try {
    const seed = args.seeded
      ? undefined
      : await seedTarget(
          target,
          args.small ? { meetings: 10, users: 2_000, applications: 10_000, largest: 2_000 } : {},
        );
    const database = await openTarget(target);
    try {
      const { db } = database;
      const all = (await db.select({ id: meetings.id }).from(meetings)).map((m) => m.id);
      const largest = seed?.largestMeetingId ?? (await largestMeeting(database.db));
      // Warm-up: the statements prepared, the code compiled.
      for (let i = 0; i < 5; i++) await warnedIdsOfMeetings(db, [largest]);
      await warnedIdsOfMeetings(db, all);
      gc();
      const heapBefore = mb(process.memoryUsage().heapUsed);
      const rssBefore = statusMb("VmRSS");
      // The peak from here on: the seed, in this process, went higher than the calls do.
      writeFileSync("/proc/self/clear_refs", "5");
      const rows: string[][] = [];
      const run = async (name: string, ids: string[], rounds: number) => {
        let found = 0;
        const cpu = process.cpuUsage();
        const started = performance.now();
        for (let i = 0; i < rounds; i++) found = (await warnedIdsOfMeetings(db, ids)).length;
        const wall = (performance.now() - started) / rounds;
        const used = process.cpuUsage(cpu);
        rows.push([name, fmt((used.user + used.system) / 1000 / rounds, 1), fmt(wall, 1), String(found)]);
      };
      await run("largest meeting", [largest], Number(args.rounds));
      await run(`all ${all.length} meetings`, all, Number(args["all-rounds"]));
      const peak = statusMb("VmHWM");
      const rssAfter = statusMb("VmRSS");
      gc();
      const heapAfter = mb(process.memoryUsage().heapUsed);
      console.log(`### The 'has warnings' filter in-process, ${kind}\n\n${machine}\n`);
      console.log(table(["calls over", "CPU ms per call", "wall ms per call", "ids with warnings"], rows));
      console.log(
        `\nMemory: RSS ${fmt(rssBefore, 0)} MB after the warm-up, ${fmt(rssAfter, 0)} MB after the calls, ` +
          `peak during them (VmHWM) ${fmt(peak, 0)} MB; heap in use after a collection ${fmt(heapBefore, 1)} MB before the calls, ` +
          `${fmt(heapAfter, 1)} MB after.`,
      );
    } finally {
      await database.close();
    }
  } finally {
    await target.cleanup();
  }
}

/** The meeting with the most applications (when the data was seeded by another run). */
async function largestMeeting(db: Awaited<ReturnType<typeof openTarget>>["db"]): Promise<string> {
  const client = (db as unknown as { $client: { query: (t: string) => Promise<{ rows: { id: string }[] }> } })
    .$client;
  const { rows } = await client.query(
    "select meeting_id as id from applications group by meeting_id order by count(*) desc limit 1",
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no applications: run without --seeded first");
  return id;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
