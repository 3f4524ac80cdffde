/**
 * Bad input: sends at least N malformed requests across every route the server registers (broken
 * and deeply nested JSON, wrong types, huge strings, control characters, injection strings, paging
 * out of range, wrong content types, forged sessions, hostile CSV files, oversized uploads) and
 * checks: no 5xx, no dropped connection, security headers and `{ message }` on every answer, the
 * server healthy afterwards, and every table byte-identical to before (only refused requests were
 * sent, so nothing may have changed).
 *
 *   npx tsx reliability/bad-input.ts [--db embedded|postgres] [--requests 10000] [--concurrency 16]
 */
import { parseArgs } from "node:util";
import { api } from "../bench/lib/http.js";
import { machineLine, today, writeSection } from "../bench/lib/report.js";
import { checksumDatabase, type DbKind } from "../bench/lib/target.js";
import { badSessions, pickRequests, requestsFor } from "./lib/bad-requests.js";
import { loggedFaults, prepareEnv, Verdict } from "./lib/env.js";
import { checkPages } from "./lib/pages.js";
import { pool, type RawAnswer, send } from "./lib/raw-http.js";
import { discoverRoutes } from "./lib/routes.js";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "embedded" },
    requests: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "16" },
    write: { type: "boolean", default: false },
  },
});

/** Checks one answer; returns what is wrong with it, or null. */
function problem(a: RawAnswer): string | null {
  if (a.error) return `connection failed: ${a.error}`;
  if (a.status >= 500) return `status ${a.status}: ${a.body.toString("utf8").slice(0, 200)}`;
  const csp = String(a.headers["content-security-policy"] ?? "");
  if (a.headers["x-content-type-options"] !== "nosniff" || !csp.includes("frame-ancestors 'none'")) {
    return `security headers missing (status ${a.status})`;
  }
  if (a.status >= 400) {
    try {
      const body = JSON.parse(a.body.toString("utf8")) as { message?: unknown };
      if (typeof body.message !== "string" || !body.message)
        return `error without a message: ${a.body.toString("utf8").slice(0, 120)}`;
    } catch {
      return `error that is not JSON: ${a.body.toString("utf8").slice(0, 120)}`;
    }
  }
  return null;
}

