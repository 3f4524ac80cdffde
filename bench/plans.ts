/**
 * Query plans of the admin screens at scale: seeds a PostgreSQL server (100,000 applications),
 * turns on auto_explain (every statement's EXPLAIN ANALYZE goes to the server log), requests each
 * admin screen once through the production server, and writes the plans of the queries each
 * screen ran to bench/plans.md, flagging any sequential scan of applications or users.
 *
 *   npx tsx bench/plans.ts [--small] [--write]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { api, login } from "./lib/http.js";
import { formatMarkdown, machineLine, postgresVersion, table, today } from "./lib/report.js";
import { REPO_ROOT, ServerProcess } from "./lib/server.js";
import { prepareTarget, seedTarget } from "./lib/target.js";

const { values: args } = parseArgs({
  options: { small: { type: "boolean", default: false }, write: { type: "boolean", default: false } },
});
const SCALE = args.small
  ? { meetings: 10, users: 2_000, applications: 10_000, largest: 2_000, zipApproved: 100 }
  : { meetings: 50, users: 20_000, applications: 100_000, largest: 10_000, zipApproved: 100 };
/** Sequential scans that read at least this many rows are flagged (small tables are scanned cheaply). */
const SEQ_SCAN_ROWS = 1_000;

/** The sequential scans of a plan that read many rows: "table (rows read)". */
function bigSeqScans(plan: string): string[] {
  const out: string[] = [];
  const lines = plan.split("\n");
  lines.forEach((line, i) => {
    const m = /Seq Scan on (\w+).*actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(line);
    if (!m) return;
    const removed =
      /Rows Removed by Filter: (\d+)/.exec(lines[i + 1] ?? "") ??
      /Rows Removed by Filter: (\d+)/.exec(lines[i + 2] ?? "");
    const read = (Number(m[2]) + Number(removed?.[1] ?? 0)) * Number(m[3]);
    if (read >= SEQ_SCAN_ROWS) out.push(`${m[1]} (${read.toLocaleString("en-US")} rows)`);
  });
  return out;
}

interface Plan {
  query: string;
  plan: string;
}

