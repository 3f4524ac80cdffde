import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// The admin search is served by trigram indexes (three characters at a time), which cannot serve a
// term shorter than three characters: PostgreSQL reads the rows instead. With a few thousand rows,
// vacuumed and analyzed, the planner takes the trigram indexes for rare longer terms (here the
// Cyrillic, Chinese and %/_ ones) and reads the table for the others: both ways must find the same rows.
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let meetingId: string;
const ids: Record<string, string> = {};
const FILLER = 2000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.app, { isAdmin: true });
  meetingId = (await buildMeeting(t.app)).id;
  const other = await buildMeeting(t.app);
  const rows: Array<[string, string, string]> = [
    ["a", "Ana", "García"],
    ["b", "Björn", "Ødegård"],
    ["c", "Иван", "Петров"],
    ["d", "李", "小龍"],
    ["e", "Eve", "100%_Real"],
    ["f", "Nguyễn", "Văn An"],
  ];
  for (const [key, firstName, lastName] of rows) {
    const row = await buildApplication(t.app, {
      meetingId,
      userId: null,
      over: { firstName, lastName, email: `${key}-person@example.test` },
    });
    ids[key] = row.id;
  }
  await buildApplication(t.app, { meetingId: other.id, userId: null, over: { firstName: "Ana" } });
  // Rows none of the searches below match, copied from the first one in a single statement.
  await t.app.ctx.db.execute(sql`
    insert into applications (meeting_id, first_name, last_name, email, birthdate, gender, passport_number,
      passport_key, passport_issuing_country, passport_expiration_date, date_of_arrival, date_of_departure,
      company_name, position, company_mailing_address1, city, state, postal_code, country, phone)
    select meeting_id, 'Filler', 'Row' || i, 'filler' || i || '@example.test', birthdate, gender,
      'F' || i, 'F' || i, passport_issuing_country, passport_expiration_date, date_of_arrival,
      date_of_departure, company_name, position, company_mailing_address1, city, state, postal_code,
      country, phone
    from applications, generate_series(1, ${FILLER}) as i where id = ${ids.a}`);
  // What autovacuum does on a server: moves the new index entries out of the pending list and
  // gives the planner statistics (the embedded database has no autovacuum).
  await t.app.ctx.db.execute(sql`vacuum analyze applications`);
});
afterAll(() => t.close());

const search = async (term: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/applications?admin=true&meetingId=${meetingId}&limit=50&search=${encodeURIComponent(term)}`,
    headers: admin.auth,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const keys = body.applications.map(
    (a: { _id: string }) => Object.entries(ids).find(([, v]) => v === a._id)?.[0] ?? "other",
  );
  return { keys: keys.sort(), total: body.pagination.total };
};

describe("admin search at a size where it uses the trigram indexes", () => {
  it("finds names from terms of one and two characters", async () => {
    expect(await search("an")).toEqual({ keys: ["a", "f"], total: 2 });
    expect(await search("Ø")).toEqual({ keys: ["b"], total: 1 });
    expect(await search("李")).toEqual({ keys: ["d"], total: 1 });
    expect(await search("ов")).toEqual({ keys: ["c"], total: 1 });
  });

  it("finds names and e-mails from longer terms, case-insensitively, in any script", async () => {
    expect(await search("ana garc")).toEqual({ keys: ["a"], total: 1 });
    expect(await search("ØDEGÅRD")).toEqual({ keys: ["b"], total: 1 });
    expect(await search("ИВАН")).toEqual({ keys: ["c"], total: 1 });
    expect(await search("李 小龍")).toEqual({ keys: ["d"], total: 1 });
    expect(await search("nguyễn văn")).toEqual({ keys: ["f"], total: 1 });
    expect(await search("E-PERSON@EXAMPLE")).toEqual({ keys: ["e"], total: 1 });
    expect(await search("filler1234@")).toEqual({ keys: ["other"], total: 1 });
  });

  it("keeps % and _ literal", async () => {
    expect(await search("%")).toEqual({ keys: ["e"], total: 1 });
    expect(await search("_")).toEqual({ keys: ["e"], total: 1 });
    expect(await search("0%_r")).toEqual({ keys: ["e"], total: 1 });
    expect(await search("a%a")).toEqual({ keys: [], total: 0 });
  });
});
