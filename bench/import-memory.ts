/**
 * What a CSV import costs the server in memory: seeds the scale data, starts the production
 * server, and reads its peak resident memory (VmHWM) before and after importing a generated file
 * of new applicants, then after importing the same file again (every row a match, nothing to
 * change).
 *
 *   npx tsx bench/import-memory.ts [--db postgres|embedded] [--rows 10000] [--small] [--keep]
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { importCsv } from "./lib/csv.js";
import { login, uploadCsv } from "./lib/http.js";
import { fmt, machineLine, postgresVersion, table, today } from "./lib/report.js";
import { ServerProcess } from "./lib/server.js";
import { type DbKind, prepareTarget, seedTarget } from "./lib/target.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    rows: { type: "string", default: "10000" },
    small: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const kind = args.db as DbKind;
const rows = Number(args.rows);

async function main() {
  const log = (...m: unknown[]) => console.error(`[import-memory ${kind}]`, ...m);
  const target = await prepareTarget(kind, "import-memory", { keep: args.keep });
  // Stopped however the run ends, not left serving on its port and on files removed below.
  let started: ServerProcess | undefined;
  try {
    const seed = await seedTarget(
      target,
      args.small
        ? { meetings: 10, users: 2_000, applications: 10_000, largest: 2_000, zipApproved: 100 }
        : {},
    );
    log(`seeded in ${fmt(seed.seconds)} s`);
    const csv = Buffer.from(importCsv(rows, seed.importMeetingName));
    writeFileSync(join(target.workDir, "import.csv"), csv);
    const server = await ServerProcess.start({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logFile: join(target.workDir, "server.log"),
    });
    started = server;
    const admin = await login(server.url, seed.adminEmail, seed.adminPassword);
    const lines: (string | number)[][] = [];
    for (const pass of ["new applicants", "the same file again"]) {
      const before = { rss: server.rssMb(), peak: server.peakRssMb() };
      const answer = await uploadCsv(server.url, admin, "/api/applications/import", csv, "applications.csv");
      if (answer.status !== 200)
        throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const b = answer.body as Record<string, number>;
      const peak = server.peakRssMb();
      const s = answer.ms / 1000;
      lines.push([
        pass,
        fmt(s, 2),
        fmt(rows / s, 0),
        `${b.successful} / ${b.updated} / ${b.unchanged} / ${b.failed}`,
        fmt(before.rss, 0),
        fmt(before.peak, 0),
        fmt(server.rssMb(), 0),
        fmt(peak, 0),
        fmt(peak - before.peak, 0),
      ]);
      log(lines.at(-1)?.join(" | "));
    }
    await server.stop();
    const pg = kind === "postgres" ? `, ${postgresVersion()}` : "";
    console.log(
      [
        `### Import memory, ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL server"}`,
        "",
        `Command: \`npx tsx bench/import-memory.ts --db ${kind} --rows ${rows}${args.small ? " --small" : ""}\`  `,
        `Date: ${today()}  `,
        `Machine: ${machineLine(pg)}`,
        "",
        table(
          [
            `import of ${rows.toLocaleString("en-US")} rows`,
            "s",
            "rows/s",
            "created / matched / unchanged / failed",
            "RSS before MB",
            "peak before MB",
            "RSS after MB",
            "peak after MB",
            "peak added MB",
          ],
          lines,
        ),
      ].join("\n"),
    );
  } finally {
    await started?.stop();
    await target.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
