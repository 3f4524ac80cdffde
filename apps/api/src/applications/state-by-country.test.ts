import { IMPORT_COLUMNS } from "@visa/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { importAccepted, importRow, storedRows, toCsv } from "../imports/csv-test-helpers.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

// State/Province is required only for an address in a country with states or provinces.
let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const rowOf = async (id: string) =>
  (await t.app.ctx.db.select().from(applications).where(eq(applications.id, id)))[0];

async function create(over: Record<string, unknown>) {
  const meeting = await buildMeeting(t.app);
  const { auth } = await buildUser(t.app);
  const { state: _state, ...withoutState } = applicationPayload(meeting.id);
  return t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: auth,
    payload: { ...withoutState, ...over },
  });
}

describe("POST /api/applications", () => {
  it("creates an Icelandic address without a State/Province", async () => {
    const res = await create({ country: "IS", city: "Reykjavík", postalCode: "105" });
    expect(res.statusCode).toBe(201);
    expect(res.json().state).toBe("");
    expect((await rowOf(res.json()._id))?.state).toBe("");
  });

  it("takes a blank or null State/Province as none where none is needed", async () => {
    expect((await create({ country: "SG", state: null })).statusCode).toBe(201);
    expect((await create({ country: "LU", state: "  " })).statusCode).toBe(201);
  });

  it("refuses a United States address without one, naming the field", async () => {
    const res = await create({ country: "US", city: "Boston", postalCode: "02110" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Please fill in all required fields: State/Province",
      fields: ["state"],
    });
  });

  it("names it with the other missing fields, in form order", async () => {
    const res = await create({ country: "CA", city: "", phone: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Please fill in all required fields: City, State/Province, Phone",
      fields: ["city", "state", "phone"],
    });
  });

  it("creates a United States address with one", async () => {
    const res = await create({ country: "us", state: "MA" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ country: "US", state: "MA" });
  });
});

describe("PUT /api/applications/:id", () => {
  async function own(over: Partial<typeof applications.$inferInsert>) {
    const meeting = await buildMeeting(t.app);
    const owner = await buildUser(t.app);
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: owner.user.id, over });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/applications/${app.id}`, headers: owner.auth, payload });
    return { app, put };
  }

  it("refuses moving an address without a State/Province to a country with states", async () => {
    const { app, put } = await own({ country: "IS", state: "" });
    const before = await rowOf(app.id);
    const res = await put({ country: "JP" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "state is required", fields: ["state"] });
    expect(await rowOf(app.id)).toEqual(before);
    expect((await put({ country: "JP", state: "Tokyo" })).statusCode).toBe(200);
  });

  it("refuses clearing it where the country has states, whether sent alone or with the country", async () => {
    const { app, put } = await own({ country: "US", state: "MA" });
    const res = await put({ state: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "state is required", fields: ["state"] });
    const both = await put({ country: "US", state: " " });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: "state is required", fields: ["state"] });
    expect((await rowOf(app.id))?.state).toBe("MA");
  });

  it("lets an address leave its State/Province out once it moves to a country without states", async () => {
    const { app, put } = await own({ country: "US", state: "MA" });
    expect((await put({ country: "NL", state: "", city: "Utrecht" })).statusCode).toBe(200);
    expect(await rowOf(app.id)).toMatchObject({ country: "NL", state: "" });
  });
});

describe("import", () => {
  it("accepts rows of countries without states with no state, and refuses the others'", async () => {
    const meeting = await buildMeeting(t.app);
    const result = await importAccepted(
      t.app,
      admin.auth,
      toCsv([
        importRow(meeting.name, 1, { country: "IS", city: "Reykjavík", state: "" }),
        importRow(meeting.name, 2, { country: "US", city: "Boston", state: "" }),
        importRow(meeting.name, 3, { country: "Canada", city: "Ottawa", state: "ON" }),
      ]),
    );
    expect(result).toMatchObject({ total: 3, successful: 2, failed: 1 });
    expect(result.errors).toEqual([{ name: "Row 3 (Jürgen Müller-2)", error: "state: is required" }]);
    const rows = await storedRows(t.app, meeting.id);
    expect(rows.map((r) => [r.country, r.state]).sort()).toEqual([
      ["CA", "ON"],
      ["IS", ""],
    ]);
  });

  it("takes a file without a state column: State/Province is not a required column", async () => {
    const meeting = await buildMeeting(t.app);
    const columns = IMPORT_COLUMNS.filter((c) => c !== "state");
    const result = await importAccepted(
      t.app,
      admin.auth,
      toCsv(
        [
          importRow(meeting.name, 4, { country: "IE", city: "Dublin" }),
          importRow(meeting.name, 5, { country: "MX", city: "Monterrey" }),
        ],
        columns,
      ),
    );
    expect(result).toMatchObject({ total: 2, successful: 1, failed: 1 });
    expect(result.errors[0].error).toBe("state: is required");
    const rows = await storedRows(t.app, meeting.id);
    expect(rows.map((r) => [r.country, r.state])).toEqual([["IE", ""]]);
  });
});
