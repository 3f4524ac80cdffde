/**
 * What users do, each read the first time: seeds the scale data (50 meetings, 20,000 users,
 * 100,000 applications; the largest meeting 10,000), starts the production server and loads it
 * with autocannon. No request repeats the one before: an admin pages through pages 1-50 of the
 * largest meeting in every sort order, searches it by names and e-mails of the seeded people, by
 * the passport numbers of its requests and by the references of letters it issues first (50
 * requests approved at once), reads the stats, and pages 1-5 of its requests with warnings (the
 * rules over the whole meeting for each page). The list is read as the web app reads it (summary
 * rows), and its pages once more as full applications, as a client written for the spec reads
 * them. An applicant reads their own list and
 * one application, and creates applications; the searches by name once more after the creates;
 * then a mixed run of applicants and admins at once.
 * Each is measured against the ceiling (GET /api/auth/me) loaded for 3 s just before and just after
 * it (their mean). Each read is first sent unmeasured for --warm-seconds (3 s; 0 for none), as
 * the ceiling is before it is measured again: a route the server has not yet run for a while runs
 * slower until Node.js has compiled its code, and the ceiling, measured before and after every
 * scenario, is always warm. Writes are not warmed (they would add rows). Prints one table.
 *
 *   npx tsx bench/read-path.ts --db postgres|embedded [--connections 50] [--seconds 10]
 *     [--warm-seconds 3] [--mixed-seconds 60] [--small] [--only <part of a scenario's name>]
 *
 * With --only, only the ceiling and the scenarios whose names contain it run (no mixed run unless
 * it matches "mixed"). With PROF=dir the server writes a CPU profile there.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SORT_FIELDS } from "@visa/domain";
import { syntheticPerson } from "../apps/api/src/cli/seed-scale.js";
import { api, login, type Session } from "./lib/http.js";
import { type LoadResult, measure, type Scenario } from "./lib/load.js";
import { newApplications } from "./lib/new-application.js";
import { fmt, machineLine, table } from "./lib/report.js";
import { ServerProcess, sleep } from "./lib/server.js";
import { type DbKind, prepareTarget, seedTarget } from "./lib/target.js";
import { writerSessions } from "./lib/writers.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    "warm-seconds": { type: "string", default: "3" },
    "mixed-seconds": { type: "string", default: "60" },
    small: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const kind = args.db as DbKind;
/** The machine and its load average as the run starts (read at the end, it is the run's own load). */
const machine = machineLine();
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const mixedSeconds = Number(args["mixed-seconds"]);
const warmSeconds = Number(args["warm-seconds"]);
const SCALE = args.small
  ? { meetings: 10, users: 2_000, applications: 10_000, largest: 2_000, zipApproved: 10 }
  : { meetings: 50, users: 20_000, applications: 100_000, largest: 10_000, zipApproved: 10 };
/** Every order the admin list offers (SORT_FIELDS), each way. */
const ORDERS = SORT_FIELDS.flatMap((field) => [`${field}&sortDirection=asc`, `${field}&sortDirection=desc`]);

/** A path maker walking its list in turn, so consecutive requests never ask the same thing. */
function inTurn(paths: string[]): () => string {
  let i = 0;
  return () => paths[i++ % paths.length] as string;
}

/** Seconds of the ceiling measured before and after each scenario. */
const CEILING_SECONDS = 3;

/** How many letters the run issues, to search by their references. */
const LETTERS = 50;

/**
 * Letter references as an admin types them: approves LETTERS of the given requests at once (the
 * server issues and signs their letters) and reads each reference from its history.
 */
async function issueLetters(base: string, admin: Session, ids: string[]): Promise<string[]> {
  const chosen = ids.slice(0, LETTERS);
  const approved = await api(base, admin, "POST", "/api/applications/bulk", {
    action: "approve",
    ids: chosen,
  });
  if (approved.status !== 200) throw new Error(`bulk approval: ${approved.status}`);
  const deadline = Date.now() + 180_000;
  const references: string[] = [];
  for (const id of chosen) {
    for (;;) {
      const history = await api(base, admin, "GET", `/api/applications/${id}/history`);
      const entries = history.body as Array<{ kind: string; text?: string }>;
      const issued = entries.find((e) => e.kind === "letter_issued");
      if (issued?.text) {
        references.push(issued.text);
        break;
      }
      if (Date.now() > deadline) throw new Error(`no letter issued for ${id} within 3 minutes`);
      await sleep(250);
    }
  }
  return references;
}

