/**
 * HTTP benchmarks at scale: seeds a fresh database (50 meetings, 20,000 users, 100,000
 * applications), starts the production server as its own process, loads it from this process
 * with autocannon on loopback, and prints (and with --write, records in RESULTS.md) one table.
 *
 *   npx tsx bench/http-load.ts --db embedded|postgres [--seconds 10] [--connections 50] [--write] [--small]
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { importCsv } from "./lib/csv.js";
import { api, login, type Session, uploadCsv } from "./lib/http.js";
import { type LoadResult, measure, type Scenario } from "./lib/load.js";
import { newApplications } from "./lib/new-application.js";
import { fmt, machineLine, postgresVersion, table, today, writeSection } from "./lib/report.js";
import { ServerProcess } from "./lib/server.js";
import { type DbKind, prepareTarget, seedTarget } from "./lib/target.js";
import { writerSessions } from "./lib/writers.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "embedded" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    write: { type: "boolean", default: false },
    small: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const kind = args.db as DbKind;
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const SCALE = args.small
  ? { meetings: 10, users: 2_000, applications: 10_000, largest: 2_000, zipApproved: 200 }
  : { meetings: 50, users: 20_000, applications: 100_000, largest: 10_000, zipApproved: 1_000 };
const IMPORT_ROWS = args.small ? 1_000 : 10_000;

/** Candidate paths of the meeting letters ZIP; BENCH_ZIP_PATH (with {meetingId}) overrides. */
const ZIP_PATHS = [process.env.BENCH_ZIP_PATH, "/api/letters/meetings/{meetingId}/zip"].filter(
  (p): p is string => !!p,
);

interface Row {
  result?: LoadResult;
  note?: string;
  scenario: Scenario;
  /** The server's resident memory right after this scenario, MB. */
  rss?: number;
}

async function main() {
  const log = (...m: unknown[]) => console.error(`[bench ${kind}]`, ...m);
  const target = await prepareTarget(kind, "http", { keep: args.keep });
  // Stopped however the run ends, not left serving on its port and on files removed below.
  let started: ServerProcess | undefined;
  try {
    log("seeding", SCALE);
    const seed = await seedTarget(target, SCALE);
    log(`seeded in ${seed.seconds.toFixed(1)} s`);
    // Creates are spread over seeded applicants, each within the per-account limit (not the
    // applicant whose own list is read).
    const writer = await writerSessions(target, seconds * 1_500, seed.sampleUserId);
    const csvFile = join(target.workDir, "import.csv");
    writeFileSync(csvFile, importCsv(IMPORT_ROWS, seed.importMeetingName));

    const server = await ServerProcess.start({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logFile: join(target.workDir, "server.log"),
    });
    started = server;
    const base = server.url;
    log("server up, pid", server.pid);
    const admin = await login(base, seed.adminEmail, seed.adminPassword);
    const user = await login(base, seed.sampleUserEmail, seed.password);
    const L = seed.largestMeetingId;
    const middle = Math.ceil(SCALE.largest / 10 / 2);
    const newApplication = newApplications(L, "WB");
    const list = (q: string) => `/api/applications?admin=true&meetingId=${L}&limit=10&${q}`;
    const scenarios: Scenario[] = [
      { name: "ceiling: GET /api/auth/me", path: "/api/auth/me", headers: user.headers, read: true },
      {
        name: `admin list, largest meeting, by status, page ${middle}`,
        path: list(`page=${middle}&sortBy=status&sortDirection=asc`),
        headers: admin.headers,
        read: true,
      },
      {
        name: `admin list, largest meeting, newest first, page ${middle}`,
        path: list(`page=${middle}&sortBy=createdAt&sortDirection=desc`),
        headers: admin.headers,
        read: true,
      },
      {
        // Each request asks a page of 1,000 at random in one of the four orders, so the database's
        // own buffers are not warmed by one page asked again and again.
        name: "admin list, largest meeting, a random page and order each time",
        path: list("page=1&sortBy=status&sortDirection=asc"),
        nextPath: () => {
          const [sortBy, sortDirection] = [
            ["status", "createdAt"],
            ["asc", "desc"],
          ].map((xs) => xs[Math.floor(Math.random() * 2)]);
          const page = 1 + Math.floor(Math.random() * Math.max(1, middle * 2));
          return list(`page=${page}&sortBy=${sortBy}&sortDirection=${sortDirection}`);
        },
        headers: admin.headers,
      },
      {
        name: "admin list, largest meeting, search 'nguyễn'",
        path: list(`page=1&sortBy=status&sortDirection=asc&search=${encodeURIComponent("nguyễn")}`),
        headers: admin.headers,
        read: true,
      },
      {
        name: "stats of the largest meeting",
        path: `/api/applications/stats?meetingId=${L}`,
        headers: admin.headers,
        read: true,
      },
      { name: "a user's own list", path: "/api/applications", headers: user.headers, read: true },
      {
        name: "one application by id",
        path: `/api/applications/${seed.sampleApplicationId}`,
        headers: user.headers,
        read: true,
      },
      {
        name: "create an application (write)",
        method: "POST",
        path: "/api/applications",
        headers: writer(),
        nextHeaders: writer,
        body: newApplication,
      },
      {
        name: "one PDF letter",
        path: `/api/applications/${seed.approvedApplicationId}/pdf`,
        headers: admin.headers,
        connections: 10,
      },
    ];

    const rows: Row[] = [];
    for (const s of scenarios) {
      const probe = await api(
        base,
        { token: "", headers: s.headers ?? {} },
        s.method ?? "GET",
        s.path,
        typeof s.body === "function" ? s.body() : s.body,
      );
      if (probe.status >= 300) {
        log(`${s.name}: answers ${probe.status}, not measured`);
        rows.push({ scenario: s, note: `not measured: the route answers ${probe.status}` });
        continue;
      }
      if (s.read) await measure(base, s, { connections: 10, seconds: 2 }); // warm-up, not recorded
      const result = await measure(base, s, { connections, seconds });
      log(`${s.name}: ${fmt(result.rps, 0)} req/s, p99 ${result.p99} ms, non2xx ${result.non2xx}`);
      rows.push({ scenario: s, result, rss: server.rssMb() });
    }

    const peakBeforeZip = server.peakRssMb();
    const zip = `${await timeZip(base, admin, seed.zipMeetingId)}; peak RSS ${fmt(peakBeforeZip, 0)} MB before, ${fmt(server.peakRssMb(), 0)} MB after`;
    log("zip", zip);
    const csv = (await import("node:fs")).readFileSync(csvFile);
    const imported = await uploadCsv(base, admin, "/api/applications/import", csv, "applications.csv");
    const importNote =
      imported.status === 200 || imported.status === 201
        ? `${fmt(imported.ms / 1000, 2)} s, ${fmt(IMPORT_ROWS / (imported.ms / 1000), 0)} rows/s (${JSON.stringify(pickCounts(imported.body))})`
        : `not measured: the route answers ${imported.status}`;
    log("import", importNote);
    const rssAfterImport = server.rssMb();
    const peak = server.peakRssMb();
    await server.stop();

    const ceiling = rows[0]?.result?.rps ?? Number.NaN;
    const body = report({
      rows,
      ceiling,
      zip,
      importNote: `${importNote}; RSS after ${fmt(rssAfterImport, 0)} MB`,
      peak,
      seedSeconds: seed.seconds,
    });
    console.log(body);
    if (args.write)
      writeSection(
        `http:${kind}${args.small ? ":small" : ""}${connections === 50 ? "" : `:c${connections}`}`,
        body,
      );
  } finally {
    await started?.stop();
    await target.cleanup();
  }
}

