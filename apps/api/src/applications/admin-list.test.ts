import { APPLICATION_SUMMARY_FIELDS } from "@visa/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let meetingId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.app, { isAdmin: true });
  const meeting = await buildMeeting(t.app);
  meetingId = meeting.id;
  const other = await buildMeeting(t.app);
  // Statuses and creation times chosen so every ordering below is unambiguous.
  const rows: Array<[string, string, string, "Pending" | "Approved" | "Rejected", string]> = [
    ["a", "Ana", "García", "Pending", "2025-01-01T10:00:00Z"],
    ["b", "Björn", "Ødegård", "Approved", "2025-01-02T10:00:00Z"],
    ["c", "Chloé", "Dubois", "Rejected", "2025-01-03T10:00:00Z"],
    ["d", "Dmitri", "Иванов", "Pending", "2025-01-04T10:00:00Z"],
    ["e", "Eve", "100%_Real", "Approved", "2025-01-05T10:00:00Z"],
  ];
  for (const [key, firstName, lastName, status, at] of rows) {
    const app = await buildApplication(t.app, {
      meetingId,
      userId: null,
      over: {
        firstName,
        lastName,
        status,
        createdAt: new Date(at),
        email: `${key}-person@example.test`,
        passportNumber: `PASS${key.toUpperCase()}12345`,
        passportKey: `PASS${key.toUpperCase()}12345`,
      },
    });
    ids[key] = app.id;
  }
  await buildApplication(t.app, { meetingId: other.id, userId: null, over: { firstName: "Ana" } });
});
afterAll(() => t.close());

const list = async (query: string, view = "full") => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/applications?admin=true&meetingId=${meetingId}&view=${view}&${query}`,
    headers: admin.auth,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return { keys: body.applications.map((a: { _id: string }) => keyOf(a._id)), pagination: body.pagination };
};
const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? "other";

// The web app reads summary rows; a client written for the spec, full applications: both list alike.
describe.each(["full", "summary"])("admin list of %s rows", (view) => {
  const listed = (query: string) => list(query, view);

  it("sorts by status in review order both ways, newest first within a status", async () => {
    expect((await listed("sortBy=status&sortDirection=asc")).keys).toEqual(["d", "a", "e", "b", "c"]);
    expect((await listed("sortBy=status&sortDirection=desc")).keys).toEqual(["c", "b", "e", "a", "d"]);
  });

  it("sorts by created date both ways and defaults to status ascending", async () => {
    expect((await listed("sortBy=createdAt&sortDirection=asc")).keys).toEqual(["a", "b", "c", "d", "e"]);
    expect((await listed("sortBy=createdAt&sortDirection=desc")).keys).toEqual(["e", "d", "c", "b", "a"]);
    expect((await listed("")).keys).toEqual(["d", "a", "e", "b", "c"]);
  });

  it("pages stably, with totals, and answers an empty page past the end", async () => {
    const p1 = await listed("limit=2&page=1");
    const p2 = await listed("limit=2&page=2");
    const p3 = await listed("limit=2&page=3");
    expect([...p1.keys, ...p2.keys, ...p3.keys]).toEqual(["d", "a", "e", "b", "c"]);
    expect(p1.pagination).toEqual({ total: 5, page: 1, pages: 3 });
    const beyond = await listed("limit=2&page=9");
    expect(beyond).toEqual({ keys: [], pagination: { total: 5, page: 9, pages: 3 } });
  });

  it("searches the whole meeting by full name or e-mail, case-insensitively", async () => {
    expect((await listed("search=ana%20garc")).keys).toEqual(["a"]);
    expect((await listed("search=%C3%98DEG")).keys).toEqual(["b"]);
    expect((await listed("search=%D0%B8%D0%B2%D0%B0%D0%BD")).keys).toEqual(["d"]);
    expect((await listed("search=C-PERSON@")).keys).toEqual(["c"]);
    const paged = await listed("search=person&limit=2&page=2&sortBy=createdAt");
    expect(paged).toEqual({ keys: ["c", "d"], pagination: { total: 5, page: 2, pages: 3 } });
    // Past the last match the page is empty but the total still counts the matches.
    const beyond = await listed("search=person&limit=2&page=7");
    expect(beyond).toEqual({ keys: [], pagination: { total: 5, page: 7, pages: 3 } });
  });

  it("finds a passport number typed with spaces or dashes", async () => {
    expect((await listed("search=PASSC%2012345")).keys).toEqual(["c"]);
    expect((await listed("search=passd-123-45")).keys).toEqual(["d"]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect((await listed("search=100%25_")).keys).toEqual(["e"]);
    expect((await listed("search=%25")).keys).toEqual(["e"]);
    expect((await listed("search=_")).keys).toEqual(["e"]);
  });

  it("gives an empty first page when nothing matches", async () => {
    expect(await listed("search=nobody-at-all")).toEqual({
      keys: [],
      pagination: { total: 0, page: 1, pages: 1 },
    });
  });
});

describe("admin list", () => {
  it("lists every meeting without meetingId", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/applications?admin=true",
      headers: admin.auth,
    });
    expect(res.json().pagination.total).toBe(6);
    const all = await t.app.inject({
      method: "GET",
      url: "/api/applications?admin=true&sortBy=createdAt&sortDirection=asc&limit=5&page=1",
      headers: admin.auth,
    });
    expect(all.json().applications.map((a: { _id: string }) => keyOf(a._id))).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
    const search = await t.app.inject({
      method: "GET",
      url: "/api/applications?admin=true&search=ana&sortBy=createdAt",
      headers: admin.auth,
    });
    // "Ana" in both meetings, and Ana García's e-mail is a-person, not matching "ana".
    expect(search.json().pagination.total).toBe(2);
  });

  it("answers every order, filter and kind of search, one after another", async () => {
    // Each shape is a prepared statement of its own; PostgreSQL keeps 63 characters of a
    // statement's name, so shapes once named after themselves collided ("already exists").
    const failed: string[] = [];
    for (const view of ["full", "summary"])
      for (const sortBy of ["visaAppointmentDate", "status", "createdAt"])
        for (const sortDirection of ["asc", "desc"])
          for (const filter of ["", "&status=Pending", "&status=Pending&warnings=true", "&warnings=true"])
            for (const search of ["", "ana", "ana garc", "ØDEG", "100%_Real"]) {
              const query = `view=${view}&sortBy=${sortBy}&sortDirection=${sortDirection}${filter}&search=${encodeURIComponent(search)}`;
              const res = await t.app.inject({
                method: "GET",
                url: `/api/applications?admin=true&meetingId=${meetingId}&${query}`,
                headers: admin.auth,
              });
              if (res.statusCode !== 200) failed.push(`${query}: ${res.statusCode}`);
            }
    expect(failed).toEqual([]);
  });

  it.each([
    ["limit=101", "limit must be at most 100"],
    ["limit=0", "limit must be at least 1"],
    ["page=abc", "page must be a number"],
    ["sortBy=email", "sortBy"],
    ["sortDirection=up", "sortDirection"],
    ["meetingId=nope", "meetingId must be a valid id"],
    ["view=everything", "view must be full or summary"],
  ])("refuses %s with 400", async (query, message) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/applications?admin=true&${query}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("stats", () => {
  it("counts a meeting's applications by status, and all meetings without meetingId", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/applications/stats?meetingId=${meetingId}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 5, pending: 2, approved: 2, rejected: 1 });
    const all = await t.app.inject({ method: "GET", url: "/api/applications/stats", headers: admin.auth });
    expect(all.json()).toEqual({ total: 6, pending: 3, approved: 2, rejected: 1 });
  });

  it("answers zeros for a meeting without applications and 400 for a bad id", async () => {
    const empty = await buildMeeting(t.app);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/applications/stats?meetingId=${empty.id}`,
      headers: admin.auth,
    });
    expect(res.json()).toEqual({ total: 0, pending: 0, approved: 0, rejected: 0 });
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/applications/stats?meetingId=x",
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

