/**
 * How fast the compiled server answers after a start, and what it holds when idle: starts it as
 * `npm start` does on a new data directory (a new database: created, migrated, certificate
 * generated), then again on the same, now existing one, and reads its resident memory (VmRSS)
 * after it has been idle. Targets: healthy within 15 s (new) and 2 s (existing); idle RSS under
 * 200 MB on PostgreSQL and 350 MB on the embedded database.
 *
 *   npx tsx bench/startup.ts [--db embedded|postgres|both] [--starts 3] [--idle 10] [--write]
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fmt, machineLine, postgresVersion, table, today, writeSection } from "./lib/report.js";
import { ServerProcess, sleep } from "./lib/server.js";
import { type DbKind, prepareTarget } from "./lib/target.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    starts: { type: "string", default: "3" },
    idle: { type: "string", default: "10" },
    write: { type: "boolean", default: false },
  },
});
const kinds: DbKind[] = args.db === "both" ? ["embedded", "postgres"] : [args.db as DbKind];
const starts = Number(args.starts);
const idleSeconds = Number(args.idle);

interface Start {
  label: string;
  healthyMs: number;
  idleRssMb: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function measure(kind: DbKind): Promise<Start[]> {
  const log = (...m: unknown[]) => console.error(`[startup ${kind}]`, ...m);
  const target = await prepareTarget(kind, "startup");
  const results: Start[] = [];
  try {
    for (let i = 0; i <= starts; i++) {
      const label = i === 0 ? "new data directory" : `existing, start ${i}`;
      const server = await ServerProcess.start({
        dataDir: target.dataDir,
        databaseUrl: target.databaseUrl,
        logFile: join(target.workDir, "server.log"),
      });
      await sleep(idleSeconds * 1000);
      results.push({ label, healthyMs: server.healthyAfterMs, idleRssMb: server.rssMb() });
      log(label, `${server.healthyAfterMs} ms`, `${fmt(server.rssMb(), 0)} MB`);
      await server.stop();
    }
    await target.cleanup();
  } catch (e) {
    await target.cleanup(true);
    throw e;
  }
  return results;
}

const uptime = execFileSync("uptime", { encoding: "utf8" }).trim();
const machine = machineLine();
const sections: string[] = [];
for (const kind of kinds) {
  const results = await measure(kind);
  const existing = results.slice(1);
  const rssTarget = kind === "postgres" ? 200 : 350;
  const newMs = results[0]?.healthyMs ?? Number.NaN;
  const existingMs = median(existing.map((r) => r.healthyMs));
  const rss = Math.max(...results.map((r) => r.idleRssMb));
  const text = [
    `### Start and idle memory, ${kind === "postgres" ? `PostgreSQL server (${postgresVersion()})` : "embedded database"}`,
    "",
    `${today()}; ${machine}. \`uptime\` at start: ${uptime}. The machine's 2 cores are shared with other work while this runs, so times vary with that load.  `,
    `Command: \`npx tsx bench/startup.ts --db ${kind} --starts ${starts} --idle ${idleSeconds}\`  `,
    "Healthy: milliseconds from the spawn of `node scripts/start.mjs` (NODE_ENV=production, build already made) to the first 200 of `GET /api/health`. Idle RSS: VmRSS after the server sat idle for " +
      `${idleSeconds} s.`,
    "",
    table(
      ["start", "healthy after", "idle RSS"],
      results.map((r) => [r.label, `${fmt(r.healthyMs / 1000, 2)} s`, `${fmt(r.idleRssMb, 0)} MB`]),
    ),
    "",
    table(
      ["target", "measured", "met"],
      [
        [
          "healthy within 15 s, new data directory",
          `${fmt(newMs / 1000, 2)} s`,
          newMs < 15_000 ? "yes" : "no",
        ],
        [
          "healthy within 2 s, existing data directory",
          `${fmt(existingMs / 1000, 2)} s (median of ${existing.length})`,
          existingMs < 2000 ? "yes" : "no",
        ],
        [`idle RSS under ${rssTarget} MB`, `${fmt(rss, 0)} MB (highest)`, rss < rssTarget ? "yes" : "no"],
      ],
    ),
  ].join("\n");
  console.log(`${text}\n`);
  sections.push(text);
}
if (args.write) writeSection(`startup-${args.db}`, sections.join("\n\n"));