function pickCounts(body: unknown) {
  const b = body as Record<string, unknown>;
  return { total: b.total, successful: b.successful, updated: b.updated, failed: b.failed };
}

/** Seconds to download the ZIP of a meeting's approved letters, from the first path that answers. */
async function timeZip(base: string, admin: Session, meetingId: string): Promise<string> {
  for (const p of ZIP_PATHS) {
    const started = performance.now();
    const res = await fetch(`${base}${p.replace("{meetingId}", meetingId)}`, { headers: admin.headers });
    if (res.status === 404 || res.status === 405 || res.status === 400) {
      await res.arrayBuffer();
      continue;
    }
    const bytes = (await res.arrayBuffer()).byteLength;
    const s = (performance.now() - started) / 1000;
    if (res.status !== 200) return `not measured: ${p} answers ${res.status}`;
    return `${fmt(s, 2)} s for ${SCALE.zipApproved.toLocaleString("en-US")} letters (${fmt(bytes / 2 ** 20)} MB, ${p})`;
  }
  return "not measured: no letters ZIP route answers";
}

function report(r: {
  rows: Row[];
  ceiling: number;
  zip: string;
  importNote: string;
  peak: number;
  seedSeconds: number;
}): string {
  const pg = kind === "postgres" ? `, ${postgresVersion()}` : "";
  const header = [
    "scenario",
    "conn.",
    "req/s",
    "× ceiling",
    "p50 ms",
    "p99 ms",
    "errors",
    "non-2xx",
    "5xx",
    "RSS MB",
  ];
  const rows = r.rows.map(({ scenario, result, note, rss }) =>
    result
      ? [
          result.name,
          result.connections,
          fmt(result.rps, 0),
          fmt(result.rps / r.ceiling, 2),
          result.p50,
          result.p99,
          result.errors,
          result.non2xx,
          result.status5xx,
          fmt(rss ?? Number.NaN, 0),
        ]
      : [scenario.name, "", note ?? "", "", "", "", "", "", "", ""],
  );
  const scale = `${SCALE.meetings} meetings, ${SCALE.users.toLocaleString("en-US")} users, ${SCALE.applications.toLocaleString("en-US")} applications (largest meeting ${SCALE.largest.toLocaleString("en-US")})`;
  return [
    `### HTTP, ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL server"}${args.small ? ", a tenth of the data" : ""}${connections === 50 ? "" : `, ${connections} connections`}`,
    "",
    `Command: \`npm run ${kind === "embedded" ? "bench" : "bench:pg"}\` (\`npx tsx bench/http-load.ts --db ${kind} --seconds ${seconds} --connections ${connections}${args.small ? " --small" : ""}\`)  `,
    `Date: ${today()}  `,
    `Machine: ${machineLine(pg)}  `,
    `Data: ${scale}, seeded in ${fmt(r.seedSeconds)} s`,
    "",
    table(header, rows),
    "",
    `- Letters ZIP: ${r.zip}`,
    `- Import of a ${IMPORT_ROWS.toLocaleString("en-US")}-row CSV: ${r.importNote}`,
    `- Server peak RSS after the whole run: ${fmt(r.peak, 0)} MB`,
  ].join("\n");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
