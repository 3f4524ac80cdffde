import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { describeSearchCases, SEARCH_PEOPLE, type SearchAnswer } from "../test/search-cases.js";
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

describeSearchCases("admin search at a size where it uses the trigram indexes", search);
