import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { describeSearchCases, SEARCH_PEOPLE, type SearchAnswer } from "../test/search-cases.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// The admin search is served by a trigram index over the folded names and e-mails (search_text),
// which narrows the rows by the term's words of three or more letters or digits; a term without
// such a word is looked up whole when it has words apart ("na li"), and otherwise ("an", "Ø", "李",
// "%") reads the meeting's rows instead. A few thousand rows,
// vacuumed and analyzed, give the planner the index for the longer terms below: both ways must
// find the same rows.
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
  for (const [key, firstName, lastName] of SEARCH_PEOPLE) {
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

const search = async (term: string): Promise<SearchAnswer> => {
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

describeSearchCases("admin search at a size where it uses the trigram index", search);

describe("what the index finds is checked for the whole term", () => {
  it("finds a term only where it is whole, not where its words are apart", async () => {
    // Every e-mail holds "person" and "example", never "example person".
    expect(await search("example person")).toEqual({ keys: [], total: 0 });
    expect(await search("García example")).toEqual({ keys: [], total: 0 });
    expect(await search("person@example")).toEqual({ keys: ["a", "b", "c", "d", "e", "f"], total: 6 });
  });

  it("does not match across the end of the name and the start of the e-mail", async () => {
    expect(await search("row1234 filler1234")).toEqual({ keys: [], total: 0 });
    expect(await search("filler row1234")).toEqual({ keys: ["other"], total: 1 });
  });

  it("finds names of short words, which the index finds by their words' boundaries", async () => {
    const people: Array<[key: string, firstName: string, lastName: string]> = [
      ["naLi", "Na", "Li"],
      ["liNa", "Li", "Na"],
      ["leAn", "Lê", "An"],
    ];
    for (const [key, firstName, lastName] of people) {
      const row = await buildApplication(t.app, {
        meetingId,
        userId: null,
        over: { firstName, lastName, email: `${key.toLowerCase()}@example.test` },
      });
      ids[key] = row.id;
    }
    expect(await search("na li")).toEqual({ keys: ["naLi"], total: 1 });
    expect(await search("LI NA")).toEqual({ keys: ["liNa"], total: 1 });
    expect(await search("a l")).toEqual({ keys: ["naLi"], total: 1 });
    expect(await search("le an")).toEqual({ keys: ["leAn"], total: 1 });
    expect(await search("Lê An")).toEqual({ keys: ["leAn"], total: 1 });
    expect(await search("a_l")).toEqual({ keys: [], total: 0 });
  });

  it("folds printable ASCII to its lower case, as plain terms are folded before the query", async () => {
    const result = (await t.app.ctx.db.execute(
      sql`select string_agg(chr(i), '') as typed, string_agg(fold_text(chr(i)), '') as folded
        from generate_series(32, 126) as i`,
    )) as unknown as { rows: Array<{ typed: string; folded: string }> };
    const [row] = result.rows;
    expect(row?.typed).toHaveLength(95);
    expect(row?.folded).toBe(row?.typed.toLowerCase());
  });

  it("still finds a passport number that is in no name or e-mail", async () => {
    // Filler 1234's passport number is F1234; its name and e-mail hold "1234" but not "f1234".
    expect(await search("f1234")).toEqual({ keys: ["other"], total: 1 });
  });
});
