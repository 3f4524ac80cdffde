import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, documents, listVersions, meetings, users } from "../db/schema.js";
import { buildApplication, buildMeeting, buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { listCacheOf } from "./application-list.service.js";
import { ListPageCache } from "./list-cache.js";

// A meeting's admin list pages are kept and sent again while the meeting's list version stands
// (list_versions, migration 0009). Whatever changes what a page shows, whoever writes it, the
// next request must show the change.
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let meeting: Awaited<ReturnType<typeof buildMeeting>>;
let other: Awaited<ReturnType<typeof buildMeeting>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.app, { isAdmin: true, firstName: "Grace", lastName: "Hopper" });
  meeting = await buildMeeting(t.app, { name: "Kept Pages" });
  other = await buildMeeting(t.app, { name: "Other Pages" });
  for (const [firstName, at] of [
    ["Amara", "2025-01-01T10:00:00Z"],
    ["Bao", "2025-01-02T10:00:00Z"],
    ["Chidi", "2025-01-03T10:00:00Z"],
  ] as const) {
    await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { firstName, lastName: "Okafor", createdAt: new Date(at) },
    });
  }
});
afterAll(() => t.close());

type Row = {
  _id: string;
  firstName: string;
  phone: string;
  status: string;
  meeting: { name: string };
  additionalDocumentation: { filename: string }[];
  lastUpdatedBy: { firstName: string } | null;
};
type Page = { applications: Row[]; pagination: { total: number; pages: number } };

const pageOf = (meetingId: string, query = "sortBy=createdAt&sortDirection=asc&limit=10") =>
  `/api/applications?admin=true&meetingId=${meetingId}&${query}`;

async function get(url: string): Promise<Page> {
  const res = await t.app.inject({ method: "GET", url, headers: admin.auth });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res.json();
}

/** The page twice (the second from the kept pages when nothing changed). */
async function read(url = pageOf(meeting.id)): Promise<Page> {
  const first = await get(url);
  expect(await get(url)).toEqual(first);
  return first;
}

const versionOf = async (meetingId: string) =>
  (await t.app.ctx.db.select().from(listVersions).where(eq(listVersions.meetingId, meetingId)))[0]?.version;

const firstRow = async () => {
  const row = (await read()).applications[0];
  if (!row) throw new Error("no row");
  return row;
};

