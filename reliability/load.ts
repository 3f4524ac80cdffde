/**
 * Load: 100 concurrent clients (95 attendees, 5 admins) run a mix of reads and writes for N
 * seconds against the production server. Then: zero connection errors, zero 5xx, no answer other
 * than the one a valid request should get, and every acknowledged write present as acknowledged
 * (created rows exist, the last acknowledged update is what is stored, deleted rows are gone).
 *
 *   npx tsx reliability/load.ts [--db embedded|postgres] [--seconds 60] [--clients 100] [--write]
 */
import { parseArgs } from "node:util";
import { api, sessionFor } from "../bench/lib/http.js";
import { fmt, machineLine, table, today, writeSection } from "../bench/lib/report.js";
import { type DbKind, querySql } from "../bench/lib/target.js";
import { loggedFaults, prepareEnv, RELIABILITY_SCALE, Verdict } from "./lib/env.js";
import { type Client, LoadRecorder, runClient } from "./lib/load-clients.js";
import { pool } from "./lib/raw-http.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "embedded" },
    seconds: { type: "string", default: "60" },
    clients: { type: "string", default: "100" },
    write: { type: "boolean", default: false },
  },
});

const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

async function main() {
  // Read as the run starts: at the end it would be the run's own load.
  const machine = machineLine();
  const kind = args.db as DbKind;
  const seconds = Number(args.seconds);
  const clientCount = Number(args.clients);
  const verdict = new Verdict();
  const env = await prepareEnv(kind, "load");
  try {
    const server = await env.start();
    const admins = Math.max(1, Math.round(clientCount / 20));
    const clients: Client[] = [];
    for (let i = 0; i < clientCount; i++) {
      const isAdmin = i < admins;
      const userId = env.userIds[i % env.userIds.length] as string;
      clients.push({
        isAdmin,
        own: [],
        session: isAdmin ? env.admin : await sessionFor({ id: userId, isAdmin: false }),
      });
    }
    const rec = new LoadRecorder();
    const ctx = {
      meetingId: env.seed.largestMeetingId,
      deadline: Date.now() + seconds * 1000,
      rec,
      pages: Math.ceil(RELIABILITY_SCALE.largest / 10),
    };
    console.log(`${clientCount} clients for ${seconds} s on the ${kind} server`);
    const started = performance.now();
    await Promise.all(clients.map((c) => runClient(server.url, c, ctx)));
    const elapsed = (performance.now() - started) / 1000;
    const peak = server.peakRssMb();

    const rows = [...rec.ops.entries()].map(([op, s]) => [
      op,
      s.count,
      fmt(s.count / elapsed, 0),
      fmt(pct(s.latencies, 50), 0),
      fmt(pct(s.latencies, 99), 0),
      [...s.unexpected.values()].reduce((a, b) => a + b, 0),
    ]);
    const total = [...rec.ops.values()].reduce((a, s) => a + s.count, 0);
    const problems = [...rec.ops.entries()].flatMap(([op, s]) =>
      [...s.unexpected.entries()].map(([p, c]) => `${op}: ${p} ×${c}`),
    );
    const summary = table(["operation", "requests", "req/s", "p50 ms", "p99 ms", "unexpected"], rows);
    console.log(summary);
    for (const p of problems.slice(0, 30)) console.log(`  ${p}`);
    verdict.check(!problems.some((p) => p.includes("connection:")), "zero connection errors");
    verdict.check(!problems.some((p) => / 5\d\d /.test(`${p.split(": ")[1]} `)), "zero 5xx");
    verdict.check(
      problems.length === 0,
      "every answer is what a valid request should get",
      `${problems.length} kinds of unexpected answer`,
    );

    // Every acknowledged write, read back through the API.
    const entries = [...rec.created.entries()];
    const mismatches: string[] = [];
    await pool(
      entries.map(([id, e]) => async () => {
        const a = await api(server.url, env.admin, "GET", `/api/applications/${id}`);
        const b = a.body as { passportNumber?: string; hotelName?: string; status?: string };
        if (e.deleted) {
          if (a.status !== 404) mismatches.push(`${id}: deleted but answers ${a.status}`);
        } else if (a.status !== 200) {
          mismatches.push(`${id}: acknowledged but answers ${a.status}`);
        } else if (
          b.passportNumber !== e.passportNumber ||
          b.hotelName !== e.hotelName ||
          b.status !== e.status
        ) {
          mismatches.push(
            `${id}: stored ${JSON.stringify(b).slice(0, 100)} but acknowledged ${JSON.stringify(e)}`,
          );
        }
      }),
      16,
    );
    for (const m of mismatches.slice(0, 10)) console.log(`  ${m}`);
    const live = entries.filter(([, e]) => !e.deleted).length;
    verdict.check(
      mismatches.length === 0,
      "every acknowledged write present as acknowledged",
      `${entries.length} created, ${entries.length - live} deleted, ${mismatches.length} mismatches`,
    );
    verdict.check((await server.stop()) === 0, "server stops cleanly");
    for (const f of loggedFaults(env.logFile)) console.log(`  server logged: ${f}`);
    const [row] = await querySql(
      env.target,
      "select count(*)::int as n from applications where passport_number like 'LD%'",
    );
    verdict.check(
      Number(row?.n) === live,
      "row count in the database matches acknowledged creates minus deletes",
      `${row?.n} rows, ${live} expected`,
    );

    const body = [
      `### Load, ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL server"}`,
      "",
      `Command: \`npx tsx reliability/load.ts --db ${kind} --seconds ${seconds} --clients ${clientCount}\`  `,
      `Date: ${today()}  `,
      `Machine: ${machine}  `,
      `Data: ${RELIABILITY_SCALE.applications.toLocaleString("en-US")} applications seeded; ${clientCount} clients (${admins} admins) for ${fmt(elapsed)} s; ${total.toLocaleString("en-US")} requests (${fmt(total / elapsed, 0)}/s); server peak RSS ${fmt(peak, 0)} MB`,
      "",
      summary,
      "",
      `Outcome: ${verdict.failures.length === 0 ? "no errors, no 5xx, every acknowledged write present" : `FAILED: ${verdict.failures.join("; ")}`}`,
    ].join("\n");
    if (args.write) writeSection(`load:${kind}`, body);
  } finally {
    await env.target.cleanup(verdict.failures.length > 0);
  }
  verdict.exit();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
