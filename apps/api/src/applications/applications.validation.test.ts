import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
let meetingId: string;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  meetingId = (await buildMeeting(t.app)).id;
  admin = await buildUser(t.app, { isAdmin: true });
});
afterAll(() => t.close());

const UNKNOWN = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const total = async () => (await t.app.ctx.db.select({ n: count() }).from(applications))[0]?.n;
const rowOf = async (id: string) =>
  (await t.app.ctx.db.select().from(applications).where(eq(applications.id, id)))[0];

/** Bodies that are wrong in one way each, with the message the server must give. */
const badFields: Array<[string, Record<string, unknown>, string]> = [
  ["a number for a name", { firstName: 123 }, "firstName: expected string, received number"],
  ["an oversized name", { lastName: "x".repeat(101) }, "lastName must be at most 100 characters"],
  [
    "control characters",
    { city: "Warsaw\u0000" },
    "city must be one line, without line breaks or control characters",
  ],
  ["a line break in a name", { lastName: "Smith\n=cmd|' /C calc'!A0" }, "lastName must be one line"],
  [
    "a carriage return in an address",
    { companyMailingAddress1: "Rua 1\r=1+1" },
    "companyMailingAddress1 must be one line",
  ],
  ["a name of one zero-width space", { lastName: "\u200B" }, "lastName"],
  ["a name with no letter", { firstName: "\u202E123" }, "firstName must contain a letter"],
  ["an impossible date", { birthdate: "1990-02-30" }, "birthdate must be a date (YYYY-MM-DD)"],
  ["an unknown country", { country: "XX" }, "country must be a country code"],
  ["a bad e-mail", { email: "not-an-email" }, "Invalid email address"],
  ["a bad gender", { gender: "Robot" }, "gender must be"],
  ["a bad passport number", { passportNumber: "AB<script>" }, "passportNumber may contain only"],
  ["a bad meeting id", { meeting: "not-a-uuid" }, "meeting must be a valid id"],
  ["a boolean as text", { pickUpInOrlando: "yes" }, "pickUpInOrlando"],
];

describe("POST /api/applications refuses bad input and creates nothing", () => {
  it.each(badFields)("%s", async (_label, over, message) => {
    const { auth } = await buildUser(t.app);
    const before = await total();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: auth,
      payload: { ...applicationPayload(meetingId), ...over },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await total()).toBe(before);
  });

  it("stores a name without its bidi controls and zero-width characters", async () => {
    const { auth } = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: auth,
      payload: {
        ...applicationPayload(meetingId),
        firstName: "\u202EAnna\u200B",
        lastName: "Ko\u2066wal\u2069",
      },
    });
    expect(res.statusCode).toBe(201);
    const row = await rowOf(res.json()._id);
    expect([row?.firstName, row?.lastName]).toEqual(["Anna", "Kowal"]);
  });

  it.each([
    ["malformed JSON", "{bad", "The request body is not valid JSON"],
    ["an array", "[]", "The request body must be a JSON object"],
    ["a string", '"hello"', "The request body must be a JSON object"],
  ])("%s", async (_label, raw, message) => {
    const { auth } = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { ...auth, "content-type": "application/json" },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a body over the size limit with 413", async () => {
    const { auth } = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: auth,
      payload: { ...applicationPayload(meetingId), additionalInformation: "x".repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTruthy();
  });
});

describe("PUT /api/applications/:id refuses bad input and changes nothing", () => {
  it.each([
    ...badFields,
    ["an unknown status", { status: "Maybe" }, "status must be Pending, Approved or Rejected"],
    ["an unknown meeting", { meeting: UNKNOWN }, "The selected meeting does not exist"],
    ["a bad letter date", { letterEmailedDate: "yesterday" }, "letterEmailedDate"],
  ] as Array<[string, Record<string, unknown>, string]>)("%s", async (_label, over, message) => {
    const app = await buildApplication(t.app, { meetingId, userId: null });
    const before = await rowOf(app.id);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${app.id}`,
      headers: admin.auth,
      payload: over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rowOf(app.id)).toEqual(before);
  });

  it("refuses malformed JSON", async () => {
    const app = await buildApplication(t.app, { meetingId, userId: null });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${app.id}`,
      headers: { ...admin.auth, "content-type": "application/json" },
      payload: "{",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON");
  });
});

describe("ids in paths", () => {
  it.each([
    ["GET", "/api/applications/%s"],
    ["PUT", "/api/applications/%s"],
    ["DELETE", "/api/applications/%s"],
    ["POST", "/api/upload/%s"],
    ["GET", `/api/applications/%s/documents/${UNKNOWN}`],
    ["DELETE", `/api/applications/%s/documents/${UNKNOWN}`],
  ] as const)("%s %s: 400 for a malformed id, 404 for an unknown one", async (method, path) => {
    const malformed = await t.app.inject({
      method,
      url: path.replace("%s", "not-a-uuid"),
      headers: admin.auth,
      payload: method === "PUT" ? {} : undefined,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("id must be a valid id");
    const unknown = await t.app.inject({
      method,
      url: path.replace("%s", UNKNOWN),
      headers: admin.auth,
      payload: method === "PUT" ? {} : undefined,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Application not found");
  });
});
