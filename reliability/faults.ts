/**
 * Faults:
 * 1. kill -9 the server during concurrent writes, restart it: the database opens, every
 *    acknowledged write is there, and no application is half-written.
 * 2. kill -9 the server during a 10,000-row import, restart it: the same, and importing the same
 *    file again completes it without a single duplicate.
 * 3. (PostgreSQL) stop the database server under load: requests get 503 with a clear message (never
 *    a 500, never a logout), and the service answers again within 5 s of the database's return,
 *    without restarting the app.
 *
 *   npx tsx reliability/faults.ts [--db embedded|postgres] [--write]
 */
import { parseArgs } from "node:util";
import { importCsv } from "../bench/lib/csv.js";
import { api, sessionFor, uploadCsv } from "../bench/lib/http.js";
import { fmt, machineLine, today, writeSection } from "../bench/lib/report.js";
import { sleep } from "../bench/lib/server.js";
import { type DbKind, querySql } from "../bench/lib/target.js";
import { type Env, loggedFaults, prepareEnv, Verdict } from "./lib/env.js";
import { newApplication } from "./lib/load-clients.js";
import { stopDatabaseUnderLoad } from "./lib/outage.js";
import { pool } from "./lib/raw-http.js";

const { values: args } = parseArgs({
  options: { db: { type: "string", default: "embedded" }, write: { type: "boolean", default: false } },
});

const REQUIRED_COLUMNS = [
  "first_name",
  "last_name",
  "email",
  "birthdate",
  "gender",
  "passport_number",
  "passport_issuing_country",
  "passport_expiration_date",
  "date_of_arrival",
  "date_of_departure",
  "company_name",
  "position",
  "company_mailing_address1",
  "city",
  "state",
  "postal_code",
  "country",
  "phone",
];

/** Applications with a required field missing or blank: what a half-finished write would leave. */
async function halfWritten(env: Env): Promise<number> {
  const blank = REQUIRED_COLUMNS.map((c) => `coalesce(trim(${c}::text), '') = ''`).join(" or ");
  const [row] = await querySql(env.target, `select count(*)::int as n from applications where ${blank}`);
  return Number(row?.n);
}

async function killDuringWrites(env: Env, verdict: Verdict, notes: string[]) {
  let server = await env.start();
  // Many applicants take turns: one account alone reaches the per-account limit on creates
  // (CREATES_PER_HOUR) within a second, and the kill would then land among refusals.
  const applicants = await Promise.all(env.userIds.map((id) => sessionFor({ id, isAdmin: false })));
  let turn = 0;
  const acknowledged = new Map<string, string>();
  let refused = 0;
  let stop = false;
  const writer = async () => {
    while (!stop) {
      const body = newApplication(env.seed.largestMeetingId);
      const applicant = applicants[turn++ % applicants.length] ?? env.user;
      try {
        const a = await api(server.url, applicant, "POST", "/api/applications", body);
        if (a.status === 201) acknowledged.set((a.body as { _id: string })._id, body.passportNumber);
        else refused++;
      } catch {
        // the server was killed mid-request: this write was never acknowledged
      }
    }
  };
  const writers = Array.from({ length: 20 }, writer);
  await sleep(4000);
  await server.kill9();
  stop = true;
  await Promise.all(writers);
  const restartStarted = performance.now();
  server = await env.start();
  const reopen = (performance.now() - restartStarted) / 1000;
  verdict.check(
    true,
    "kill -9 during writes: the database opens again",
    `healthy ${fmt(reopen)} s after restart`,
  );
  const missing: string[] = [];
  await pool(
    [...acknowledged].map(([id, passport]) => async () => {
      const a = await api(server.url, env.admin, "GET", `/api/applications/${id}`);
      if (a.status !== 200 || (a.body as { passportNumber?: string }).passportNumber !== passport)
        missing.push(id);
    }),
    16,
  );
  verdict.check(
    missing.length === 0,
    "kill -9 during writes: every acknowledged write is there",
    `${acknowledged.size} acknowledged, ${missing.length} missing`,
  );
  await server.stop();
  const half = await halfWritten(env);
  verdict.check(half === 0, "kill -9 during writes: no half-written application", `${half} found`);
  notes.push(
    `kill -9 during 20 concurrent writers: ${acknowledged.size} acknowledged writes (${refused} refused), all present; reopened in ${fmt(reopen)} s`,
  );
}

