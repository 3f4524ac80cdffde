import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../data-dir/data-dir-lock.js";
import { openDatabase } from "../db/client.js";
import { users } from "../db/schema.js";
import { freePort } from "../test/server-process.js";

/**
 * The server as its own process and each command as its own process, on one DATA_DIR: every
 * command either goes through the server or refuses with one line; none opens the database.
 */
const ROOT = join(import.meta.dirname, "../../../..");
const dataDir = mkdtempSync(join(tmpdir(), "visa-commands-"));
const BASE_ENV = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "warn" };

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function run(file: string, args: string[] = [], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", file, ...args], {
      cwd: ROOT,
      env: { ...BASE_ENV, ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("exit", (code) => resolve({ code, out: out.trim(), err: err.trim() }));
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
    cwd: ROOT,
    env: { ...BASE_ENV, PORT: String(port) },
    stdio: "ignore",
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

/** The password-changed notices in DATA_DIR/outbox (no SMTP_URL), their quoted-printable undone. */
function passwordNotices(): string[] {
  const outbox = join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) =>
      readFileSync(join(outbox, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((m) => m.includes("Subject: Your Visa Letter Portal password was changed"));
}

/** Waits up to `ms` for more than `count` notices; returns them all. */
async function noticesAfter(count: number, ms: number): Promise<string[]> {
  const until = Date.now() + ms;
  while (passwordNotices().length <= count && Date.now() < until)
    await new Promise((r) => setTimeout(r, 100));
  return passwordNotices();
}

/** `npm run admin --reset-password` on an existing account; the number of notices before it. */
async function resetPassword(email: string, password: string): Promise<number> {
  const before = passwordNotices().length;
  const res = await run("apps/api/src/cli/admin.ts", [
    "--email",
    email,
    "--reset-password",
    "--password",
    password,
  ]);
  expect(res).toMatchObject({ code: 0, err: "" });
  expect(res.out).toContain("a notice of the change queued for that address");
  return before;
}

/** One more notice within `ms`: to the owner, saying how, and without the new password. */
async function expectNotice(before: number, ms: number, email: string, password: string): Promise<void> {
  const notices = await noticesAfter(before, ms);
  expect(notices).toHaveLength(before + 1);
  const mail = notices.at(-1) ?? "";
  expect(mail).toContain(`To: ${email}`);
  expect(mail).toContain("by the portal's operator on its server");
  expect(mail).not.toContain(password);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

// The embedded database's lock and socket: nothing of it runs on a PostgreSQL server.
describe.skipIf(!!process.env.DATABASE_URL)("one DATA_DIR", () => {
  let server: ChildProcess;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startServer(port);
  }, 240_000);
  afterAll(async () => {
    server?.kill("SIGTERM");
    if (server) await exited(server);
  });

  const login = (email: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });

  describe("commands while the server holds DATA_DIR", () => {
    it("a second server refuses at once with one line naming the first and what to do", async () => {
      const second = await run("apps/api/src/main.ts", [], { PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.err).toBe(
        `${dataDir} is in use by the server (pid ${server.pid}, since ${second.err.match(/since ([^)]+)\)/)?.[1]}): stop that process first, or give this one another DATA_DIR`,
      );
    }, 120_000);

    it("npm run admin goes through the server: the new admin signs in there at once", async () => {
      const res = await run("apps/api/src/cli/admin.ts", [
        "--email",
        "ops@example.org",
        "--password",
        "s3cret-pass",
      ]);
      expect(res).toMatchObject({ code: 0, out: "Created admin account ops@example.org." });
      const signIn = await login("ops@example.org", "s3cret-pass");
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { role: string }).role).toBe("admin");
    }, 120_000);

    it("npm run admin's usage errors are answered without the server", async () => {
      const res = await run("apps/api/src/cli/admin.ts", ["--email", "nope"]);
      expect(res.code).toBe(2);
      expect(res.err).toContain("--email: Invalid email address");
    }, 120_000);

    it("npm run seed:demo goes through the server", async () => {
      const res = await run("apps/api/src/cli/seed-demo.ts");
      expect(res.code).toBe(0);
      expect(res.out).toContain("Seeded 4 meetings, 11 users and 19 applications.");
      expect((await login("admin@example.com", "admin123")).status).toBe(200);
      const again = await run("apps/api/src/cli/seed-demo.ts");
      expect(again.out).toBe("Demo data is already there; nothing changed.");
    }, 120_000);

    it("npm run backup goes through the server, which answers again once the copy is made", async () => {
      const file = join(mkdtempSync(join(tmpdir(), "visa-backup-")), "portal.tar.gz");
      const res = await run("apps/api/src/cli/backup.ts", ["backup", file]);
      expect(res.code).toBe(0);
      expect(res.out).toMatch(
        new RegExp(
          `^Backed up the database to ${file} \\([0-9.]+ MB, [0-9.]+ s; requests waited [0-9.]+ s\\)\\.$`,
        ),
      );
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect((await login("admin@example.com", "admin123")).status).toBe(200);
      // The copy restores elsewhere with what the commands before it wrote.
      const elsewhere = mkdtempSync(join(tmpdir(), "visa-restored-"));
      const restored = await run("apps/api/src/cli/backup.ts", ["restore", file], { DATA_DIR: elsewhere });
      expect(restored.code).toBe(0);
      const database = await openDatabase({ dataDir: elsewhere });
      try {
        const rows = await database.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.isAdmin, true));
        expect(rows.map((r) => r.email)).toEqual(
          expect.arrayContaining(["ops@example.org", "admin@example.com"]),
        );
      } finally {
        await database.close();
      }
    }, 240_000);

    it("npm run backup to a path the server cannot write says so and leaves nothing there", async () => {
      const missingDir = join(mkdtempSync(join(tmpdir(), "visa-backup-")), "no-such-dir", "portal.tar.gz");
      const res = await run("apps/api/src/cli/backup.ts", ["backup", missingDir]);
      expect(res.code).toBe(1);
      expect(res.err).toBe(`No backup was made: ${join(missingDir, "..")} does not exist.`);
      expect(existsSync(join(missingDir, ".."))).toBe(false);
      expect((await login("admin@example.com", "admin123")).status).toBe(200);
    }, 120_000);

    it("npm run seed:scale refuses with one line", async () => {
      const res = await run("apps/api/src/cli/seed-scale.ts", ["--meetings", "1", "--users", "1"]);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(
        new RegExp(
          `^${dataDir} is in use by the server \\(pid ${server.pid}, since [^)]+\\): run this only while`,
        ),
      );
      expect(res.err).not.toContain("\n");
    }, 120_000);

    it("leaves DATA_DIR and everything in it to its owner alone", () => {
      const loose: string[] = [];
      const walk = (p: string) => {
        const st = statSync(p);
        if ((st.mode & 0o077) !== 0) loose.push(`${p} ${(st.mode & 0o777).toString(8)}`);
        if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
      };
      walk(dataDir);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(readdirSync(dataDir).sort()).toEqual(["data-dir.lock", "jwt-secret", "pgdata", "server.sock"]);
      expect(loose).toEqual([]);
    });

    it("after kill -9 the next server takes DATA_DIR at once, with every command's writes", async () => {
      server.kill("SIGKILL");
      await exited(server);
      server = await startServer(port);
      expect((await login("ops@example.org", "s3cret-pass")).status).toBe(200);
      expect((await login("admin@example.com", "admin123")).status).toBe(200);
    }, 240_000);

    it("npm run admin --reset-password through the server mails the owner a notice at once", async () => {
      const before = await resetPassword("ops@example.org", "an0ther-pass");
      expect((await login("ops@example.org", "an0ther-pass")).status).toBe(200);
      // Sent by the server's mail worker when the command is done, not at its next poll (5 s).
      await expectNotice(before, 4000, "ops@example.org", "an0ther-pass");
    }, 120_000);
  });

  describe("commands with no server on DATA_DIR", () => {
    it("npm run admin --reset-password queues the owner's notice, which the next server sends", async () => {
      server.kill("SIGTERM");
      await exited(server);
      const before = await resetPassword("ops@example.org", "th1rd-pass");
      expect(passwordNotices()).toHaveLength(before);
      server = await startServer(port);
      await expectNotice(before, 30_000, "ops@example.org", "th1rd-pass");
      expect((await login("ops@example.org", "th1rd-pass")).status).toBe(200);
    }, 240_000);
  });

  describe("commands while another command holds DATA_DIR", () => {
    /**
     * `npm run admin` on `dir` while `holder` holds it: its exit code and what it said. The holder
     * lets go after `releaseAfterMs`, or once the command has ended.
     */
    async function adminWhileHeld(dir: string, holder: string, releaseAfterMs?: number) {
      const lock = lockDataDir(dir, holder);
      const timer =
        releaseAfterMs === undefined ? undefined : setTimeout(() => lock.release(), releaseAfterMs);
      try {
        return await run("apps/api/src/cli/admin.ts", ["--email", "a@example.org", "--password", "abcdef"], {
          DATA_DIR: dir,
        });
      } finally {
        clearTimeout(timer);
        lock.release();
      }
    }

    it("wait for another command to finish, saying so in one line, then run", async () => {
      const dir = mkdtempSync(join(tmpdir(), "visa-commands-"));
      const res = await adminWhileHeld(dir, "npm run seed:demo", 3_000);
      expect(res.code).toBe(0);
      expect(res.err).toMatch(
        new RegExp(
          `^${dir} is in use by npm run seed:demo \\(pid ${process.pid}, since [^)]+\\): waiting for it to finish$`,
        ),
      );
      expect(res.out).toContain("a@example.org");
    }, 120_000);

    it("wait for a starting server to take commands, and run once DATA_DIR is free", async () => {
      const dir = mkdtempSync(join(tmpdir(), "visa-commands-"));
      // A server that has not opened its command socket yet, and then stops.
      const res = await adminWhileHeld(dir, "the server", 3_000);
      expect(res.code).toBe(0);
      expect(res.err).toMatch(
        new RegExp(
          `^${dir} is in use by the server \\(pid ${process.pid}, since [^)]+\\): waiting for it to take commands$`,
        ),
      );
    }, 120_000);

    it("say why no server can take them on a DATA_DIR too long for the socket", async () => {
      const dir = join(mkdtempSync(join(tmpdir(), "visa-commands-")), "d".repeat(100));
      mkdirSync(dir);
      const res = await adminWhileHeld(dir, "the server");
      expect(res.code).toBe(1);
      expect(res.err).toMatch(
        new RegExp(
          `^${dir} is in use by the server \\(pid ${process.pid}, since [^)]+\\): no process can take commands on a DATA_DIR longer than 95 bytes`,
        ),
      );
    }, 120_000);
  });
});
