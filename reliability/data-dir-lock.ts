/**
 * One process per embedded database, as an administrator following the README meets it:
 *
 * 1. The server runs on a DATA_DIR; `npm run admin` creates an admin while it runs; 30
 *    registrations are acknowledged with 201; a second server on the same DATA_DIR refuses at once
 *    with one line; `npm run seed:scale` refuses with one line. The server stops and starts again:
 *    the new admin and every acknowledged registration are there.
 * 2. kill -9 of the server: the next start takes DATA_DIR at once (no stale lock), and everything
 *    acknowledged before the kill is there.
 *
 *   npx tsx reliability/data-dir-lock.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api } from "../bench/lib/http.js";
import { REPO_ROOT, ServerProcess } from "../bench/lib/server.js";
import { Verdict } from "./lib/env.js";

const workDir = mkdtempSync(join(tmpdir(), "visa-lock-"));
const dataDir = join(workDir, "data");
const logFile = join(workDir, "server.log");
const ADMIN = { email: "new.admin@example.org", password: "Admin-pass-1" };

/** A command as a person types it, with the server's DATA_DIR. */
function command(args: string[]): Promise<{ code: number | null; out: string; err: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(args[0] as string, args.slice(1), {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("exit", (code) =>
      resolve({ code, out: out.trim(), err: lastLine(err), ms: Date.now() - started }),
    );
  });
}

// npm may print its own warnings first; the command's line is the last.
const lastLine = (text: string) => text.trim().split("\n").at(-1) ?? "";

// Each start on a port free at that moment, so a server beside this script cannot collide with it.
const start = () =>
  ServerProcess.start({
    dataDir,
    logFile,
    logLevel: "warn",
    env: { AUTH_RATE_LIMIT: "1000" },
  });

async function main() {
  const verdict = new Verdict();
  let server: ServerProcess | undefined;
  try {
    server = await start();
    const admin = await command([
      "npm",
      "run",
      "--silent",
      "admin",
      "--",
      "--email",
      ADMIN.email,
      "--password",
      ADMIN.password,
    ]);
    verdict.check(
      admin.code === 0 && admin.out.includes(`Created admin account ${ADMIN.email}`),
      "npm run admin while the server runs: done through the server",
      `exit ${admin.code} in ${admin.ms} ms: ${admin.out || admin.err}`,
    );
    const adminLogin = await api(server.url, null, "POST", "/api/auth/login", ADMIN);
    verdict.check(
      adminLogin.status === 200,
      "the new admin signs in to the running server at once",
      `${adminLogin.status}`,
    );

    const acknowledged = await registerMany(server.url, "lock", 30);
    verdict.check(
      acknowledged.length === 30,
      "30 registrations acknowledged with 201",
      `${acknowledged.length}`,
    );

    const second = await command([process.execPath, "--import", "tsx", "apps/api/src/main.ts"]);
    verdict.check(
      second.code === 1 &&
        second.err.startsWith(`${dataDir} is in use by the server (pid ${server.pid}`) &&
        second.err.includes("stop that process first"),
      "a second server on the same DATA_DIR refuses at once with one line",
      `exit ${second.code} in ${second.ms} ms: ${second.err}`,
    );
    const scale = await command(["npm", "run", "--silent", "seed:scale", "--", "--meetings", "1"]);
    verdict.check(
      scale.code === 1 && scale.err.startsWith(`${dataDir} is in use by the server (pid ${server.pid}`),
      "npm run seed:scale refuses with one line",
      `exit ${scale.code} in ${scale.ms} ms: ${scale.err}`,
    );

    verdict.check((await server.stop()) === 0, "server stops cleanly");
    server = await start();
    const present = await signedIn(server.url, acknowledged);
    verdict.check(
      present === 30,
      "after stop and start: every acknowledged registration is there",
      `${present} of 30`,
    );
    const adminAgain = await api(server.url, null, "POST", "/api/auth/login", ADMIN);
    verdict.check(
      adminAgain.status === 200,
      "after stop and start: the new admin is there",
      `${adminAgain.status}`,
    );

    const more = await registerMany(server.url, "kill", 10);
    await server.kill9();
    const killed = Date.now();
    server = await start();
    const back = Date.now() - killed;
    verdict.check(
      true,
      "kill -9: the next server takes DATA_DIR at once",
      `healthy ${back} ms after the kill`,
    );
    const afterKill = await signedIn(server.url, [...acknowledged, ...more]);
    verdict.check(
      afterKill === acknowledged.length + more.length,
      "after kill -9: every acknowledged registration is there",
      `${afterKill} of ${acknowledged.length + more.length}`,
    );
    verdict.check((await server.stop()) === 0, "server stops cleanly");
  } finally {
    if (server?.running) await server.stop();
    verdict.cleanUp(workDir, logFile);
  }
  verdict.exit();
}

/** Registers `n` accounts; returns the e-mails acknowledged with 201. */
async function registerMany(base: string, prefix: string, n: number): Promise<string[]> {
  const acknowledged: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}.${i}@example.org`;
    const password = `Pw-lock-${i}`;
    const r = await api(base, null, "POST", "/api/auth/register", {
      email,
      password,
      confirmPassword: password,
      firstName: "Lock",
      lastName: `Tester ${i}`,
    });
    if (r.status === 201) acknowledged.push(email);
  }
  return acknowledged;
}

/** How many of these accounts sign in (their passwords follow the pattern above). */
async function signedIn(base: string, emails: string[]): Promise<number> {
  let n = 0;
  for (const email of emails) {
    const i = email.split("@")[0]?.split(".")[1];
    const r = await api(base, null, "POST", "/api/auth/login", { email, password: `Pw-lock-${i}` });
    if (r.status === 200) n++;
  }
  return n;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