async function main() {
  const log = (...m: unknown[]) => console.error(`[read-path ${kind}]`, ...m);
  const target = await prepareTarget(kind, "read-path");
  // Stopped however the run ends, not left serving on its port and on files removed below.
  let started: ServerProcess | undefined;
  try {
    log("seeding", SCALE);
    const seed = await seedTarget(target, SCALE);
    log(`seeded in ${seed.seconds.toFixed(1)} s`);
    // Creates are spread over seeded applicants, each within the per-account limit. The applicant
    // whose own list is read creates nothing, so that list keeps the few requests an applicant has.
    const writer = await writerSessions(target, seconds * 1_500, seed.sampleUserId);
    const server = await ServerProcess.start({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logFile: join(target.workDir, "server.log"),
      nodeArgs: process.env.PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROF}`] : [],
    });
    started = server;
    const base = server.url;
    const admin = await login(base, seed.adminEmail, seed.adminPassword);
    const user = await login(base, seed.sampleUserEmail, seed.password);
    const L = seed.largestMeetingId;
    // The admin list as the web app asks for it: summary rows (view=summary).
    const list = (q: string, limit = 10) =>
      `/api/applications?admin=true&meetingId=${L}&limit=${limit}&view=summary&${q}`;
    // As a client written for the spec asks for it: full applications.
    const fullList = (q: string, limit = 10) =>
      `/api/applications?admin=true&meetingId=${L}&limit=${limit}&${q}`;
    const pages = ORDERS.flatMap((o) =>
      Array.from({ length: 50 }, (_, p) => list(`page=${p + 1}&sortBy=${o}`)),
    );
    const fullPages = ORDERS.flatMap((o) =>
      Array.from({ length: 50 }, (_, p) => fullList(`page=${p + 1}&sortBy=${o}`)),
    );
    // 'Has warnings' as the web app asks for it (listApiParams): the default order, status ascending.
    const warnedPages = Array.from({ length: 5 }, (_, p) =>
      list(`page=${p + 1}&sortBy=status&sortDirection=asc&warnings=true`),
    );
    const people = Array.from({ length: 500 }, (_, i) => syntheticPerson(i * 37));
    const byName = people.map((p) =>
      list(`page=1&search=${encodeURIComponent(`${p.firstName} ${p.lastName}`)}`),
    );
    const byEmail = people.map((p) =>
      list(`page=1&search=${encodeURIComponent(p.email.split("@")[0] ?? "")}`),
    );
    // Passports as the admin types them: those of the largest meeting's requests, read from its list.
    const listed: Array<{ _id: string; passportNumber: string; status: string }> = [];
    for (let page = 1; page <= 5; page++) {
      const answer = await api(
        base,
        admin,
        "GET",
        fullList(`page=${page}&sortBy=createdAt&sortDirection=asc`, 100),
      );
      listed.push(...((answer.body as { applications?: typeof listed }).applications ?? []));
    }
    const passports = listed.map((r) => r.passportNumber);
    if (passports.length === 0) throw new Error("no passport numbers in the largest meeting's list");
    const byPassport = passports.map((p) => list(`page=1&search=${encodeURIComponent(p)}`));
    const references = await issueLetters(
      base,
      admin,
      listed.filter((r) => r.status !== "Approved").map((r) => r._id),
    );
    const byReference = references.map((r) => list(`page=1&search=${encodeURIComponent(r)}`));
    const newApplication = newApplications(L, "RP");
    const scenario = (name: string, paths: string[], headers: Record<string, string>): Scenario => ({
      name,
      path: paths[0] as string,
      nextPath: inTurn(paths),
      headers,
      read: true,
    });
    const scenarios: Scenario[] = [
      { name: "ceiling: GET /api/auth/me", path: "/api/auth/me", headers: user.headers, read: true },
      scenario(`admin list, pages 1-50 in each of the ${ORDERS.length} orders`, pages, admin.headers),
      scenario("admin list as full applications (a spec client), the same pages", fullPages, admin.headers),
      scenario("admin list, has warnings, pages 1-5", warnedPages, admin.headers),
      scenario("admin search by name (500 people)", byName, admin.headers),
      scenario("admin search by e-mail (500 people)", byEmail, admin.headers),
      scenario(`admin search by passport (${passports.length} requests)`, byPassport, admin.headers),
      scenario(`admin search by letter reference (${references.length} letters)`, byReference, admin.headers),
      {
        name: "stats of the largest meeting",
        path: `/api/applications/stats?meetingId=${L}`,
        headers: admin.headers,
        read: true,
      },
      { name: "a user's own list", path: "/api/applications", headers: user.headers, read: true },
      {
        name: "one application",
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
      // The same searches once the creates have added their rows: a search also reads the rows new
      // since the search index last took them in (its pending list, migration 0031).
      scenario("admin search by name after the creates (500 people)", byName, admin.headers),
    ];
    const chosen = (name: string) => !args.only || name.includes(args.only) || name.startsWith("ceiling");
    const [ceilingScenario] = scenarios as [Scenario];
    // The machine's speed drifts by a third within minutes (other work on the host): each
    // scenario's ratio is to the mean of the ceiling measured just before and just after it, not
    // to one taken minutes earlier.
    const ceilingNow = async () =>
      (await measure(base, ceilingScenario, { connections, seconds: CEILING_SECONDS })).rps;
    const results: Array<LoadResult & { ceilingBefore: number; ceilingAfter: number }> = [];
    for (const s of scenarios.filter((s) => chosen(s.name))) {
      const probe = await api(
        base,
        { token: "", headers: s.headers ?? {} },
        s.method ?? "GET",
        s.path,
        typeof s.body === "function" ? s.body() : s.body,
      );
      if (probe.status >= 300) throw new Error(`${s.name}: answers ${probe.status}`);
      if (s.read && warmSeconds > 0) await measure(base, s, { connections, seconds: warmSeconds });
      const before = s === ceilingScenario ? null : await ceilingNow();
      const result = await measure(base, s, { connections, seconds });
      const after = s === ceilingScenario ? null : await ceilingNow();
      log(`${s.name}: ${fmt(result.rps, 0)} req/s, p99 ${result.p99} ms, non2xx ${result.non2xx}`);
      results.push({ ...result, ceilingBefore: before ?? result.rps, ceilingAfter: after ?? result.rps });
    }
    const applicantPaths = ["/api/applications", `/api/applications/${seed.sampleApplicationId}`];
    if (chosen("mixed")) log(`mixed: 40 applicants and 10 admins for ${mixedSeconds} s`);
    const mixedCeiling = chosen("mixed") ? await ceilingNow() : Number.NaN;
    const mixed = !chosen("mixed")
      ? []
      : await Promise.all([
          measure(
            base,
            scenario("mixed: 40 applicants (own list, one application)", applicantPaths, user.headers),
            {
              connections: 40,
              seconds: mixedSeconds,
            },
          ),
          measure(
            base,
            scenario(
              "mixed: 10 admins (pages, searches)",
              [...pages, ...byName, ...byEmail, ...byPassport, ...byReference],
              admin.headers,
            ),
            {
              connections: 10,
              seconds: mixedSeconds,
            },
          ),
        ]);
    const mixedAfter = chosen("mixed") ? await ceilingNow() : Number.NaN;
    results.push(...mixed.map((r) => ({ ...r, ceilingBefore: mixedCeiling, ceilingAfter: mixedAfter })));
    const peak = server.peakRssMb();
    await server.stop();
    console.log(
      [
        `### read path, ${kind}, ${connections} connections`,
        "",
        machine,
        `Data: ${seed.applications.toLocaleString("en-US")} applications (largest meeting ${SCALE.largest.toLocaleString("en-US")}), seeded in ${fmt(seed.seconds, 1)} s; server peak RSS ${fmt(peak, 0)} MB`,
        "",
        table(
          ["scenario", "conn", "req/s", "ceiling before, after", "× ceiling", "p50 ms", "p99 ms", "non-2xx"],
          results.map((r) => [
            r.name,
            String(r.connections),
            fmt(r.rps, 0),
            `${fmt(r.ceilingBefore, 0)}, ${fmt(r.ceilingAfter, 0)}`,
            fmt(r.rps / ((r.ceilingBefore + r.ceilingAfter) / 2), 2),
            String(r.p50),
            String(r.p99),
            String(r.non2xx),
          ]),
        ),
      ].join("\n"),
    );
  } finally {
    await started?.stop();
    await target.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
