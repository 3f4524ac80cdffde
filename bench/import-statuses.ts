/**
 * What an import's statuses cost: imports a generated file of new applicants into one meeting
 * three times (all Pending, all Approved, a third each of Pending, Approved and Rejected), each
 * through the production server started afresh, as the web app sends it. For each: the request's
 * seconds, the seconds until the last of its mails is in the outbox (an approval's letter is
 * signed, and its mail sent, after the answer), the server's peak RSS (VmHWM), and the latency of
 * `GET /api/auth/me` and of an applicant's own list, each asked without pause by its own client,
 * before the import, while its request runs, and while its mails go out.
 *
 *   npx tsx bench/import-statuses.ts [--db embedded|postgres] [--rows 2000] [--port N] [--pg-port N]
 *     [--write] [--keep]
 *
 * The server and a throwaway PostgreSQL server listen on ports free at run time unless --port and
 * --pg-port name them.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { importCsv } from "./lib/csv.js";
import { api, login, type Session, uploadCsv } from "./lib/http.js";
import { fmt, machineLine, postgresVersion, table, today, writeSection } from "./lib/report.js";
import { ServerProcess, sleep } from "./lib/server.js";
import { type DbKind, prepareTarget, seedTarget } from "./lib/target.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "embedded" },
    rows: { type: "string", default: "2000" },
    port: { type: "string" },
    "pg-port": { type: "string" },
    write: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const kind = args.db as DbKind;
const rows = Number(args.rows);
// A run that sends no mail for this long has stopped: it is reported as it stands.
const STALL_MS = 180_000;

const SCENARIOS = [
  { name: "all Pending", seed: 11, statusOf: () => "Pending" },
  { name: "all Approved", seed: 12, statusOf: () => "Approved" },
  {
    name: "a third each",
    seed: 13,
    statusOf: (i: number) => ["Pending", "Approved", "Rejected"][i % 3] as string,
  },
];

interface Probe {
  at: number;
  ms: number;
  status: number;
}

/** Asks `path` again and again, one request at a time, until `stop` is set. */
async function probe(
  base: string,
  session: Session,
  path: string,
  stop: { done: boolean },
): Promise<Probe[]> {
  const out: Probe[] = [];
  while (!stop.done) {
    const at = performance.now();
    const answer = await api(base, session, "GET", path);
    out.push({ at, ms: answer.ms, status: answer.status });
  }
  return out;
}

function latency(probes: Probe[], from: number, to: number): string {
  const ms = probes
    .filter((p) => p.at >= from && p.at < to)
    .map((p) => p.ms)
    .sort((a, b) => a - b);
  if (ms.length === 0) return "none";
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number;
  return `${ms.length}: ${fmt(at(0.5), 0)} / ${fmt(at(0.99), 0)} / ${fmt(ms.at(-1) as number, 0)}`;
}

const mailCount = (outbox: string) => {
  try {
    return readdirSync(outbox).filter((f) => f.endsWith(".eml")).length;
  } catch {
    return 0;
  }
};

async function main() {
  const log = (...m: unknown[]) => console.error(`[import-statuses ${kind}]`, ...m);
  const target = await prepareTarget(kind, "import-statuses", {
    pgPort: args["pg-port"] ? Number(args["pg-port"]) : undefined,
    keep: args.keep,
  });
  try {
    const seed = await seedTarget(target, {
      meetings: 5,
      users: 500,
      applications: 2_000,
      largest: 500,
      zipApproved: 10,
    });
    log(`seeded in ${fmt(seed.seconds)} s`);
    const outbox = join(target.dataDir, "outbox");
    const lines: (string | number)[][] = [];
    for (const scenario of SCENARIOS) {
      const csv = Buffer.from(importCsv(rows, seed.importMeetingName, scenario.seed, scenario.statusOf));
      const expected = Array.from({ length: rows }, (_, i) => scenario.statusOf(i)).filter(
        (s) => s !== "Pending",
      ).length;
      const server = await ServerProcess.start({
        port: args.port ? Number(args.port) : undefined,
        dataDir: target.dataDir,
        databaseUrl: target.databaseUrl,
        logFile: join(target.workDir, "server.log"),
      });
      try {
        const admin = await login(server.url, seed.adminEmail, seed.adminPassword);
        const user = await login(server.url, seed.sampleUserEmail, "attendee123");
        const mailsBefore = mailCount(outbox);
        const stop = { done: false };
        const probes = [
          probe(server.url, user, "/api/auth/me", stop),
          probe(server.url, user, "/api/applications", stop),
        ];
        await sleep(3_000);
        const started = performance.now();
        const answer = await uploadCsv(
          server.url,
          admin,
          "/api/applications/import",
          csv,
          "applications.csv",
        );
        const answered = performance.now();
        if (answer.status !== 200)
          throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        const b = answer.body as Record<string, number>;
        let sent = mailCount(outbox) - mailsBefore;
        let lastChange = performance.now();
        let lastMailAt = sent > 0 ? lastChange : answered;
        while (sent < expected && performance.now() - lastChange < STALL_MS) {
          await sleep(100);
          const now = mailCount(outbox) - mailsBefore;
          if (now !== sent) {
            sent = now;
            lastChange = lastMailAt = performance.now();
          }
        }
        const mailsDone = sent >= expected ? lastMailAt : performance.now();
        stop.done = true;
        const [me, own] = (await Promise.all(probes)) as [Probe[], Probe[]];
        const failed = [...me, ...own].filter((p) => p.status !== 200).length;
        lines.push([
          scenario.name,
          `${b.successful} / ${b.approved} / ${b.failed}`,
          fmt((answered - started) / 1000, 2),
          `${sent} of ${expected}`,
          expected > 0 ? fmt((mailsDone - started) / 1000, 1) : "",
          fmt(server.peakRssMb(), 0),
          latency(me, started - 3_000, started),
          latency(me, started, answered),
          latency(me, answered, mailsDone),
          latency(own, started, answered),
          latency(own, answered, mailsDone),
          failed,
        ]);
        log(lines.at(-1)?.join(" | "));
      } finally {
        await server.stop();
      }
    }
    const pg = kind === "postgres" ? `, ${postgresVersion()}` : "";
    const report = [
      `### Import with statuses, ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL server"}`,
      "",
      `Command: \`npx tsx bench/import-statuses.ts --db ${kind} --rows ${rows}\`  `,
      `Date: ${today()}  `,
      `Machine: ${machineLine(pg)}`,
      "",
      table(
        [
          `import of ${rows.toLocaleString("en-US")} new rows`,
          "created / approved / failed",
          "request s",
          "mails sent",
          "last mail s",
          "peak RSS MB",
          "/me before: n: p50 / p99 / max ms",
          "/me during request",
          "/me while mails go",
          "own list during request",
          "own list while mails go",
          "probes not 200",
        ],
        lines,
      ),
    ].join("\n");
    console.log(report);
    if (args.write) writeSection(`import-statuses:${kind}`, report);
  } finally {
    await target.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