async function main() {
  // Read as the run starts: at the end it would be the run's own load.
  const machine = machineLine();
  const kind = args.db as DbKind;
  const n = Number(args.requests);
  const verdict = new Verdict();
  const summary: string[] = [];
  const env = await prepareEnv(kind, "bad-input");
  try {
    // A first start writes what an installation creates once (e.g. the signing certificate).
    await (await env.start()).stop();
    // Refused sign-ins are counted in rate_limits: that is the limit at work, not a change of data.
    // A refused import keeps its full error list for an hour in import_error_reports, for the
    // admin to download: the answer to the bad file, not a change of anyone's data.
    const counters = ["rate_limits", "import_error_reports"];
    const before = await checksumDatabase(env.target, counters);
    const server = await env.start();

    const routes = await discoverRoutes();
    const ctx = {
      admin: env.admin,
      user: env.user,
      badSessions: await badSessions({ id: env.seed.adminId }),
      meetingId: env.seed.largestMeetingId,
    };
    const requests = pickRequests(
      routes.map((r) => requestsFor(r, ctx)),
      n,
    );
    console.log(
      `${routes.length} routes, sending ${requests.length} malformed requests to the ${kind} server`,
    );
    const started = performance.now();
    const answers = await pool(
      requests.map((r) => () => send(server.url, r)),
      Number(args.concurrency),
    );
    const seconds = (performance.now() - started) / 1000;
    // A server that refuses a body before reading it (413) may close the connection while the
    // client is still sending the rest (RFC 9110, 15.5.14); the client then loses the answer to
    // a failed write (EPIPE), 2 % of the time with 64 oversize bodies in flight at once. Such a
    // request is sent once more, alone: a second failure is a dropped connection.
    let resent = 0;
    for (const [i, a] of answers.entries()) {
      const r = requests[i];
      if (!r || !/^write (EPIPE|ECONNRESET)$/.test(a.error ?? "")) continue;
      answers[i] = await send(server.url, r);
      resent++;
    }

    summary.push(
      `${requests.length.toLocaleString("en-US")} malformed requests to ${routes.length} routes in ${seconds.toFixed(0)} s`,
    );
    if (resent) {
      const line = `${resent} sent once more after the server closed while the body was still going out`;
      console.log(line);
      summary.push(line);
    }
    const byStatus = new Map<number, number>();
    const problems: string[] = [];
    const accepted: string[] = [];
    answers.forEach((a, i) => {
      const r = requests[i];
      byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
      const p = problem(a);
      if (p) problems.push(`${r?.route} [${r?.label}]: ${p}`);
      // Renewing a session is the one non-GET answer that is harmless to accept.
      if (a.status < 300 && r && r.method !== "GET" && r.route !== "POST /api/auth/refresh")
        accepted.push(`${r.route} [${r.label}] -> ${a.status}`);
    });
    console.log(
      `${answers.length} answers in ${seconds.toFixed(1)} s (${(answers.length / seconds).toFixed(0)}/s); statuses: ${[
        ...byStatus.entries(),
      ]
        .sort((a, b) => a[0] - b[0])
        .map(([s, c]) => `${s}×${c}`)
        .join(" ")}`,
    );
    if (accepted.length)
      console.log(
        `Accepted non-GET requests (must change nothing):\n  ${[...new Set(accepted)].slice(0, 20).join("\n  ")}`,
      );
    for (const p of [...new Set(problems)].slice(0, 40)) console.log(`  ${p}`);
    summary.push(
      `statuses: ${[...byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, c]) => `${s} ×${c}`)
        .join(", ")}`,
    );
    for (const p of distinctProblems(problems)) summary.push(`problem: ${p}`);
    verdict.check(
      requests.length >= n,
      `at least ${n} malformed requests`,
      `${requests.length} sent to ${routes.length} routes`,
    );
    verdict.check(
      !problems.some((p) => /status 5\d\d/.test(p)),
      "no 5xx",
      `${problems.filter((p) => /status 5\d\d/.test(p)).length} answers`,
    );
    verdict.check(!problems.some((p) => p.includes("connection failed")), "no dropped connection");
    verdict.check(!problems.some((p) => p.includes("security headers")), "security headers on every answer");
    verdict.check(
      !problems.some((p) => p.startsWith("error ") || p.includes(": error ")),
      "every refusal is { message }",
    );

    const pages = await checkPages(server.url);
    if (pages) {
      const bad = pages.filter((p) => p.status !== 200 || p.missing.length > 0);
      verdict.check(
        bad.length === 0,
        "every page and asset of the built web app answers with the security headers",
        bad.length
          ? bad.map((p) => `${p.url} ${p.status} lacks ${p.missing.join(", ")}`).join("; ")
          : `${pages.length} checked`,
      );
    } else {
      console.log("  (no built web app: run npm run build to check its pages too)");
    }
    const health = await api(server.url, null, "GET", "/api/health");
    const list = await api(
      server.url,
      env.admin,
      "GET",
      `/api/applications?admin=true&meetingId=${env.seed.largestMeetingId}`,
    );
    verdict.check(
      health.status === 200 && list.status === 200,
      "server healthy and serving afterwards",
      `health ${health.status}, list ${list.status}`,
    );
    verdict.check((await server.stop()) === 0, "server stops cleanly");

    for (const f of loggedFaults(env.logFile)) {
      console.log(`  server logged: ${f}`);
      summary.push(`server logged: ${f.slice(0, 160)}`);
    }
    const after = await checksumDatabase(env.target, counters);
    const changed = Object.keys({ ...before.rows, ...after.rows }).filter(
      (t) => before.rows[t] !== after.rows[t],
    );
    verdict.check(
      before.digest === after.digest,
      "every table byte-identical after the run",
      before.digest === after.digest
        ? `digest ${after.digest}`
        : `row counts changed in: ${changed.join(", ") || "(same counts, different content)"}`,
    );
  } finally {
    await env.target.cleanup(verdict.failures.length > 0);
  }
  if (args.write) {
    writeSection(
      `bad-input:${kind}`,
      [
        `### Bad input, ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL server"}`,
        "",
        `Command: \`npx tsx reliability/bad-input.ts --db ${kind} --requests ${n}\`  `,
        `Date: ${today()}  `,
        `Machine: ${machine}`,
        "",
        ...summary.map((l) => `- ${l.replace(/\|/g, "\\|")}`),
        "",
        "```",
        ...verdict.lines,
        "```",
      ].join("\n"),
    );
  }
  verdict.exit();
}

/**
 * One line per kind of problem: 5xx by route and kind of input; missing headers by status, with
 * how many routes and answers.
 */
function distinctProblems(problems: string[]): string[] {
  const kinds = new Map<string, { count: number; routes: Set<string> }>();
  for (const p of problems) {
    const route = p.split(" [")[0] ?? "";
    const header = /security headers missing \(status (\d+)\)/.exec(p);
    const key = header
      ? `security headers missing on answers with status ${header[1]}`
      : p.replace(/\[([a-z -]+)[^\]]*\]/, "[$1…]").replace(/: status (\d+):.*/, ": status $1");
    const k = kinds.get(key) ?? { count: 0, routes: new Set<string>() };
    k.count++;
    k.routes.add(route);
    kinds.set(key, k);
  }
  return [...kinds.entries()].map(([k, v]) =>
    k.startsWith("security headers")
      ? `${k}: ${v.count} answers on ${v.routes.size} routes`
      : `${k} (×${v.count})`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