// Last: it adds a meeting, which the counts above do not expect.
describe("summary rows", () => {
  it("carry the table's fields as the full rows write them, with the same warnings", async () => {
    const meeting = await buildMeeting(t.app);
    const shared = { passportNumber: "X1234567", passportKey: "X1234567" };
    const twin = { meetingId: meeting.id, userId: null };
    await buildApplication(t.app, {
      ...twin,
      over: { ...shared, statusReason: "", visaAppointmentDate: "2030-02-01" },
    });
    await buildApplication(t.app, { ...twin, over: { ...shared, dateOfArrival: "2031-06-01" } });
    await buildApplication(t.app, { ...twin, over: { withdrawnAt: new Date(), status: "Rejected" } });
    const page = async (view: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/applications?admin=true&meetingId=${meeting.id}&sortBy=createdAt&view=${view}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { applications: Record<string, unknown>[]; pagination: unknown };
    };
    const full = await page("full");
    const summary = await page("summary");
    expect(summary.pagination).toEqual(full.pagination);
    expect(summary.applications).toHaveLength(3);
    summary.applications.forEach((row, i) => {
      expect(Object.keys(row).sort()).toEqual([...APPLICATION_SUMMARY_FIELDS].sort());
      const whole = full.applications[i] ?? {};
      expect(row).toEqual(Object.fromEntries(APPLICATION_SUMMARY_FIELDS.map((k) => [k, whole[k]])));
    });
    // The rules ran on the summary rows too: the shared passport is on the first two only.
    const codes = summary.applications.map((r) => (r.warnings as { code: string }[]).map((w) => w.code));
    expect(codes[0]).toContain("duplicate-passport");
    expect(codes[1]).toContain("duplicate-passport");
    expect(codes[2]).not.toContain("duplicate-passport");
    expect(summary.applications[0]?.visaAppointmentDate).toBe("2030-02-01T00:00:00.000Z");
    expect(summary.applications[2]?.withdrawnAt).toEqual(expect.any(String));
    // A page of rows carries no passport number or birthdate.
    const text = JSON.stringify(summary);
    expect(text).not.toContain("X1234567");
    expect(text).not.toContain("1990-01-01");
  });
});