async function killDuringImport(env: Env, verdict: Verdict, notes: string[]) {
  const countImported = async (seed: number) => {
    const [row] = await querySql(
      env.target,
      "select count(*)::int as n, count(distinct passport_key)::int as d from applications a join meetings m on m.id = a.meeting_id where m.name = $1 and a.passport_number like $2",
      [env.seed.importMeetingName, `%S${seed}`],
    );
    return { n: Number(row?.n), distinct: Number(row?.d) };
  };
  let server = await env.start();
  // Time a smaller import first, so the kill can land inside the big one; when the big one
  // finishes first anyway, try again with new people and half the delay.
  const probe = await uploadCsv(
    server.url,
    env.admin,
    "/api/applications/import",
    importCsv(1_000, env.seed.importMeetingName, 10),
  );
  let delay = Math.max(200, probe.ms * 5);
  let seed = 11;
  let cut: { seed: number; delay: number } | null = null;
  for (; seed < 16 && !cut; seed++, delay /= 2) {
    if (!server.running) server = await env.start();
    const upload = uploadCsv(
      server.url,
      env.admin,
      "/api/applications/import",
      importCsv(10_000, env.seed.importMeetingName, seed),
    ).catch(() => null);
    await sleep(delay);
    await server.kill9();
    if ((await upload) === null) cut = { seed, delay };
  }
  if (
    !verdict.check(
      cut !== null,
      "kill -9 during import: the import was cut off",
      cut ? `after ${fmt(cut.delay / 1000, 2)} s` : "every import finished first",
    )
  )
    return;
  const { seed: s } = cut as { seed: number; delay: number };
  const before = await countImported(s);
  const half = await halfWritten(env);
  verdict.check(
    half === 0,
    "kill -9 during import: no half-written application",
    `${before.n} of 10,000 rows were in when killed; ${half} incomplete`,
  );
  server = await env.start();
  const again = await uploadCsv(
    server.url,
    env.admin,
    "/api/applications/import",
    importCsv(10_000, env.seed.importMeetingName, s),
  );
  const r = again.body as Record<string, unknown>;
  const counts = {
    total: r.total,
    successful: r.successful,
    updated: r.updated,
    unchanged: r.unchanged,
    failed: r.failed,
  };
  await server.stop();
  const after = await countImported(s);
  verdict.check(
    again.status === 200 && after.n === 10_000 && after.distinct === 10_000,
    "kill -9 during import: importing the file again completes it without duplicates",
    `answer ${again.status} ${JSON.stringify(counts)}; ${after.n} rows, ${after.distinct} distinct passports`,
  );
  notes.push(
    `kill -9 ${fmt((cut as { delay: number }).delay / 1000, 2)} s into a 10,000-row import: ${before.n} rows had been committed, none incomplete; importing the file again: ${JSON.stringify(counts)}, ${after.n} rows, no duplicates`,
  );
}

async function main() {
  // Read as the run starts: at the end it would be the run's own load.
  const machine = machineLine();
  const kind = args.db as DbKind;
  const verdict = new Verdict();
  const notes: string[] = [];
  const env = await prepareEnv(kind, "faults", {
    durable: true,
  });
  try {
    await killDuringWrites(env, verdict, notes);
    await killDuringImport(env, verdict, notes);
    if (kind === "postgres") await stopDatabaseUnderLoad(env, verdict, notes);
    for (const f of loggedFaults(env.logFile)) console.log(`  server logged: ${f}`);
  } finally {
    await env.target.cleanup(verdict.failures.length > 0);
  }
  const body = [
    `### Faults, ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL server (fsync on)"}`,
    "",
    `Command: \`npx tsx reliability/faults.ts --db ${kind}\`  `,
    `Date: ${today()}  `,
    `Machine: ${machine}`,
    "",
    ...notes.map((n) => `- ${n}`),
    "",
    `Outcome: ${verdict.failures.length === 0 ? `all ${verdict.passed} checks passed` : `FAILED: ${verdict.failures.join("; ")}`}`,
  ].join("\n");
  console.log(body);
  if (args.write) writeSection(`faults:${kind}`, body);
  verdict.exit();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
