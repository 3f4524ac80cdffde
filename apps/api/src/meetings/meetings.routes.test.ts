import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetings } from "../db/schema.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await buildUser(t.app, { isAdmin: true })).auth;
  user = (await buildUser(t.app)).auth;
});
afterAll(() => t.close());

const input = (over: Record<string, unknown> = {}) => ({
  name: `Plenary ${Math.random().toString(36).slice(2, 8)}`,
  location: "Orlando, FL",
  startDate: "2030-03-02",
  endDate: "2030-03-06T00:00:00.000Z",
  isActive: true,
  ...over,
});

describe("meetings", () => {
  it("an admin creates a meeting; its days come back as UTC midnight whatever form was sent", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/meetings",
      headers: admin,
      payload: input({ name: "Kraków 2030" }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Kraków 2030",
      location: "Orlando, FL",
      startDate: "2030-03-02T00:00:00.000Z",
      endDate: "2030-03-06T00:00:00.000Z",
      isActive: true,
    });
    expect(res.json()._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a second meeting with the same name, ignoring case", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/meetings",
      headers: admin,
      payload: input({ name: "Dallas 2031" }),
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/meetings",
      headers: admin,
      payload: input({ name: "dallas 2031" }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A meeting with this name already exists");
  });

  it.each([
    [{ name: "" }, "name is required"],
    [{ startDate: "2030-02-30" }, "startDate must be a date (YYYY-MM-DD)"],
    [{ location: undefined }, "location is required"],
  ])("refuses invalid input %j with 400", async (over, message) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/meetings",
      headers: admin,
      payload: input(over),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("lists all meetings by start date, and only active ones on /active", async () => {
    const later = await buildMeeting(t.app, { startDate: "2040-05-01", endDate: "2040-05-03" });
    const earlier = await buildMeeting(t.app, { startDate: "2039-01-01", endDate: "2039-01-02" });
    const hidden = await buildMeeting(t.app, {
      startDate: "2039-06-01",
      endDate: "2039-06-02",
      isActive: false,
    });
    const all = (await t.app.inject({ method: "GET", url: "/api/meetings", headers: user })).json();
    const starts = all.map((m: { startDate: string }) => m.startDate);
    expect(starts).toEqual([...starts].sort());
    const ids = all.map((m: { _id: string }) => m._id);
    expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(hidden.id));
    expect(ids.indexOf(hidden.id)).toBeLessThan(ids.indexOf(later.id));
    const active = (await t.app.inject({ method: "GET", url: "/api/meetings/active", headers: user })).json();
    const activeIds = active.map((m: { _id: string }) => m._id);
    expect(activeIds).toContain(earlier.id);
    expect(activeIds).not.toContain(hidden.id);
    expect(active.every((m: { isActive: boolean }) => m.isActive)).toBe(true);
  });

  it("an admin replaces a meeting's fields, including deactivating it", async () => {
    const m = await buildMeeting(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/meetings/${m.id}`,
      headers: admin,
      payload: input({ name: "Renamed", location: "Hà Nội", isActive: false }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: m.id, name: "Renamed", location: "Hà Nội", isActive: false });
    const [row] = await t.app.ctx.db.select().from(meetings).where(eq(meetings.id, m.id));
    expect(row?.startDate).toBe("2030-03-02");
  });

  it("a rename onto another meeting's name is refused and changes nothing", async () => {
    const a = await buildMeeting(t.app);
    const b = await buildMeeting(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/meetings/${b.id}`,
      headers: admin,
      payload: input({ name: a.name.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    const [row] = await t.app.ctx.db.select().from(meetings).where(eq(meetings.id, b.id));
    expect(row?.name).toBe(b.name);
    const same = await t.app.inject({
      method: "PUT",
      url: `/api/meetings/${b.id}`,
      headers: admin,
      payload: input({ name: b.name }),
    });
    expect(same.statusCode).toBe(200);
  });

  it("refuses to delete a meeting that has applications, then deletes it once they are gone", async () => {
    const m = await buildMeeting(t.app);
    await buildApplication(t.app, { meetingId: m.id, userId: null });
    await buildApplication(t.app, { meetingId: m.id, userId: null });
    const refused = await t.app.inject({ method: "DELETE", url: `/api/meetings/${m.id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This meeting has 2 applications. Delete them first.");
    const empty = await buildMeeting(t.app);
    const ok = await t.app.inject({ method: "DELETE", url: `/api/meetings/${empty.id}`, headers: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("Meeting deleted successfully");
    expect(await t.app.ctx.db.select().from(meetings).where(eq(meetings.id, empty.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(meetings).where(eq(meetings.id, m.id))).toHaveLength(1);
  });

  it.each([
    ["PUT", "00000000-0000-4000-8000-000000000000", 404, "Meeting not found"],
    ["DELETE", "00000000-0000-4000-8000-000000000000", 404, "Meeting not found"],
    ["PUT", "not-an-id", 400, "id must be a valid id"],
    ["DELETE", "not-an-id", 400, "id must be a valid id"],
  ] as const)("%s an unknown or malformed id %s answers %i", async (method, id, status, message) => {
    const res = await t.app.inject({
      method,
      url: `/api/meetings/${id}`,
      headers: admin,
      payload: method === "PUT" ? input() : undefined,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});
