/**
 * A full disk under the embedded database. Needs root: it mounts a 120 MB tmpfs for DATA_DIR (and
 * so stays out of the quick set CI runs).
 *
 * 1. The server runs on the tmpfs with the demo data (seeded through the server); attendees upload
 *    1 MB documents until the disk is full. The upload that finds no room gets 507 with a message;
 *    later writes too, each answered at once; reads, downloads and /api/health answer (health 503
 *    "read-only" with the free space); the server does not spin; no refused upload left anything.
 * 2. Space is freed (a 30 MB file on the same disk is removed): health is 200 again, uploads and
 *    registrations work, without a restart, and every acknowledged document is there, byte for byte.
 * 3. Stop, fill the disk, start: the server either serves reads and says it cannot write, or stops
 *    with one line giving the free space; then with space freed it starts with every document.
 * 4. A new DATA_DIR on the full disk: the start stops with one line and leaves no database behind.
 * 5. A start with room to open the database but less free than the writes keep in hand: it serves
 *    reads, refuses writes with 507, and its log says so with the free space.
 *
 *   sudo npx tsx reliability/disk-full.ts     (on a free port; DISK_FULL_PORT=… names one)
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api, type Session } from "../bench/lib/http.js";
import { BENCH_JWT_SECRET, REPO_ROOT, ServerProcess, sleep } from "../bench/lib/server.js";
import { Verdict } from "./lib/env.js";

const FORCED_PORT = Number(process.env.DISK_FULL_PORT) || undefined;
const workDir = mkdtempSync(join(tmpdir(), "visa-disk-full-"));
const disk = join(workDir, "disk");
const dataDir = join(disk, "data");
const ballast = join(disk, "old-logs.bin");
const logFile = join(workDir, "server.log");
const DOC_BYTES = 1024 * 1024;

const free = () => {
  const s = statfsSync(disk);
  return s.bavail * s.bsize;
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
// Each start on a port free at that moment, unless DISK_FULL_PORT names one.
const start = (dir = dataDir) =>
  ServerProcess.start({
    port: FORCED_PORT,
    dataDir: dir,
    logFile,
    logLevel: "warn",
    env: { AUTH_RATE_LIMIT: "1000" },
    readOnlyIsUp: true,
  });

interface Listed {
  _id: string;
  status: string;
}

interface Doc {
  app: string;
  id: string;
  sha: string;
}

async function main() {
  if (process.getuid?.() !== 0) {
    console.error(
      "disk-full needs root to mount a tmpfs: run it as root (sudo npx tsx reliability/disk-full.ts)",
    );
    process.exit(2);
  }
  mkdirSync(disk);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=120m", "tmpfs", disk]);
  const verdict = new Verdict();
  let server: ServerProcess | undefined;
  try {
    writeFileSync(ballast, randomBytes(30 * 1024 * 1024));
    server = await start();
    const seeded = await runCommand(["npm", "run", "--silent", "seed:demo"]);
    verdict.check(
      seeded.code === 0,
      "npm run seed:demo through the running server",
      seeded.out.split("\n")[0],
    );
    const people = ["zoe", "minhkhai", "dmitry", "sofia", "jose", "ayse"];
    const sessions: Session[] = [];
    const apps: { session: Session; id: string }[] = [];
    for (const p of people) {
      const r = await api(server.url, null, "POST", "/api/auth/login", {
        email: `${p}@example.com`,
        password: "demo123",
      });
      const session = {
        token: "",
        headers: { authorization: `Bearer ${(r.body as { token: string }).token}` },
      };
      sessions.push(session);
      const list = (await api(server.url, session, "GET", "/api/applications")).body as
        | Listed[]
        | { applications: Listed[] };
      // Documents go only to applications still open for them.
      for (const a of Array.isArray(list) ? list : list.applications)
        if (a.status === "Pending") apps.push({ session, id: a._id });
    }

    // 1. Fill the disk with uploads.
    const acknowledged: Doc[] = [];
    let refused: { status: number; body: unknown; ms: number } | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const target = apps[i % apps.length] as { session: Session; id: string };
      const r = await upload(server.url, target.session, target.id);
      if (r.status === 201) acknowledged.push({ app: target.id, id: r.id, sha: r.sha });
      else refused = r;
    }
    const refusedMessage = (refused?.body as { message?: string } | undefined)?.message ?? "";
    verdict.check(
      refused?.status === 507 && /no space left/i.test(refusedMessage),
      "the upload that finds the disk full: 507 with a message",
      `${acknowledged.length} uploads of 1 MB acknowledged, then ${refused?.status} in ${refused?.ms.toFixed(0)} ms: ${refusedMessage}; ${mb(free())} free`,
    );
    const later: number[] = [];
    let slowest = 0;
    for (let i = 0; i < 10; i++) {
      const target = apps[i % apps.length] as { session: Session; id: string };
      const r = await upload(server.url, target.session, target.id);
      later.push(r.status);
      slowest = Math.max(slowest, r.ms);
      if (r.status === 201) acknowledged.push({ app: target.id, id: r.id, sha: r.sha });
    }
    const reg = await register(server.url, "full.0@example.org");
    later.push(reg.status);
    verdict.check(
      later.every((s) => s === 507 || s === 201) && later.includes(507),
      "later writes on the full disk are answered (507), none hangs",
      `${later.join(", ")}; slowest ${slowest.toFixed(0)} ms`,
    );
    const health = await api(server.url, null, "GET", "/api/health");
    const healthBody = health.body as { status?: string; message?: string };
    verdict.check(
      health.status === 503 && healthBody.status === "read-only" && /free/.test(healthBody.message ?? ""),
      "/api/health answers that the database cannot write",
      `${health.status} in ${health.ms.toFixed(0)} ms: ${healthBody.message}`,
    );
    const me = await api(server.url, sessions[0] ?? null, "GET", "/api/auth/me");
    const first = acknowledged[0];
    const download = first ? await downloadSha(server.url, apps, first) : undefined;
    verdict.check(
      me.status === 200 && download === first?.sha,
      "reads and downloads answer on the full disk",
      `me ${me.status} in ${me.ms.toFixed(0)} ms; a document downloaded ${download === first?.sha ? "intact" : "wrong"}`,
    );
    // A sign-in writes only its count, which may use part of the space kept in hand: people still
    // sign in to read their letters, and a wrong password is still refused and counted.
    const base = server.url;
    const signIn = (password: string) =>
      api(base, null, "POST", "/api/auth/login", { email: "sofia@example.com", password });
    const wrong = await signIn("not-demo123");
    const right = await signIn("demo123");
    const bookkeepingRoom = free() >= 24 * 1024 * 1024;
    verdict.check(
      bookkeepingRoom
        ? wrong.status === 401 && right.status === 200
        : wrong.status === 507 && right.status === 507,
      "sign-ins answer on the full disk while bookkeeping has room (24 MB), and are refused below",
      `wrong password ${wrong.status}, right ${right.status} in ${right.ms.toFixed(0)} ms; ${mb(free())} free`,
    );
    const cpu = await cpuPercent(server.pid, 5000);
    verdict.check(
      cpu < 20,
      "the server does not spin while the disk is full",
      `${cpu.toFixed(1)} % CPU over 5 s idle, ${server.rssMb().toFixed(0)} MB resident`,
    );
    const listed = await listedDocuments(server.url, apps);
    verdict.check(
      sameDocs(listed, acknowledged),
      "nothing half-written: the documents are exactly the acknowledged ones",
      `${listed.length} listed, ${acknowledged.length} acknowledged`,
    );
    // 2. Free space: everything comes back by itself.
    rmSync(ballast);
    const freedAt = Date.now();
    let healthyAfter = -1;
    for (let i = 0; i < 100; i++) {
      if ((await api(server.url, null, "GET", "/api/health")).status === 200) {
        healthyAfter = Date.now() - freedAt;
        break;
      }
      await sleep(100);
    }
    verdict.check(
      healthyAfter >= 0,
      "space freed: /api/health is 200 again without a restart",
      `${healthyAfter} ms after; ${mb(free())} free`,
    );
    const again = await upload(server.url, apps[0]?.session as Session, apps[0]?.id as string);
    if (again.status === 201) acknowledged.push({ app: apps[0]?.id as string, id: again.id, sha: again.sha });
    const reg2 = await register(server.url, "after.0@example.org");
    verdict.check(
      again.status === 201 && reg2.status === 201,
      "space freed: uploads and registrations work again",
      `${again.status}, ${reg2.status}`,
    );
    const refusedAccount = await api(server.url, null, "POST", "/api/auth/login", {
      email: "full.0@example.org",
      password: "Pw-full-1",
    });
    verdict.check(
      reg.status === 507 && refusedAccount.status === 404,
      "a registration refused on the full disk left no account",
      `registration ${reg.status}, its sign-in ${refusedAccount.status}`,
    );

    const intact = await allIntact(server.url, apps, acknowledged);
    verdict.check(
      intact === acknowledged.length,
      "every acknowledged document is there, byte for byte",
      `${intact} of ${acknowledged.length}`,
    );

    // 3. Stop, fill, start.
    verdict.check((await server.stop()) === 0, "server stops cleanly on the full disk's aftermath");
    server = undefined;
    fill();
    const fullStart = await startOrLine(dataDir);
    if (fullStart.server) {
      server = fullStart.server;
      const h = await api(server.url, null, "GET", "/api/health");
      const body = h.body as { status?: string; message?: string };
      const w = await upload(server.url, apps[0]?.session as Session, apps[0]?.id as string);
      verdict.check(
        w.status === 507 && ((h.status === 503 && body.status === "read-only") || h.status === 200),
        "a start on the full disk serves reads and refuses writes with 507",
        `health ${h.status} ${body.message ?? ""}; upload ${w.status}`,
      );
      await server.stop();
      server = undefined;
    } else {
      verdict.check(
        /^Cannot open the embedded database: no space left in DATA_DIR .* \(.* free\)/.test(fullStart.line),
        "a start on the full disk stops with one line giving the free space",
        fullStart.line,
      );
    }
    rmSync(join(disk, "filler"));
    server = await start();
    const afterRestart = await allIntact(server.url, apps, acknowledged);
    verdict.check(
      afterRestart === acknowledged.length,
      "space freed, started again: every acknowledged document is there",
      `${afterRestart} of ${acknowledged.length}`,
    );
    await server.stop();
    server = undefined;

    // 4. A new DATA_DIR on the full disk.
    fill();
    const fresh = join(disk, "fresh");
    const freshStart = await startOrLine(fresh);
    if (freshStart.server) {
      verdict.check(false, "a new DATA_DIR on the full disk: the start stops with one line", "it started");
      await freshStart.server.stop();
    } else {
      verdict.check(
        /^Cannot open the embedded database: no space left in DATA_DIR/.test(freshStart.line) &&
          !existsSync(join(fresh, "pgdata")),
        "a new DATA_DIR on the full disk: the start stops with one line and leaves no half-made database",
        freshStart.line,
      );
    }
    rmSync(join(disk, "filler"));

    // 5. Room to open, not to write.
    fill(20 * 1024 * 1024);
    const logStart = readFileSync(logFile, "utf8").length;
    const lowStart = await startOrLine(dataDir);
    if (lowStart.server) {
      server = lowStart.server;
      const h = await api(server.url, null, "GET", "/api/health");
      const w = await upload(server.url, apps[0]?.session as Session, apps[0]?.id as string);
      const said = readFileSync(logFile, "utf8")
        .slice(logStart)
        .split("\n")
        .find((line) => line.includes("No space left in DATA_DIR to write"));
      verdict.check(
        h.status === 503 && w.status === 507 && /free.*507/.test(said ?? ""),
        "a start with less free than the writes keep in hand serves reads and its log says writes answer 507",
        `health ${h.status}; upload ${w.status}; log: ${said ?? "nothing"}`,
      );
      await server.stop();
      server = undefined;
    } else {
      verdict.check(false, "a start with room to open the database opens it", lowStart.line);
    }
  } finally {
    if (server?.running) await server.stop();
    execFileSync("umount", [disk]);
    verdict.cleanUp(workDir, logFile);
  }
  verdict.exit();
}

/** Fills the tmpfs to the last block with a file of zeros. */
/** Fills the disk with a file, leaving `leave` bytes free (none by default). */
function fill(leave = 0) {
  writeFileSync(join(disk, "filler"), "");
  const blocks = leave ? [`count=${Math.max(0, Math.floor((free() - leave) / 65536))}`] : [];
  try {
    execFileSync("dd", ["if=/dev/zero", `of=${join(disk, "filler")}`, "bs=64k", ...blocks], {
      stdio: "ignore",
    });
  } catch {
    // dd stops with ENOSPC: the disk is full, which is the point
  }
}

