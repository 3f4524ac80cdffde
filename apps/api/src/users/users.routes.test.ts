import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, documents, roleChanges, users } from "../db/schema.js";
import { buildApplication, buildMeeting, buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { USER_MESSAGES } from "./users.policy.js";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.app, { isAdmin: true, firstName: "Root", lastName: "Admin" });
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, auth = admin.auth) =>
  t.app.inject({ method, url, headers: auth, payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("create", () => {
  it("creates a user who can sign in, and refuses the same e-mail again", async () => {
    const res = await call("POST", "/api/users", {
      email: "Sofia@Example.test",
      password: "abcdef",
      firstName: "Σοφία",
      lastName: "Παπαδοπούλου",
      isAdmin: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "User created successfully",
      user: { email: "sofia@example.test", firstName: "Σοφία", isAdmin: false, role: "user" },
    });
    expect(res.json().user.passwordHash).toBeUndefined();
    expect((await login("sofia@example.test", "abcdef")).statusCode).toBe(200);
    const again = await call("POST", "/api/users", {
      email: "SOFIA@example.test",
      password: "abcdef",
      firstName: "A",
      lastName: "B",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("User already exists");
  });

  it("creates an admin when asked", async () => {
    const res = await call("POST", "/api/users", {
      email: "second-admin@example.test",
      password: "abcdef",
      firstName: "B",
      lastName: "A",
      isAdmin: "true",
    });
    expect(res.json().user).toMatchObject({ isAdmin: true, role: "admin" });
  });

  it("gives the new account the imported applications sent to its e-mail", async () => {
    const meeting = await buildMeeting(t.app);
    const imported = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { email: "Imported@Example.test" },
    });
    const res = await call("POST", "/api/users", {
      email: "imported@example.test",
      password: "abcdef",
      firstName: "I",
      lastName: "M",
    });
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, imported.id));
    expect(row?.userId).toBe(res.json().user._id);
  });

  it.each([
    [
      { email: "x@example.test", password: "abc", firstName: "A", lastName: "B" },
      "Password must be at least 6 characters long",
    ],
    [{ email: "nope", password: "abcdef", firstName: "A", lastName: "B" }, "Invalid email address"],
    [{ email: "y@example.test", password: "abcdef", firstName: " ", lastName: "B" }, "firstName is required"],
  ])("refuses %j with 400", async (body, message) => {
    const res = await call("POST", "/api/users", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("list", () => {
  it("puts admins first, then sorts by first and last name ignoring case", async () => {
    await buildUser(t.app, { firstName: "zed", lastName: "Young" });
    await buildUser(t.app, { firstName: "Ágnes", lastName: "Kovács" });
    await buildUser(t.app, { firstName: "Zed", lastName: "Adams" });
    await buildUser(t.app, { firstName: "Zoë", lastName: "Ward" });
    await buildUser(t.app, { firstName: "Ștefan", lastName: "Popa" });
    const list = (await call("GET", "/api/users")).json() as {
      isAdmin: boolean;
      firstName: string;
      lastName: string;
    }[];
    expect(Array.isArray(list)).toBe(true);
    const firstPlain = list.findIndex((u) => !u.isAdmin);
    expect(list.slice(firstPlain).every((u) => !u.isAdmin)).toBe(true);
    expect(list.slice(0, firstPlain).every((u) => u.isAdmin)).toBe(true);
    const names = list.slice(firstPlain).map((u) => `${u.firstName} ${u.lastName}`.toLowerCase());
    expect(names.indexOf("zed adams")).toBe(names.indexOf("zed young") - 1);
    // Accents sort with their letter, as a reader expects: Ágnes with A, Ștefan before Zoë.
    expect(names.indexOf("ágnes kovács")).toBeLessThan(names.indexOf("ștefan popa"));
    expect(names.indexOf("ștefan popa")).toBeLessThan(names.indexOf("zed adams"));
    expect(names.indexOf("zed young")).toBeLessThan(names.indexOf("zoë ward"));
  });

  it("searches name or e-mail case-insensitively and pages when asked", async () => {
    for (let i = 0; i < 12; i++)
      await buildUser(t.app, { firstName: "Searchable", lastName: `Person${String(i).padStart(2, "0")}` });
    await buildUser(t.app, {
      email: "only-by-mail-searchable@example.test",
      firstName: "Other",
      lastName: "Name",
    });
    const page2 = (await call("GET", "/api/users?search=SEARCHABLE%20person&page=2&limit=5")).json();
    expect(page2.pagination).toEqual({ total: 12, page: 2, pages: 3 });
    expect(page2.users.map((u: { lastName: string }) => u.lastName)).toEqual([
      "Person05",
      "Person06",
      "Person07",
      "Person08",
      "Person09",
    ]);
    const all = (await call("GET", "/api/users?search=searchable")).json();
    expect(all).toHaveLength(13);
    const literal = (await call("GET", "/api/users?search=%25&page=1")).json();
    expect(literal.pagination.total).toBe(0);
  });

  it("refuses a bad page with 400", async () => {
    expect((await call("GET", "/api/users?page=0")).statusCode).toBe(400);
    expect((await call("GET", "/api/users?page=1&limit=1000")).statusCode).toBe(400);
  });
});

describe("update", () => {
  it("changes names and e-mail; an e-mail of another account is refused and changes nothing", async () => {
    const { user } = await buildUser(t.app);
    const { user: other } = await buildUser(t.app);
    const res = await call("PUT", `/api/users/${user.id}`, {
      firstName: "Nguyễn",
      lastName: "Văn An",
      email: "Van.An@Example.test",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "User updated successfully",
      user: { firstName: "Nguyễn", email: "van.an@example.test" },
    });
    const clash = await call("PUT", `/api/users/${user.id}`, {
      firstName: "X",
      lastName: "Y",
      email: other.email,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("User already exists");
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe("Nguyễn");
  });

  it.each([
    ["00000000-0000-4000-8000-000000000000", 404, "User not found"],
    ["abc", 400, "id must be a valid id"],
  ])("answers %s with %i", async (id, status, message) => {
    const res = await call("PUT", `/api/users/${id}`, {
      firstName: "X",
      lastName: "Y",
      email: "z@example.test",
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describe("role", () => {
  it("promotion and demotion take effect on the user's next request", async () => {
    const target = await buildUser(t.app);
    expect((await call("GET", "/api/users", undefined, target.auth)).statusCode).toBe(403);
    const up = await call("PUT", `/api/users/${target.user.id}/role`, { isAdmin: true });
    expect(up.json()).toMatchObject({ message: "User updated successfully", user: { role: "admin" } });
    expect((await call("GET", "/api/users", undefined, target.auth)).statusCode).toBe(200);
    await call("PUT", `/api/users/${target.user.id}/role`, { isAdmin: false });
    expect((await call("GET", "/api/users", undefined, target.auth)).statusCode).toBe(403);
  });

  it("records each promotion and demotion with the admin who made it; a no-op records nothing", async () => {
    const target = await buildUser(t.app);
    await call("PUT", `/api/users/${target.user.id}/role`, { isAdmin: true });
    await call("PUT", `/api/users/${target.user.id}/role`, { isAdmin: true });
    await call("PUT", `/api/users/${target.user.id}/role`, { isAdmin: false });
    const records = await t.app.ctx.db
      .select()
      .from(roleChanges)
      .where(eq(roleChanges.userId, target.user.id))
      .orderBy(asc(roleChanges.changedAt));
    expect(records.map((r) => [r.madeAdmin, r.changedById])).toEqual([
      [true, admin.user.id],
      [false, admin.user.id],
    ]);
  });

  it("refuses a role that is not a boolean", async () => {
    const res = await call("PUT", `/api/users/${admin.user.id}/role`, { isAdmin: "maybe" });
    expect(res.statusCode).toBe(400);
  });
});

describe("password", () => {
  it("an admin sets a user's password: the old one and the old sessions stop working", async () => {
    const target = await buildUser(t.app);
    const res = await call("PUT", `/api/users/${target.user.id}/password`, { password: "set-by-admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Password changed successfully" });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: target.auth })).statusCode,
    ).toBe(401);
    expect((await login(target.user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(target.user.email, "set-by-admin")).statusCode).toBe(200);
  });

  it("refuses a short password with the minimum in the message", async () => {
    const target = await buildUser(t.app);
    const res = await call("PUT", `/api/users/${target.user.id}/password`, { password: "12345" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Password must be at least 6 characters long");
    expect((await login(target.user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it("an admin setting their own password gets a fresh session back", async () => {
    const self = await buildUser(t.app, { isAdmin: true });
    const res = await call(
      "PUT",
      `/api/users/${self.user.id}/password`,
      { password: "my-own-new" },
      self.auth,
    );
    expect(res.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: fresh })).statusCode).toBe(200);
  });
});

describe("delete", () => {
  it("deletes the user with their applications and documents, and announces each application", async () => {
    const meeting = await buildMeeting(t.app);
    const { user } = await buildUser(t.app);
    const a1 = await buildApplication(t.app, { meetingId: meeting.id, userId: user.id });
    const a2 = await buildApplication(t.app, { meetingId: meeting.id, userId: user.id });
    const kept = await buildApplication(t.app, { meetingId: meeting.id, userId: admin.user.id });
    await t.app.ctx.db.insert(documents).values({
      applicationId: a1.id,
      filename: "p.pdf",
      contentType: "application/pdf",
      size: 3,
      data: Buffer.from("pdf"),
    });
    const announced: string[] = [];
    t.app.ctx.events.on("application.deleted", ({ applicationId }) => {
      announced.push(applicationId);
    });
    const res = await call("DELETE", `/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "User deleted successfully", deletedApplications: 2 });
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    const left = await t.app.ctx.db
      .select({ id: applications.id })
      .from(applications)
      .where(inArray(applications.id, [a1.id, a2.id, kept.id]));
    expect(left.map((r) => r.id)).toEqual([kept.id]);
    expect(
      await t.app.ctx.db.select().from(documents).where(eq(documents.applicationId, a1.id)),
    ).toHaveLength(0);
    await new Promise((r) => setImmediate(r));
    expect(announced.sort()).toEqual([a1.id, a2.id].sort());
  });

  it("an admin cannot delete themself", async () => {
    const res = await call("DELETE", `/api/users/${admin.user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MESSAGES.deleteSelf);
  });

  it("unknown user answers 404", async () => {
    const res = await call("DELETE", "/api/users/00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("User not found");
  });
});

describe("the last admin", () => {
  it("can be neither demoted nor deleted, and a refusal changes nothing", async () => {
    const solo = await createTestApp();
    try {
      const only = await buildUser(solo.app, { isAdmin: true });
      const other = await buildUser(solo.app, { isAdmin: true });
      const asOnly = (method: "PUT" | "DELETE", url: string, payload?: object) =>
        solo.app.inject({ method, url, headers: only.auth, payload });
      // With two admins, one may be demoted.
      expect((await asOnly("PUT", `/api/users/${other.user.id}/role`, { isAdmin: false })).statusCode).toBe(
        200,
      );
      const demote = await asOnly("PUT", `/api/users/${only.user.id}/role`, { isAdmin: false });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(USER_MESSAGES.lastAdminDemote);
      const [row] = await solo.app.ctx.db.select().from(users).where(eq(users.id, only.user.id));
      expect(row?.isAdmin).toBe(true);
      const del = await asOnly("DELETE", `/api/users/${only.user.id}`);
      expect(del.statusCode).toBe(409);
    } finally {
      await solo.close();
    }
  });

  it("two admins demoting each other at once: exactly one succeeds and an admin remains", async () => {
    const race = await createTestApp();
    try {
      const a = await buildUser(race.app, { isAdmin: true });
      const b = await buildUser(race.app, { isAdmin: true });
      const demote = (actor: typeof a, target: typeof a) =>
        race.app.inject({
          method: "PUT",
          url: `/api/users/${target.user.id}/role`,
          headers: actor.auth,
          payload: { isAdmin: false },
        });
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      // The loser is refused either as the last admin (409) or, when its session is checked after
      // the winner's commit, as no longer an admin (403): both keep an admin.
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const admins = await race.app.ctx.db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
    } finally {
      await race.close();
    }
  });
});

describe("users search input", () => {
  it("refuses control characters in the search with 400", async () => {
    const t2 = await createTestApp();
    try {
      const { auth } = await buildUser(t2.app, { isAdmin: true });
      const res = await t2.app.inject({ method: "GET", url: "/api/users?search=%00&page=1", headers: auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("control characters");
    } finally {
      await t2.close();
    }
  });
});
