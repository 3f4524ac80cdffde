/**
 * Logs keep no secrets: runs a full flow against the production server at LOG_LEVEL=trace
 * (register, sign in with right and wrong passwords, apply, edit, approve, download the letter,
 * import, export, create users, change and reset passwords, and refused requests carrying the
 * same data), then searches everything the server printed for each password, passport number
 * and birthdate used, and for session tokens.
 *
 *   npx tsx reliability/logs.ts [--db embedded|postgres]
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { IMPORT_COLUMNS } from "@visa/domain";
import { api, bearer, type Session, uploadCsv } from "../bench/lib/http.js";
import { machineLine, today, writeSection } from "../bench/lib/report.js";
import type { DbKind } from "../bench/lib/target.js";
import { prepareEnv, Verdict } from "./lib/env.js";

const { values: args } = parseArgs({
  options: { db: { type: "string", default: "embedded" }, write: { type: "boolean", default: false } },
});

const tag = Date.now().toString(36).toUpperCase();
const secrets = {
  passwords: [
    `Pw-register-${tag}`,
    `Pw-wrong-${tag}`,
    `Pw-changed-${tag}`,
    `Pw-reset-${tag}`,
    `Pw-admin-made-${tag}`,
    `Pw-admin-set-${tag}`,
  ],
  passports: [`QP${tag}01`, `QP${tag}02`, `QP ${tag} 03`, `QP${tag}04`],
  birthdates: ["1979-11-23", "1966-02-17"],
};

async function main() {
  // Read as the run starts: at the end it would be the run's own load.
  const machine = machineLine();
  const kind = args.db as DbKind;
  const verdict = new Verdict();
  const env = await prepareEnv(kind, "logs", {
    logLevel: "trace",
    scale: { meetings: 3, users: 20, applications: 60, largest: 20, zipApproved: 5 },
  });
  const tokens: string[] = [];
  let resetToken = "";
  try {
    const server = await env.start();
    const base = server.url;
    const call = async (s: Session | null, method: string, path: string, body?: unknown) => {
      const a = await api(base, s, method, path, body);
      const token = (a.body as { token?: string } | null)?.token;
      if (token) tokens.push(token);
      return a;
    };
    const [pw1, pwWrong, pw2, pw3, pw4, pw5] = secrets.passwords as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const [pp1, pp2, pp3, pp4] = secrets.passports as [string, string, string, string];
    const email = `logs.${tag.toLowerCase()}@example.org`;
    const step = async (name: string, expected: number, p: Promise<{ status: number; body: unknown }>) => {
      const a = await p;
      verdict.check(a.status === expected, `flow: ${name}`, `${a.status}`);
      return a;
    };

    const reg = await step(
      "register",
      201,
      call(null, "POST", "/api/auth/register", {
        email,
        password: pw1,
        confirmPassword: pw1,
        firstName: "Log",
        lastName: "Tester",
      }),
    );
    await step(
      "login with a wrong password is refused",
      401,
      call(null, "POST", "/api/auth/login", { email, password: pwWrong }),
    );
    await step("login", 200, call(null, "POST", "/api/auth/login", { email, password: pw1 }));
    const me = bearer((reg.body as { token: string }).token);
    const application = {
      meeting: env.seed.largestMeetingId,
      firstName: "Log",
      lastName: "Tester",
      email,
      birthdate: `${secrets.birthdates[0]}T00:00:00.000Z`,
      gender: "Other",
      passportNumber: pp1,
      passportIssuingCountry: "IS",
      passportExpirationDate: "2033-01-01T00:00:00.000Z",
      dateOfArrival: "2030-03-01T00:00:00.000Z",
      dateOfDeparture: "2030-03-08T00:00:00.000Z",
      companyName: "Logs Inc",
      position: "Auditor",
      companyMailingAddress1: "1 Log Lane",
      city: "Reykjavík",
      state: "Höfuðborgarsvæðið",
      postalCode: "101",
      country: "IS",
      phone: "+354 555 1234",
    };
    const created = await step(
      "create an application",
      201,
      call(me, "POST", "/api/applications", application),
    );
    const id = (created.body as { _id: string })._id;
    await step(
      "refused create (bad passport characters) carrying personal data",
      400,
      call(me, "POST", "/api/applications", { ...application, passportNumber: `${pp1}!!`, country: "XX" }),
    );
    await step(
      "edit the passport number",
      200,
      call(me, "PUT", `/api/applications/${id}`, { passportNumber: pp2 }),
    );
    await step(
      "admin approves",
      200,
      call(env.admin, "PUT", `/api/applications/${id}`, { status: "Approved" }),
    );
    await step("download the letter", 200, call(me, "GET", `/api/applications/${id}/pdf`));
    await step("admin reads it", 200, call(env.admin, "GET", `/api/applications/${id}`));

    const row: Record<string, string> = {
      ...Object.fromEntries(Object.entries(application).map(([k, v]) => [k, String(v).slice(0, 10)])),
      email: `import.${tag.toLowerCase()}@example.org`,
      firstName: "Imported",
      lastName: "Person",
      passportNumber: pp3,
      birthdate: secrets.birthdates[1] as string,
      gender: "Female",
      meetingName: env.seed.largestMeetingName,
      city: "Reykjavik",
      state: "Capital",
      companyName: "Logs Inc",
      position: "Auditor",
      companyMailingAddress1: "1 Log Lane",
      postalCode: "101",
      phone: "+354 555 1234",
    };
    const csv = `${IMPORT_COLUMNS.join(",")}\n${IMPORT_COLUMNS.map((c) => row[c] ?? "").join(",")}\n${IMPORT_COLUMNS.map((c) => (c === "passportNumber" ? pp4 : c === "gender" ? "Robot" : (row[c] ?? ""))).join(",")}\n`;
    await step(
      "import (one good row, one refused)",
      200,
      uploadCsv(base, env.admin, "/api/applications/import", csv),
    );
    await step(
      "export",
      200,
      call(env.admin, "GET", `/api/applications/export?meetingId=${env.seed.largestMeetingId}`),
    );
    await step(
      "change password",
      200,
      call(me, "POST", "/api/auth/change-password", { currentPassword: pw1, newPassword: pw2 }),
    );
    await step(
      "change password with a wrong current one",
      401,
      call(me, "POST", "/api/auth/change-password", { currentPassword: pwWrong, newPassword: pw3 }),
    );
    await step("forgot password", 200, call(null, "POST", "/api/auth/forgot-password", { email }));
    resetToken = await findResetToken(env.target.dataDir);
    await step(
      "reset password",
      200,
      call(null, "POST", `/api/auth/reset-password/${resetToken}`, { password: pw3 }),
    );
    const made = await step(
      "admin creates a user",
      201,
      call(env.admin, "POST", "/api/users", {
        email: `made.${tag.toLowerCase()}@example.org`,
        password: pw4,
        firstName: "Made",
        lastName: "User",
        isAdmin: false,
      }),
    );
    const madeId = (made.body as { user?: { _id?: string } }).user?._id ?? "";
    await step(
      "admin sets that user's password",
      200,
      call(env.admin, "PUT", `/api/users/${madeId}/password`, { password: pw5 }),
    );
    await step("login after reset", 200, call(null, "POST", "/api/auth/login", { email, password: pw3 }));
    await server.stop();
  } finally {
    const log = readFileSync(env.logFile, "utf8");
    const lines = log.split("\n").filter((l) => l.includes('"level":')).length;
    const found = (needle: string) =>
      log.includes(needle) || log.includes(needle.replace(/\s+/g, "").toUpperCase());
    verdict.check(
      lines > 40 && log.includes('"level":10'),
      "the server logged everything, down to trace",
      `${lines} entries`,
    );
    for (const p of secrets.passwords)
      verdict.check(!found(p), `no password in the logs (${p.slice(0, 12)}…)`);
    for (const p of secrets.passports) verdict.check(!found(p), `no passport number in the logs (${p})`);
    for (const b of secrets.birthdates) verdict.check(!found(b), `no birthdate in the logs (${b})`);
    verdict.check(
      !tokens.some((t) => log.includes(t.split(".")[2] ?? t)),
      "no session token in the logs",
      `${tokens.length} tokens checked`,
    );
    verdict.check(!!resetToken && !log.includes(resetToken), "no password reset token in the logs");
    await env.target.cleanup(verdict.failures.length > 0);
  }
  if (args.write) {
    const checks = verdict.lines.filter((l) => !l.includes("flow:"));
    writeSection(
      `logs:${kind}`,
      [
        `### Logs, ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL server"}`,
        "",
        `Command: \`npx tsx reliability/logs.ts --db ${kind}\`  `,
        `Date: ${today()}  `,
        `Machine: ${machine}`,
        "",
        `A full flow of ${verdict.lines.length - checks.length} steps at LOG_LEVEL=trace, then a search of everything the server printed:`,
        "",
        "```",
        ...checks,
        "```",
      ].join("\n"),
    );
  }
  verdict.exit();
}

/**
 * The reset link's token from the newest mail in the outbox (mail goes there without SMTP). The
 * server answers forgot-password before it writes the mail, so this waits up to 5 s for it. Only
 * whole mails are read: one being written has a hidden `.partial` name until it is renamed, and
 * may be gone by the time it would be read.
 */
async function findResetToken(dataDir: string): Promise<string> {
  const outbox = join(dataDir, "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith(".eml") && !f.startsWith("."))
          .sort()
      : [];
    for (const f of files.reverse()) {
      const text = readFileSync(join(outbox, f), "utf8").replace(/=\r?\n/g, "");
      const m = /reset-password\/([A-Za-z0-9_-]{20,})/.exec(text);
      if (m) return m[1] as string;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no reset link in the outbox");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