async function upload(base: string, session: Session, appId: string) {
  const data = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(DOC_BYTES)]);
  const form = new FormData();
  form.append("file", new Blob([data], { type: "application/pdf" }), "scan.pdf");
  const started = performance.now();
  const res = await fetch(`${base}/api/upload/${appId}`, {
    method: "POST",
    headers: session.headers,
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as { _id?: string; message?: string };
  return {
    status: res.status,
    body,
    id: body._id ?? "",
    sha: createHash("sha256").update(data).digest("hex"),
    ms: performance.now() - started,
  };
}

const register = (base: string, email: string) =>
  api(base, null, "POST", "/api/auth/register", {
    email,
    password: "Pw-full-1",
    confirmPassword: "Pw-full-1",
    firstName: "Full",
    lastName: "Disk",
  });

async function downloadSha(base: string, apps: { session: Session; id: string }[], doc: Doc) {
  const session = apps.find((a) => a.id === doc.app)?.session;
  const res = await fetch(`${base}/api/applications/${doc.app}/documents/${doc.id}`, {
    headers: session?.headers,
  });
  if (res.status !== 200) return `status ${res.status}`;
  return createHash("sha256")
    .update(Buffer.from(await res.arrayBuffer()))
    .digest("hex");
}

async function allIntact(base: string, apps: { session: Session; id: string }[], docs: Doc[]) {
  let n = 0;
  for (const d of docs) if ((await downloadSha(base, apps, d)) === d.sha) n++;
  return n;
}

async function listedDocuments(base: string, apps: { session: Session; id: string }[]) {
  const out: { app: string; id: string }[] = [];
  for (const a of apps) {
    const r = await api(base, a.session, "GET", `/api/applications/${a.id}`);
    for (const d of (r.body as { additionalDocumentation?: { _id: string }[] }).additionalDocumentation ?? [])
      out.push({ app: a.id, id: d._id });
  }
  return out;
}

const sameDocs = (listed: { id: string }[], acked: Doc[]) =>
  listed.length === acked.length && acked.every((d) => listed.some((l) => l.id === d.id));

/** CPU used by a process over a span, in percent of one core. */
async function cpuPercent(pid: number, ms: number): Promise<number> {
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  await sleep(ms);
  return ((ticks() - before) / 100 / (ms / 1000)) * 100;
}

/** Starts a server, or returns the one line it stopped with. */
async function startOrLine(dir: string): Promise<{ server?: ServerProcess; line: string }> {
  try {
    return { server: await start(dir), line: "" };
  } catch {
    const lines = readFileSync(logFile, "utf8").trim().split("\n");
    return { line: lines.at(-1) ?? "" };
  }
}

/** A command as a person types it, on the same DATA_DIR. */
function runCommand(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(args[0] as string, args.slice(1), {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        JWT_SECRET: BENCH_JWT_SECRET,
      },
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => resolve({ code, out: out.trim() }));
  });
}

main().catch((e) => {
  console.error(e);
  try {
    execFileSync("umount", [disk]);
  } catch {
    // not mounted
  }
  process.exit(1);
});
