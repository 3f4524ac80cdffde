/**
 * An import must not block the server. An admin sends files of invalid rows (the row cap's worth,
 * 20,000 by default, and a file of 50,000 rows, refused at the cap) while another client asks
 * `/api/health` without pause. Prints each import's time, answer size and counts, the full error
 * list's download, and health's latency before and during the imports; fails when health waited
 * longer than `--max-health-ms`. The import gives the event loop a turn every ~20 ms of work, so
 * on an idle machine health waits tens of milliseconds; the default bound leaves room for a
 * machine shared with other work. With PROF=dir the server writes a CPU profile there.
 *
 *   npx tsx reliability/import-blocking.ts [--rows 20000] [--max-health-ms 500]
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { IMPORT_COLUMNS } from "@visa/domain";
import { syntheticPerson } from "../apps/api/src/cli/seed-scale.js";
import { api, login, uploadCsv } from "../bench/lib/http.js";
import { fmt, machineLine } from "../bench/lib/report.js";
import { ServerProcess } from "../bench/lib/server.js";
import { Verdict } from "./lib/env.js";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "20000" },
    "max-health-ms": { type: "string", default: "500" },
  },
});
const ROWS = Number(args.rows);
const MAX_HEALTH_MS = Number(args["max-health-ms"]);
const ADMIN = { email: "import.admin@example.org", password: "Import-admin-1" };

/** A file of `rows` rows that all fail (an unknown gender), each otherwise complete. */
function invalidCsv(rows: number, meetingName: string): string {
  const lines = [IMPORT_COLUMNS.join(",")];
  for (let i = 0; i < rows; i++) {
    const row: Record<string, string> = {
      ...syntheticPerson(i, 9),
      gender: "Robot",
      dateOfArrival: "2030-03-01",
      dateOfDeparture: "2030-03-08",
      meetingName,
    };
    lines.push(IMPORT_COLUMNS.map((c) => JSON.stringify(row[c] ?? "")).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

// The health client runs on a thread of its own: the script's own work (building and sending a
// 10 MB form) must not count as the server's delay.
const HEALTH_CLIENT = `
const { parentPort, workerData } = require("node:worker_threads");
let done = false;
parentPort.on("message", () => { done = true; });
(async () => {
  const latencies = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(workerData + "/api/health");
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 5));
  }
  parentPort.postMessage(latencies);
})();
`;

/** Asks /api/health one request after another until `stop` resolves; the latency of each. */
async function pollHealth(base: string, stop: Promise<unknown>): Promise<number[]> {
  const worker = new Worker(HEALTH_CLIENT, { eval: true, workerData: base });
  const latencies = new Promise<number[]>((resolve) => worker.once("message", resolve));
  await stop.catch(() => undefined);
  worker.postMessage("stop");
  const result = await latencies;
  await worker.terminate();
  return result;
}

const T0 = performance.now();

async function main() {
  const verdict = new Verdict();
  const workDir = mkdtempSync(join(tmpdir(), "visa-import-blocking-"));
  const logFile = join(workDir, "server.log");
  console.log(machineLine());
  let server: ServerProcess | undefined;
  try {
    server = await ServerProcess.start({
      dataDir: join(workDir, "data"),
      logFile,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      nodeArgs: process.env.PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROF}`] : [],
    });
    const base = server.url;
    const admin = await login(base, ADMIN.email, ADMIN.password);
    const meeting = await api(base, admin, "POST", "/api/meetings", {
      name: "Blocking Plenary",
      location: "Geneva",
      startDate: "2030-03-02",
      endDate: "2030-03-06",
      isActive: true,
    });
    verdict.check(meeting.status === 201, "a meeting to import into", String(meeting.status));

    const idle = await pollHealth(base, new Promise((r) => setTimeout(r, 1000)));
    console.log(`health while idle: p50 ${fmt(pct(idle, 50))} ms, worst ${fmt(Math.max(...idle))} ms`);

    for (const [what, rows] of [
      [`${ROWS.toLocaleString("en-US")} invalid rows`, ROWS],
      [`${ROWS.toLocaleString("en-US")} invalid rows again`, ROWS],
      ["50,000 rows (over the cap)", 50_000],
    ] as const) {
      const csv = invalidCsv(rows, "Blocking Plenary");
      if (process.env.PROF)
        console.log(`  import starts ${fmt((performance.now() - T0) / 1000, 2)} s after the server's spawn`);
      const upload = uploadCsv(base, admin, "/api/applications/import", csv);
      const health = await pollHealth(base, upload);
      const answer = await upload;
      const size = JSON.stringify(answer.body).length;
      const body = answer.body as {
        failed?: number;
        errors?: unknown[];
        errorReportId?: string;
        message?: string;
      };
      console.log(
        `${what} (${fmt(csv.length / 2 ** 20)} MB): ${answer.status} in ${fmt(answer.ms / 1000, 2)} s, answer ${fmt(size / 1024)} KB; ` +
          `health asked ${health.length} times: p50 ${fmt(pct(health, 50))} ms, p99 ${fmt(pct(health, 99))} ms, worst ${fmt(Math.max(...health))} ms`,
      );
      verdict.check(
        Math.max(...health) <= MAX_HEALTH_MS,
        `${what}: /api/health answered within ${MAX_HEALTH_MS} ms throughout`,
        `worst ${fmt(Math.max(...health))} ms`,
      );
      if (rows <= ROWS) {
        verdict.check(
          answer.status === 200 && body.failed === rows && body.errors?.length === 1_000,
          `${what}: every row counted as failed, the first 1,000 listed`,
          `${answer.status} failed=${body.failed} listed=${body.errors?.length}`,
        );
        verdict.check(size < 200 * 1024, `${what}: the answer stays small`, `${fmt(size / 1024)} KB`);
        const started = performance.now();
        const report = await fetch(`${base}/api/applications/import/errors/${body.errorReportId}`, {
          headers: admin.headers,
        });
        const text = await report.text();
        const lines = text.trimEnd().split("\r\n").length;
        console.log(
          `  the full error list: ${report.status}, ${fmt(text.length / 2 ** 20, 2)} MB, ${lines - 1} rows, in ${fmt(performance.now() - started)} ms`,
        );
        verdict.check(
          report.status === 200 && lines - 1 === rows,
          `${what}: the full error list downloads as CSV`,
        );
      } else {
        verdict.check(
          answer.status === 400 && /more than [\d,]+ rows/.test(body.message ?? ""),
          `${what}: refused whole at the row cap`,
          `${answer.status} ${body.message ?? ""}`,
        );
      }
    }
  } finally {
    await server?.stop();
    verdict.cleanUp(workDir, logFile);
  }
  verdict.exit();
}

await main();