describe("kept admin list pages", () => {
  it("are sent again unread while the meeting's version stands, and read anew once it moves", async () => {
    const before = await read();
    expect(listCacheOf(t.app.ctx.db).size).toBeGreaterThan(0);
    const id = before.applications[0]?._id as string;
    // A write with triggers switched off (a replica's way) moves no version: the kept page is
    // what is sent, which shows it is kept and not read again.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(applications).set({ phone: "+1 555 0100" }).where(eq(applications.id, id));
    });
    expect((await get(pageOf(meeting.id))).applications[0]?.phone).toBe(before.applications[0]?.phone);
    // Any ordinary write to the meeting moves its version: the page is read again.
    await t.app.ctx.db.update(applications).set({ city: "Lagos" }).where(eq(applications.id, id));
    expect((await get(pageOf(meeting.id))).applications[0]?.phone).toBe("+1 555 0100");
  });

  it("show an edit, a status change, a new and a deleted application at once", async () => {
    const row = await firstRow();
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${row._id}`,
      headers: admin.auth,
      payload: { phone: "+234 1 555 0199", status: "Approved" },
    });
    expect(edited.statusCode).toBe(200);
    expect(await firstRow()).toMatchObject({
      phone: "+234 1 555 0199",
      status: "Approved",
      lastUpdatedBy: { firstName: "Grace" },
    });

    const added = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { firstName: "Dayo" },
    });
    let page = await read();
    expect(page.pagination.total).toBe(4);
    expect(page.applications.map((a) => a.firstName)).toContain("Dayo");

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/applications/${added.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    page = await read();
    expect(page.pagination.total).toBe(3);
    expect(page.applications.map((a) => a.firstName)).not.toContain("Dayo");
  });

  it("show a move to another meeting in both meetings' lists", async () => {
    const otherBefore = await read(pageOf(other.id));
    const row = await firstRow();
    await t.app.ctx.db.update(applications).set({ meetingId: other.id }).where(eq(applications.id, row._id));
    expect((await read()).applications.map((a) => a._id)).not.toContain(row._id);
    const otherAfter = await read(pageOf(other.id));
    expect(otherAfter.pagination.total).toBe(otherBefore.pagination.total + 1);
    expect(otherAfter.applications[0]).toMatchObject({ _id: row._id, meeting: { name: "Other Pages" } });
    await t.app.ctx.db
      .update(applications)
      .set({ meetingId: meeting.id })
      .where(eq(applications.id, row._id));
    expect((await read()).pagination.total).toBe(3);
  });

  it("show a document added or removed, a renamed meeting and a renamed last editor", async () => {
    const row = await firstRow();
    const [doc] = await t.app.ctx.db
      .insert(documents)
      .values({
        applicationId: row._id,
        filename: "invitation-request.pdf",
        contentType: "application/pdf",
        size: 4,
        data: Buffer.from("%PDF"),
      })
      .returning();
    expect((await firstRow()).additionalDocumentation.map((d) => d.filename)).toEqual([
      "invitation-request.pdf",
    ]);
    await t.app.ctx.db.delete(documents).where(eq(documents.id, doc?.id as string));
    expect((await firstRow()).additionalDocumentation).toEqual([]);

    await t.app.ctx.db
      .update(meetings)
      .set({ name: "Kept Pages, renamed" })
      .where(eq(meetings.id, meeting.id));
    expect((await firstRow()).meeting.name).toBe("Kept Pages, renamed");

    await t.app.ctx.db
      .update(applications)
      .set({ lastUpdatedById: admin.user.id })
      .where(eq(applications.id, row._id));
    expect((await firstRow()).lastUpdatedBy?.firstName).toBe("Grace");
    await t.app.ctx.db
      .update(users)
      .set({ firstName: "Rear Admiral Grace" })
      .where(eq(users.id, admin.user.id));
    expect((await firstRow()).lastUpdatedBy?.firstName).toBe("Rear Admiral Grace");
  });

  it("show a change to a searched page, including one that stops matching", async () => {
    const searched = pageOf(meeting.id, "search=okafor&sortBy=createdAt&sortDirection=asc");
    const before = await read(searched);
    expect(before.pagination.total).toBe(3);
    const row = before.applications[0] as Row;
    await t.app.ctx.db.update(applications).set({ lastName: "Eze" }).where(eq(applications.id, row._id));
    const after = await read(searched);
    expect(after.pagination.total).toBe(2);
    expect(after.applications.map((a) => a._id)).not.toContain(row._id);
  });

  it("keep their version through writes elsewhere and through a sign-in or a new password", async () => {
    await read();
    const version = await versionOf(meeting.id);
    expect(version).toBeDefined();
    await buildApplication(t.app, { meetingId: other.id, userId: null });
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: admin.user.email, password: FACTORY_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    await t.app.ctx.db.update(users).set({ passwordHash: "x" }).where(eq(users.id, admin.user.id));
    expect(await versionOf(meeting.id)).toBe(version);
    // A new meeting starts with a version of its own.
    const fresh = await buildMeeting(t.app);
    expect(await versionOf(fresh.id)).toBeDefined();
    expect(await versionOf(fresh.id)).not.toBe(version);
  });

  it("are not sent again after the applications are truncated", async () => {
    expect((await read()).pagination.total).toBe(3);
    await t.app.ctx.db.execute(sql`truncate table applications cascade`);
    const page = await read();
    expect(page.applications).toEqual([]);
    expect(page.pagination.total).toBe(0);
  });
});

describe("a kept own list", () => {
  it("is sent again while nothing it shows changed, and shows every change at once", async () => {
    const owner = await buildUser(t.app);
    const mine = async () => {
      const first = await t.app.inject({ method: "GET", url: "/api/applications", headers: owner.auth });
      const again = await t.app.inject({ method: "GET", url: "/api/applications", headers: owner.auth });
      expect(first.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      return first.json() as Row[];
    };
    expect(await mine()).toEqual([]);
    const a = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: owner.user.id,
      over: { firstName: "Ama" },
    });
    expect((await mine()).map((r) => r.firstName)).toEqual(["Ama"]);

    // Kept: a write that bumps no version is not seen.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(applications).set({ phone: "+233 555 0101" }).where(eq(applications.id, a.id));
    });
    expect((await mine())[0]?.phone).not.toBe("+233 555 0101");

    const b = await buildApplication(t.app, {
      meetingId: other.id,
      userId: owner.user.id,
      over: { firstName: "Kofi" },
    });
    expect((await mine()).map((r) => r.firstName).sort()).toEqual(["Ama", "Kofi"]);
    expect((await mine()).find((r) => r._id === a.id)?.phone).toBe("+233 555 0101");

    await t.app.ctx.db.update(meetings).set({ name: "Other Pages, moved" }).where(eq(meetings.id, other.id));
    expect((await mine()).find((r) => r._id === b.id)?.meeting.name).toBe("Other Pages, moved");
    await t.app.ctx.db.insert(documents).values({
      applicationId: b.id,
      filename: "visa.pdf",
      contentType: "application/pdf",
      size: 4,
      data: Buffer.from("%PDF"),
    });
    expect((await mine()).find((r) => r._id === b.id)?.additionalDocumentation).toHaveLength(1);
    // Leaving the list: deleted, or handed to someone else, in the same meeting as another.
    await t.app.ctx.db.update(applications).set({ meetingId: other.id }).where(eq(applications.id, a.id));
    expect((await mine()).map((r) => r.meeting.name)).toEqual(["Other Pages, moved", "Other Pages, moved"]);
    await t.app.ctx.db.update(applications).set({ userId: null }).where(eq(applications.id, a.id));
    expect((await mine()).map((r) => r.firstName)).toEqual(["Kofi"]);
    await t.app.ctx.db.delete(applications).where(eq(applications.id, b.id));
    expect(await mine()).toEqual([]);
  });
});

describe("ListPageCache", () => {
  it("keeps a page from its second request on, and forgets keys asked once in turn", () => {
    const cache = new ListPageCache(1000, 2);
    cache.set("a", "1", "page a");
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", "1", "page a");
    expect(cache.get("a")).toEqual({ version: "1", body: "page a" });
    // A kept page is replaced at once when read anew.
    cache.set("a", "2", "page a2");
    expect(cache.get("a")?.version).toBe("2");
    cache.set("b", "1", "page b");
    cache.set("c", "1", "page c");
    cache.set("d", "1", "page d"); // "b" forgotten: only two keys are noted
    cache.set("b", "1", "page b");
    expect(cache.get("b")).toBeUndefined();
    cache.set("d", "1", "page d");
    expect(cache.get("d")?.body).toBe("page d");
  });

  it("keeps pages within its byte budget, least recently used out first", () => {
    // Two bytes a character: a budget of 60 holds ten pages of three characters.
    const budget = new ListPageCache(60);
    // Every page below is asked twice, so it is kept.
    const cache = {
      set: (key: string, version: string, body: string) => {
        budget.set(key, version, body);
        budget.set(key, version, body);
      },
      get: (key: string) => budget.get(key),
      get bytes() {
        return budget.bytes;
      },
      get size() {
        return budget.size;
      },
    };
    const body = (n: number) => "x".repeat(n);
    cache.set("a", "1", body(3));
    cache.set("b", "1", body(3));
    cache.set("c", "1", body(3));
    expect(cache.get("a")?.version).toBe("1");
    cache.set("d", "1", body(3));
    expect(cache.bytes).toBe(24);
    expect(cache.size).toBe(4);
    // A page over an eighth of the budget is not kept.
    cache.set("f", "1", body(5));
    expect(cache.get("f")).toBeUndefined();
    // Replacing a page keeps the count of bytes right.
    cache.set("a", "2", body(2));
    expect(cache.bytes).toBe(22);
    for (let i = 0; i < 20; i++) cache.set(`x${i}`, "1", body(3));
    expect(cache.bytes).toBeLessThanOrEqual(60);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("x19")?.body.length).toBe(3);
  });
});
