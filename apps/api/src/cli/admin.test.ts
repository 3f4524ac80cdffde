import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/passwords.js";
import { mailJobs, users } from "../db/schema.js";
import { runAdminCli } from "./admin.js";
import { cliTarget } from "./cli-test-target.js";

let target: Awaited<ReturnType<typeof cliTarget>>;
beforeAll(async () => {
  target = await cliTarget();
});
afterAll(() => target.cleanup());

async function run(...argv: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runAdminCli(argv, target.env, {
    log: (l) => lines.push(l),
    error: (l) => errors.push(l),
  });
  return { code, out: lines.join("\n"), err: errors.join("\n") };
}

const userByEmail = (email: string) =>
  target.withDb(async (db) => (await db.select().from(users).where(eq(users.email, email)))[0]);

describe("admin command", () => {
  it("creates an admin who can be found with the given names and password", async () => {
    const res = await run(
      "--email",
      "Chief@Example.org",
      "--password",
      "s3cret!",
      "--first",
      "Þórunn",
      "--last",
      "Guðmundsdóttir",
    );
    expect(res).toMatchObject({ code: 0, err: "" });
    expect(res.out).toContain("Created admin account chief@example.org");
    const row = await userByEmail("chief@example.org");
    expect(row).toMatchObject({ isAdmin: true, firstName: "Þórunn", lastName: "Guðmundsdóttir" });
    expect(await verifyPassword(row?.passwordHash ?? "", "s3cret!")).toBe(true);
    // The first run creates the database (initdb): a minute or more on a busy machine.
  }, 240_000);

  it("promotes an existing account and keeps its password unless told to reset it", async () => {
    await target.withDb((db) =>
      db
        .insert(users)
        .values({ email: "plain@example.org", passwordHash: "x", firstName: "P", lastName: "U" }),
    );
    const kept = await run("--email", "plain@example.org", "--password", "ignored-here");
    expect(kept.code).toBe(0);
    expect(kept.out).toContain("existing password kept");
    expect(await userByEmail("plain@example.org")).toMatchObject({
      isAdmin: true,
      passwordHash: "x",
      sessionVersion: 0,
    });

    const reset = await run("--email", "plain@example.org", "--reset-password", "--password", "brand-new");
    expect(reset.out).toContain("password replaced");
    const row = await userByEmail("plain@example.org");
    expect(await verifyPassword(row?.passwordHash ?? "", "brand-new")).toBe(true);
    expect(row?.sessionVersion).toBe(1);
  });

  it("tells the owner of a reset password by e-mail, never with the password or a link into the account", async () => {
    await target.withDb((db) =>
      db
        .insert(users)
        .values({ email: "owner@example.org", passwordHash: "x", firstName: "Olga", lastName: "U" }),
    );
    const mailTo = (email: string) =>
      target.withDb((db) => db.select().from(mailJobs).where(eq(mailJobs.to, email)));
    // Promoting without a reset changes no password: nothing to tell.
    expect((await run("--email", "owner@example.org", "--password", "ignored-here")).code).toBe(0);
    expect(await mailTo("owner@example.org")).toEqual([]);

    const reset = await run("--email", "owner@example.org", "--reset-password", "--password", "n3w-Secret!");
    expect(reset).toMatchObject({ code: 0, err: "" });
    expect(reset.out).toContain("a notice of the change queued for that address");
    const jobs = await mailTo("owner@example.org");
    expect(jobs).toHaveLength(1);
    // Due at once: the next server to start sends it.
    expect(jobs[0]).toMatchObject({
      kind: "message",
      subject: "Your Visa Letter Portal password was changed",
      attempts: 0,
      sentAt: null,
    });
    expect(jobs[0]?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const text = jobs[0]?.text ?? "";
    expect(text).toMatch(
      /^Hello Olga,\n\nYour password was changed on .+ UTC\) by the portal's operator on its server, /,
    );
    expect(text).toContain("every sign-in to your account has been ended");
    expect(text).toContain("'Forgot password' on the sign-in page");
    expect(text).not.toContain("n3w-Secret!");
    expect(text).not.toMatch(/reset-password|verify-email|token/i);
  });

  it("takes the password from ADMIN_PASSWORD when the flag is absent", async () => {
    const lines: string[] = [];
    const code = await runAdminCli(
      ["--email", "env@example.org"],
      { ...target.env, ADMIN_PASSWORD: "from-env" },
      {
        log: (l) => lines.push(l),
        error: (l) => lines.push(l),
      },
    );
    expect(code).toBe(0);
    expect(await verifyPassword((await userByEmail("env@example.org"))?.passwordHash ?? "", "from-env")).toBe(
      true,
    );
  });

  it.each([
    [[], "--email: Invalid email address"],
    [["--email", "nope", "--password", "abcdef"], "--email: Invalid email address"],
    [["--email", "a@example.org"], "--password: Password must be at least 6 characters long"],
    [
      ["--email", "a@example.org", "--password", "abc"],
      "--password: Password must be at least 6 characters long",
    ],
    [["--email", "a@example.org", "--password", "abcdef", "--first", " "], "--first: is required"],
    [["--mail", "a@example.org"], "Unknown option '--mail'"],
  ])("refuses %j with a usage message and exit code 2, changing nothing", async (argv, message) => {
    const res = await run(...argv);
    expect(res.code).toBe(2);
    expect(res.err).toContain(message);
    expect(res.err).toContain("Usage: npm run admin --");
    expect(await userByEmail("a@example.org")).toBeUndefined();
  });

  it("prints the usage for --help", async () => {
    const res = await run("--help");
    expect(res.code).toBe(0);
    expect(res.out).toContain("--reset-password");
  });
});
