import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { buildUser } from "../test/factories.js";
import { describeSearchCases, SEARCH_PEOPLE, type SearchAnswer } from "../test/search-cases.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// The users search is served by trigram indexes, which cannot serve a term shorter than three
// characters: PostgreSQL reads the table instead. With a few thousand users, vacuumed and analyzed,
// the planner takes the indexes for rare longer terms and reads the table for the others: both ways
// must find the same users.
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
const FILLER = 2000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.app, { isAdmin: true, firstName: "Root", lastName: "Admin" });
  for (const [key, firstName, lastName] of SEARCH_PEOPLE)
    await buildUser(t.app, { firstName, lastName, email: `${key}-person@example.test` });
  // Users none of the searches below match, in a single statement.
  await t.app.ctx.db.execute(sql`
    insert into users (email, password_hash, first_name, last_name)
    select 'filler' || i || '@example.test', password_hash, 'Filler', 'Row' || i
    from users, generate_series(1, ${FILLER}) as i where id = ${admin.user.id}`);
  // What autovacuum does on a server (the embedded database has none).
  await t.app.ctx.db.execute(sql`vacuum analyze users`);
});
afterAll(() => t.close());

/** The keys of the matching users (the e-mail's first letter), from the paged and the plain answer. */
const search = async (term: string): Promise<SearchAnswer> => {
  const get = (query: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/users?search=${encodeURIComponent(term)}${query}`,
      headers: admin.auth,
    });
  const keyOf = (u: { email: string }) => (u.email.endsWith("-person@example.test") ? u.email[0] : "other");
  const paged = await get("&page=1&limit=50");
  const plain = await get("");
  expect([paged.statusCode, plain.statusCode]).toEqual([200, 200]);
  const keys = paged.json().users.map(keyOf).sort();
  expect(plain.json().map(keyOf).sort()).toEqual(keys);
  return { keys, total: paged.json().pagination.total };
};

describeSearchCases("users search at a size where it uses the trigram indexes", search);
