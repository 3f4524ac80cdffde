/**
 * A build under a running server, as an upgrade (`npm ci`, `npm run build`, restart) or `npm test`
 * beside `npm start` after an edit makes one: the build deletes the compiled server and the web app
 * and writes them again under new names while the old server still runs.
 *
 * The server runs from a copy of the build (apps/api/dist and apps/web/dist copied under
 * bench/.data), on demo data. Once it has loaded the letters' code, which it loads after its first
 * answers, the copy is deleted and the web app's copy is written again with a renamed entry file.
 * The old server must then still serve the new page and the assets it names, approve a request,
 * and sign and send its letter.
 *
 *   npx tsx reliability/rebuild.ts
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { api, login } from "../bench/lib/http.js";
import { runDir } from "../bench/lib/run-dir.js";
import { REPO_ROOT, ServerProcess, sleep } from "../bench/lib/server.js";
import { Verdict } from "./lib/env.js";

const SERVER_DIST = join(REPO_ROOT, "apps/api/dist");
const WEB_DIST = join(REPO_ROOT, "apps/web/dist");
// Inside the repository, so the copy finds node_modules as the compiled server does.
const workDir = runDir("rebuild");
const serverCopy = join(workDir, "api");
const webCopy = join(workDir, "web");
const dataDir = join(workDir, "data");
const logFile = join(workDir, "server.log");

/** The demo data, written before the server starts (no server holds DATA_DIR yet). */
function seedDemo(): void {
  const r = spawnSync(process.execPath, [join(serverCopy, "cli/seed-demo.js")], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`seed:demo failed: ${r.stderr || r.stdout}`);
}

/** The web app's copy written again as a new build writes it: its entry file under a new name. */
function rebuildWebCopy(): string {
  rmSync(webCopy, { recursive: true, force: true });
  cpSync(WEB_DIST, webCopy, { recursive: true });
  const entry = readdirSync(join(webCopy, "assets")).find((f) => /^index-.*\.js$/.test(f));
  if (!entry) throw new Error("no assets/index-*.js in the web build");
  const renamed = "index-rebuilt.js";
  renameSync(join(webCopy, "assets", entry), join(webCopy, "assets", renamed));
  const page = join(webCopy, "index.html");
  writeFileSync(page, readFileSync(page, "utf8").replaceAll(`/assets/${entry}`, `/assets/${renamed}`));
  return renamed;
}

/** Waits for a line of the server's log (LOG_LEVEL=debug) that says `msg`. */
async function logged(msg: string, timeoutMs = 30_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (existsSync(logFile) && readFileSync(logFile, "utf8").includes(`"msg":"${msg}"`)) return true;
    await sleep(100);
  }
  return false;
}

async function main() {
  const verdict = new Verdict();
  // However the run ends: its files are removed, or kept for reading after a failed check.
  let server: ServerProcess | undefined;
  try {
    if (!existsSync(join(SERVER_DIST, "main.js")) || !existsSync(join(WEB_DIST, "index.html"))) {
      const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: REPO_ROOT, stdio: "inherit" });
      if (build.status !== 0) throw new Error("npm run build failed");
    }
    cpSync(SERVER_DIST, serverCopy, { recursive: true });
    cpSync(WEB_DIST, webCopy, { recursive: true });
    seedDemo();

    server = await ServerProcess.start({
      dataDir,
      logFile,
      logLevel: "debug",
      entry: join(serverCopy, "main.js"),
      env: { WEB_DIST_DIR: webCopy },
    });
    verdict.check(await logged("letter code loaded"), "the server loads the letters' code after it answers");

    // The build: everything the old server was started from is deleted, the web app written anew.
    rmSync(serverCopy, { recursive: true, force: true });
    const entry = rebuildWebCopy();

    const page = await fetch(`${server.url}/admin/applications`);
    const html = await page.text();
    verdict.check(
      page.status === 200 && html.includes(`/assets/${entry}`),
      "the new build's page is served",
      `${page.status}`,
    );
    const asset = await fetch(`${server.url}/assets/${entry}`);
    verdict.check(
      asset.status === 200 && /javascript/.test(asset.headers.get("content-type") ?? ""),
      "the asset the new page names is served",
      `${asset.status} ${asset.headers.get("content-type")}`,
    );

    const admin = await login(server.url, "admin@example.com", "admin123");
    const list = await api(
      server.url,
      admin,
      "GET",
      "/api/applications?admin=true&status=Pending&view=summary&limit=1",
    );
    const id = (list.body as { applications?: Array<{ _id: string }> }).applications?.[0]?._id;
    if (!id) throw new Error(`no pending demo application: ${list.status}`);
    const approved = await api(server.url, admin, "PUT", `/api/applications/${id}`, { status: "Approved" });
    verdict.check(approved.status === 200, "a request is approved", `${approved.status}`);
    const pdf = await fetch(`${server.url}/api/applications/${id}/pdf`, { headers: admin.headers });
    const bytes = Buffer.from(await pdf.arrayBuffer());
    verdict.check(
      pdf.status === 200 && bytes.subarray(0, 5).toString() === "%PDF-",
      "its letter is signed and downloads",
      `${pdf.status}, ${bytes.length} bytes`,
    );
    const failures = readFileSync(logFile, "utf8").match(/Cannot find module[^"]*/g) ?? [];
    verdict.check(failures.length === 0, "no code was missing", failures[0] ?? "none");
    verdict.check((await server.stop()) === 0, "server stops cleanly");
  } finally {
    if (server?.running) await server.stop();
    verdict.cleanUp(workDir, logFile);
  }
  verdict.exit();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