/** Splits the server log into auto_explain entries: "duration: … plan:" then tab-indented lines. */
function parsePlans(log: string): Plan[] {
  const out: Plan[] = [];
  const entries = log.split(/\n(?=\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] )/);
  for (const e of entries) {
    if (!/LOG: {2}duration: [\d.]+ ms {2}plan:/.test(e)) continue;
    const body = e.split("\n").slice(1).join("\n");
    const m =
      /Query Text: ([\s\S]*?)\n(?=\t?\S.*\(cost=|\t?\S.*\(actual|\t?[A-Z][\w ]+(?:on|Scan|Aggregate|Limit|Sort|Result))/.exec(
        body,
      );
    const query = (m?.[1] ?? body.split("\n")[0] ?? "").replace(/\s+/g, " ").trim();
    const plan = body
      .slice((m?.index ?? 0) + (m?.[0].length ?? 0))
      .split("\n")
      .map((l) => l.replace(/^\t/, ""))
      .join("\n")
      .trim();
    out.push({ query, plan });
  }
  return out;
}

async function main() {
  const target = await prepareTarget("postgres", "plans");
  // Stopped however the run ends, not left serving on its port and on files removed below.
  let started: ServerProcess | undefined;
  try {
    const seed = await seedTarget(target, SCALE);
    const admin = new pg.Client({ connectionString: target.databaseUrl });
    await admin.connect();
    for (const s of [
      "load 'auto_explain'",
      "alter system set session_preload_libraries = 'auto_explain'",
      "alter system set auto_explain.log_min_duration = 0",
      "alter system set auto_explain.log_analyze = on",
      "alter system set auto_explain.log_timing = on",
      "alter system set auto_explain.log_format = 'text'",
    ]) {
      await admin.query(s);
    }
    await admin.query("select pg_reload_conf()");
    await admin.end();

    const server = await ServerProcess.start({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logFile: join(target.workDir, "server.log"),
    });
    started = server;
    const session = await login(server.url, seed.adminEmail, seed.adminPassword);
    const L = seed.largestMeetingId;
    const middle = Math.ceil(SCALE.largest / 20);
    // As the admin screen asks for its table: summary rows.
    const list = (q: string) => `/api/applications?admin=true&meetingId=${L}&limit=10&view=summary&${q}`;
    const screens: [string, string][] = [
      ["Applications: meeting tabs", "/api/meetings"],
      ["Applications: stat cards", `/api/applications/stats?meetingId=${L}`],
      ["Applications: first page (default: status ascending)", list("page=1")],
      [
        `Applications: page ${middle}, status descending`,
        list(`page=${middle}&sortBy=status&sortDirection=desc`),
      ],
      [
        `Applications: page ${middle}, date ascending`,
        list(`page=${middle}&sortBy=createdAt&sortDirection=asc`),
      ],
      [
        `Applications: page ${middle}, visa appointment ascending`,
        list(`page=${middle}&sortBy=visaAppointmentDate&sortDirection=asc`),
      ],
      [
        `Applications: page ${middle}, visa appointment descending`,
        list(`page=${middle}&sortBy=visaAppointmentDate&sortDirection=desc`),
      ],
      ["Applications: only those with warnings", list("page=1&warnings=true")],
      ["Applications: search 'nguyễn'", list(`page=1&search=${encodeURIComponent("nguyễn")}`)],
      [
        "Applications: search by full name 'ana silva'",
        list(`page=1&search=${encodeURIComponent("ana silva")}`),
      ],
      [
        "Applications: search by a name of short words 'na li'",
        list(`page=1&search=${encodeURIComponent("na li")}`),
      ],
      [
        "Applications: search by e-mail",
        list(`page=1&search=${encodeURIComponent(seed.sampleUserEmail.split("@")[0] ?? "")}`),
      ],
      ["Application detail (admin)", `/api/applications/${seed.approvedApplicationId}`],
      ["Export of the meeting", `/api/applications/export?meetingId=${L}`],
      ["Users: first page", "/api/users?page=1"],
      ["Users: page 1000", "/api/users?page=1000"],
      ["Users: search", `/api/users?search=${encodeURIComponent("müller")}`],
      ["Meetings screen", "/api/meetings"],
    ];
    const marker = new pg.Client({ connectionString: target.databaseUrl });
    await marker.connect();
    for (const [name, path] of screens) {
      await marker.query(`select 'screen:${name.replace(/'/g, "")}' as marker`);
      const a = await api(server.url, session, "GET", path);
      if (a.status !== 200) console.error(`${name}: ${path} answered ${a.status}`);
    }
    await marker.query("select 'screen:end' as marker");
    await marker.end();
    await server.stop();

    const plans = parsePlans(readFileSync(join(target.pgDir as string, "server.log"), "utf8"));
    const byScreen = new Map<string, Plan[]>();
    let current = "";
    for (const p of plans) {
      const m = /'screen:([^']*)' as marker/.exec(p.query);
      if (m) {
        current = m[1] === "end" ? "" : (m[1] as string);
        continue;
      }
      if (!current) continue;
      const list = byScreen.get(current) ?? [];
      if (!list.some((x) => x.query === p.query)) list.push(p);
      byScreen.set(current, list);
    }
    const rows: string[][] = [];
    const sections: string[] = [];
    const shown = new Set<string>();
    for (const [name, path] of screens) {
      const key = name.replace(/'/g, "");
      const ps = byScreen.get(key) ?? [];
      const seq = ps.flatMap((p) => bigSeqScans(p.plan));
      rows.push([name, String(ps.length), seq.length ? `**${seq.join(", ")}**` : "none"]);
      const fresh = ps.filter((p) => !shown.has(p.query));
      for (const p of fresh) shown.add(p.query);
      const repeated = ps.length - fresh.length;
      sections.push(
        [
          `## ${name}`,
          "",
          `\`GET ${path.replace(L, "{largest meeting}")}\`${repeated ? ` (and ${repeated} statement(s) shown above)` : ""}`,
          "",
          ...fresh.map((p) => `\`\`\`sql\n${p.query}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\`\n`),
        ].join("\n"),
      );
    }
    const doc = [
      "# Query plans of the admin screens",
      "",
      `Command: \`npm run bench:plans\` (\`npx tsx bench/plans.ts${args.small ? " --small" : ""}\`)  `,
      `Date: ${today()}  `,
      `Machine: ${machineLine(`, ${postgresVersion()}`)}  `,
      `Data: ${SCALE.meetings} meetings, ${SCALE.users.toLocaleString("en-US")} users, ${SCALE.applications.toLocaleString("en-US")} applications (largest meeting ${SCALE.largest.toLocaleString("en-US")}), analyzed after seeding`,
      "",
      "Each screen was requested once through the production server with PostgreSQL's auto_explain",
      "logging `EXPLAIN ANALYZE` of every statement; below are the distinct statements of each screen",
      "(the session check by primary key runs on every request and is shown once, under the first screen).",
      "",
      table(["screen", "statements", "sequential scans reading ≥ 1,000 rows"], rows),
      "",
      ...sections,
      "",
    ].join("\n");
    console.log(table(["screen", "statements", "sequential scans reading ≥ 1,000 rows"], rows));
    if (args.write) writeFileSync(join(REPO_ROOT, "bench/plans.md"), formatMarkdown(doc));
  } finally {
    await started?.stop();
    await target.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
