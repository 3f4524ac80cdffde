/**
 * What one request costs in CPU, the server's and the database's apart: seeds the scale data,
 * starts the production server, sends each kind of request one at a time and reads the CPU time
 * of the server process and of every PostgreSQL process from /proc before and after. Under load
 * the two share the machine's cores, so these figures say which side a change should make cheaper.
 * With --connections N each kind is sent instead by N connections at once for --seconds, as the
 * read-path benchmark sends it: a process's cost per request under load is lower than one at a
 * time (fewer wake-ups per request), and the server's is what bounds its rate on one core.
 * With --statements (PostgreSQL only) the server is restarted with pg_stat_statements, and each
 * kind is followed by the statements it ran: how many per request and their mean execution time
 * inside the database, so the database's CPU splits into statements and what surrounds them.
 *
 *   npx tsx bench/cpu-per-request.ts [--db postgres|embedded] [--requests 1000] [--small]
 *     [--connections 50 --seconds 10] [--statements] [--port N]
 *
 * The server listens on a port free at run time unless --port names one; a throwaway PostgreSQL
 * server too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { syntheticPerson } from "../apps/api/src/cli/seed-scale.js";
import { login } from "./lib/http.js";
import { measure } from "./lib/load.js";
import { fmt, machineLine, table } from "./lib/report.js";
import { ServerProcess, sleep } from "./lib/server.js";
import { type DbKind, pgCtl, prepareTarget, querySql, seedTarget, type Target } from "./lib/target.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    requests: { type: "string", default: "1000" },
    small: { type: "boolean", default: false },
    connections: { type: "string", default: "1" },
    seconds: { type: "string", default: "10" },
    statements: { type: "boolean", default: false },
    port: { type: "string" },
  },
});

const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second.

/** utime + stime of a process, in milliseconds (0 when it is gone). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The processes of the PostgreSQL server whose data directory is under `dir`. */
function postgresPids(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const env = cmd.includes("postgres") ? readFileSync(`/proc/${entry}/environ`, "utf8") : "";
      if (cmd.includes(dir) || env.includes(dir)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Children of the postmaster started since: its backends (connections) included. */
function withChildren(pids: number[]): number[] {
  const all = new Set(pids);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (all.has(ppid)) all.add(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return [...all];
}

/** Waits until the process spends under 2 % of a core for a whole second (at most 60 s). */
async function untilIdle(pid: number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const before = cpuMs(pid);
    await sleep(1000);
    if (cpuMs(pid) - before < 20) return;
  }
}

/** Restarts the target's PostgreSQL server with pg_stat_statements loaded, and creates the extension. */
async function trackStatements(target: Target): Promise<void> {
  await querySql(target, "alter system set shared_preload_libraries = 'pg_stat_statements'");
  await pgCtl(target, "stop");
  await pgCtl(target, "start");
  await querySql(target, "create extension if not exists pg_stat_statements");
}

/** The tables a statement reads, in the order it names them (or its start when it reads none). */
function tablesOf(query: string): string {
  const names = [...query.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1]);
  return names.length > 0 ? [...new Set(names)].join(", ") : query.replace(/\s+/g, " ").slice(0, 40);
}

/** The statements run since the last reset, each with its runs and mean execution time per request sent. */
async function statementRows(target: Target, name: string, sent: number): Promise<string[][]> {
  const rows = await querySql(
    target,
    `select query, calls, total_exec_time from pg_stat_statements
      where query not like '%pg_stat_statements%' and calls >= $1 order by total_exec_time desc`,
    // Twice at least: each querySql opens the database, whose migration check runs its statements once.
    [Math.max(2, Math.floor(sent / 100))],
  );
  return rows.map((r) => [
    name,
    tablesOf(String(r.query)),
    fmt(Number(r.calls) / sent, 2),
    fmt(Number(r.total_exec_time) / Number(r.calls), 3),
    fmt(Number(r.total_exec_time) / sent, 3),
  ]);
}

async function main() {
  const kind = args.db as DbKind;
  const n = Number(args.requests);
  const connections = Number(args.connections);
  const machine = machineLine();
  const statements = args.statements && kind === "postgres";
  if (args.statements && !statements) throw new Error("--statements needs --db postgres");
  const target = await prepareTarget(kind, "cpu");
  // Stopped however the run ends: a server left on its port would answer the next run's requests.
  let server: ServerProcess | undefined;
  try {
    if (statements) await trackStatements(target);
    const seed = await seedTarget(
      target,
      args.small ? { meetings: 10, users: 2_000, applications: 10_000, largest: 2_000 } : {},
    );
    server = await ServerProcess.start({
      port: args.port ? Number(args.port) : undefined,
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logFile: join(target.workDir, "server.log"),
    });
    // A first start makes the signing certificate in the background: let it finish first, or its
    // key generation is counted against whichever request runs beside it.
    await untilIdle(server.pid);
    const admin = await login(server.url, seed.adminEmail, seed.adminPassword);
    const L = seed.largestMeetingId;
    const list = (q: string, limit = 10) => `/api/applications?admin=true&meetingId=${L}&limit=${limit}&${q}`;
    const page = (i: number) => `page=${(i % 50) + 1}&sortBy=createdAt&sortDirection=desc`;
    const people = Array.from({ length: n }, (_, i) => syntheticPerson(i * 7));
    const fullName = (p: (typeof people)[number] | undefined) => (p ? `${p.firstName} ${p.lastName}` : "");
    const kinds: Array<[string, (i: number) => string]> = [
      ["GET /api/auth/me", () => "/api/auth/me"],
      ["admin list page, summary rows (the web app)", (i) => list(`${page(i)}&view=summary`)],
      ["admin list page, full rows", (i) => list(page(i))],
      // The same pages at 1 and 50 rows: what a request costs whatever its rows, and what a row adds.
      ["admin list page, summary rows, 1 a page", (i) => list(`${page(i)}&view=summary`, 1)],
      ["admin list page, summary rows, 50 a page", (i) => list(`${page(i)}&view=summary`, 50)],
      ["admin list page, full rows, 1 a page", (i) => list(page(i), 1)],
      ["admin list page, full rows, 50 a page", (i) => list(page(i), 50)],
      [
        "admin search by full name, summary rows",
        (i) => list(`page=1&view=summary&search=${encodeURIComponent(fullName(people[i]))}`),
      ],
      [
        "admin search by last name, summary rows",
        (i) => list(`page=1&view=summary&search=${encodeURIComponent(people[i]?.lastName ?? "")}`),
      ],
      [
        "admin search by e-mail, summary rows",
        (i) => list(`page=1&view=summary&search=${encodeURIComponent(people[i]?.email.split("@")[0] ?? "")}`),
      ],
      // The 'has warnings' filter works out the rules over the whole meeting for each page.
      [
        "admin list, has warnings, summary rows",
        (i) => list(`page=${(i % 5) + 1}&view=summary&warnings=true`),
      ],
      ["stats", () => `/api/applications/stats?meetingId=${L}`],
    ];
    // A warm-up of every kind first, so the statements are prepared and the code is compiled.
    for (const [, path] of kinds) {
      for (let i = 0; i < Math.min(200, n); i++)
        await (await fetch(`${server.url}${path(i)}`, { headers: admin.headers })).text();
    }
    const rows: string[][] = [];
    const statementTable: string[][] = [];
    for (const [name, path] of kinds) {
      if (statements) await querySql(target, "select pg_stat_statements_reset()");
      const pg = target.pgDir ? withChildren(postgresPids(target.pgDir)) : [];
      const serverBefore = cpuMs(server.pid);
      const pgBefore = pg.reduce((s, p) => s + cpuMs(p), 0);
      const started = performance.now();
      let bytes = 0;
      let sent = n;
      let failed = 0;
      if (connections > 1) {
        let i = 0;
        const r = await measure(
          server.url,
          { name, path: path(0), nextPath: () => path(i++ % n), headers: admin.headers },
          { connections, seconds: Number(args.seconds) },
        );
        // Under load a request may wait for a pooled connection past its limit and be answered 503:
        // counted and shown, not taken for a fault of the benchmark.
        failed = r.non2xx + r.errors;
        sent = r.requests;
      } else {
        for (let i = 0; i < n; i++) {
          const res = await fetch(`${server.url}${path(i)}`, { headers: admin.headers });
          if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
          bytes += (await res.text()).length;
        }
      }
      const wall = performance.now() - started;
      const serverMs = (cpuMs(server.pid) - serverBefore) / sent;
      const pgMs = (pg.reduce((s, p) => s + cpuMs(p), 0) - pgBefore) / sent;
      rows.push(
        connections > 1
          ? [name, fmt(serverMs, 2), fmt(pgMs, 2), fmt(sent / (wall / 1000), 0), fmt(failed, 0)]
          : [name, fmt(serverMs, 2), fmt(pgMs, 2), fmt(wall / n, 2), fmt(bytes / n / 1024, 1)],
      );
      if (statements) statementTable.push(...(await statementRows(target, name, sent)));
    }
    await server.stop();
    const load = connections > 1 ? `, ${connections} connections for ${args.seconds} s each` : "";
    console.log(`### CPU per request, ${kind}${load}\n\n${machine}\n`);
    const head =
      connections > 1
        ? ["request", "server CPU ms", "database CPU ms", "req/s", "not answered 2xx"]
        : ["request", "server CPU ms", "database CPU ms", "wall ms (one at a time)", "answer KB"];
    console.log(table(head, rows));
    if (statements) {
      console.log(
        "\nStatements (pg_stat_statements; execution time is inside the database, waits for a core included):\n",
      );
      const statementHead = [
        "request",
        "tables read",
        "runs per request",
        "mean execution ms",
        "execution ms per request",
      ];
      console.log(table(statementHead, statementTable));
    }
  } finally {
    await server?.stop();
    await target.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
