import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postImport, toCsv } from "../imports/csv-test-helpers.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { multipartFile } from "../test/multipart.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = "anonymous" | "owner" | "other" | "admin";
const PDF = Buffer.from("%PDF-1.4\nbody");

/** A fresh Pending application with one document, its owner, another user and an admin. */
async function world() {
  const meeting = await buildMeeting(t.app);
  const owner = await buildUser(t.app);
  const other = await buildUser(t.app);
  const admin = await buildUser(t.app, { isAdmin: true });
  const app = await buildApplication(t.app, { meetingId: meeting.id, userId: owner.user.id });
  const upload = multipartFile({ filename: "p.pdf", data: PDF });
  const doc = (
    await t.app.inject({
      method: "POST",
      url: `/api/upload/${app.id}`,
      headers: { ...owner.auth, ...upload.headers },
      payload: upload.payload,
    })
  ).json();
  const headers: Record<Who, Record<string, string>> = {
    anonymous: {},
    owner: owner.auth,
    other: other.auth,
    admin: admin.auth,
  };
  return { meeting, app, doc, headers };
}
type World = Awaited<ReturnType<typeof world>>;

/** Each route with the status every kind of caller gets. */
const routes: Array<{
  name: string;
  call: (w: World, h: Record<string, string>) => Promise<{ statusCode: number }>;
  expect: Record<Who, number>;
}> = [
  {
    name: "POST /api/applications",
    call: (w, h) =>
      t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: h,
        payload: applicationPayload(w.meeting.id),
      }),
    expect: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  {
    name: "GET /api/applications",
    call: (_w, h) => t.app.inject({ method: "GET", url: "/api/applications", headers: h }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    name: "GET /api/applications?admin=true",
    call: (_w, h) => t.app.inject({ method: "GET", url: "/api/applications?admin=true", headers: h }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    name: "GET /api/applications/stats",
    call: (_w, h) => t.app.inject({ method: "GET", url: "/api/applications/stats", headers: h }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    name: "GET /api/applications/:id",
    call: (w, h) => t.app.inject({ method: "GET", url: `/api/applications/${w.app.id}`, headers: h }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    name: "PUT /api/applications/:id",
    call: (w, h) =>
      t.app.inject({
        method: "PUT",
        url: `/api/applications/${w.app.id}`,
        headers: h,
        payload: { city: "Changed" },
      }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    name: "DELETE /api/applications/:id",
    call: (w, h) => t.app.inject({ method: "DELETE", url: `/api/applications/${w.app.id}`, headers: h }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    name: "POST /api/upload/:id",
    call: (w, h) => {
      const body = multipartFile({ filename: "x.pdf", data: PDF });
      return t.app.inject({
        method: "POST",
        url: `/api/upload/${w.app.id}`,
        headers: { ...h, ...body.headers },
        payload: body.payload,
      });
    },
    expect: { anonymous: 401, owner: 201, other: 404, admin: 201 },
  },
  {
    name: "GET /api/applications/:id/documents/:docId",
    call: (w, h) => t.app.inject({ method: "GET", url: w.doc.url, headers: h }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    name: "DELETE /api/applications/:id/documents/:docId",
    call: (w, h) => t.app.inject({ method: "DELETE", url: w.doc.url, headers: h }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    name: "POST /api/applications/import",
    call: (_w, h) => postImport(t.app, h, toCsv([])),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    name: "GET /api/applications/export",
    call: (w, h) =>
      t.app.inject({ method: "GET", url: `/api/applications/export?meetingId=${w.meeting.id}`, headers: h }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
];

const cases = routes.flatMap((r) =>
  (Object.entries(r.expect) as Array<[Who, number]>).map(
    ([who, status]) => [r.name, who, status, r] as const,
  ),
);

describe("who may call what", () => {
  it.each(cases)("%s as %s -> %i", async (_name, who, status, route) => {
    const w = await world();
    const res = await route.call(w, w.headers[who]);
    expect(res.statusCode).toBe(status);
  });

  it("a refused caller changes nothing", async () => {
    const w = await world();
    for (const who of ["anonymous", "other"] as const) {
      await t.app.inject({
        method: "PUT",
        url: `/api/applications/${w.app.id}`,
        headers: w.headers[who],
        payload: { city: "Hacked" },
      });
      await t.app.inject({ method: "DELETE", url: `/api/applications/${w.app.id}`, headers: w.headers[who] });
      await t.app.inject({ method: "DELETE", url: w.doc.url, headers: w.headers[who] });
    }
    const res = await t.app.inject({
      method: "GET",
      url: `/api/applications/${w.app.id}`,
      headers: w.headers.owner,
    });
    expect(res.json()).toMatchObject({ city: w.app.city, additionalDocumentation: [{ _id: w.doc._id }] });
  });
});
