import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type HistoryEntryDto, revocationCause } from "@visa/domain";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSession } from "../auth/auth.service.js";
import type { AppConfig } from "../config.js";
import { oldMigrationsFolder } from "../test/old-migrations.js";
import { createServerDatabase } from "../test/server-database.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { pgliteExtensions } from "./embedded.js";
import { users } from "./schema.js";

// The schema of the versions whose request for changes revoked a letter as `withdrawn`.
const OLD_LAST_TAG = "0037_deleted_applications";
const ADMIN = "00000000-0000-4000-8000-000000000001";
const APPLICANT = "00000000-0000-4000-8000-000000000002";
const MEETING = "00000000-0000-4000-8000-0000000000a1";

/** The requests of the old data, each ending the way its name says, and its letter's reference. */
const REQUESTS = {
  changesRequested: { id: "00000000-0000-4000-8000-0000000000b1", reference: "VL-AAAA-1111-AAAA-1111" },
  withdrawn: { id: "00000000-0000-4000-8000-0000000000b2", reference: "VL-BBBB-2222-BBBB-2222" },
  reopenedThenChangesRequested: {
    id: "00000000-0000-4000-8000-0000000000b3",
    reference: "VL-CCCC-3333-CCCC-3333",
  },
  changesRequestedMailBetween: {
    id: "00000000-0000-4000-8000-0000000000b4",
    reference: "VL-DDDD-4444-DDDD-4444",
  },
} as const;

/** Runs SQL statements, several in one string as the old code's transactions ran them. */
type Query = (text: string) => Promise<unknown>;

/** One approved request with its letter, and the history the old code wrote up to there. */
async function approvedWithLetter(query: Query, id: string, reference: string): Promise<void> {
  await query(
    `insert into applications (id, user_id, meeting_id, first_name, last_name, email, birthdate, gender,
       passport_number, passport_key, passport_issuing_country, passport_expiration_date,
       date_of_arrival, date_of_departure, company_name, position, company_mailing_address1, city,
       state, postal_code, country, phone, status)
     values ('${id}', '${APPLICANT}', '${MEETING}', 'Ana', 'Silva', 'ana@example.test', '1988-02-29',
       'Female', 'PT123456', 'PT123456', 'PT', '2104-01-01', '2099-05-09', '2099-05-15', 'Example Lda',
       'Engineer', 'Rua Exemplo 1', 'Porto', 'Porto', '4000-001', 'PT', '+351 22 000 0000', 'Approved')`,
  );
  await query(
    `insert into letters (reference, application_id, first_name, last_name, meeting_name, meeting_location,
       meeting_start_date, meeting_end_date, date_of_arrival, date_of_departure, issued_on)
     values ('${reference}', '${id}', 'Ana', 'Silva', 'Plenary 2099', 'Lisbon, Portugal', '2099-05-10',
       '2099-05-14', '2099-05-09', '2099-05-15', '2099-01-05')`,
  );
  await query(
    `insert into application_history (application_id, kind, actor_id) values ('${id}', 'created', '${APPLICANT}')`,
  );
  await query(
    `insert into application_history (application_id, kind, actor_id, from_status, to_status)
     values ('${id}', 'status_changed', '${ADMIN}', 'Pending', 'Approved')`,
  );
  await query(
    `insert into application_history (application_id, kind, text) values ('${id}', 'letter_issued', '${reference}')`,
  );
}

/** What revokeLetter wrote before the cause was named: the letter and its entry, both `withdrawn`. */
const oldRevocation = (id: string) => `
  update applications set letter_emailed = false, letter_emailed_date = null where id = '${id}';
  update letters set revoked_at = now(), revocation_reason = 'withdrawn'
    where application_id = '${id}' and revoked_at is null;
  insert into application_history (application_id, kind, text, reason)
    select application_id, 'letter_revoked', reference, 'withdrawn' from letters where application_id = '${id}';`;

/** An admin's request for changes on an approved request, in the old code's order: one transaction. */
const oldRequestForChanges = (id: string, between = "") => `
  begin;
  update applications set status = 'Pending', status_reason = '', changes_requested_at = now(),
    last_updated_by_id = '${ADMIN}', updated_at = now() where id = '${id}';
  ${oldRevocation(id)}
  ${between}
  insert into application_history (application_id, kind, actor_id, from_status, to_status, text) values
    ('${id}', 'status_changed', '${ADMIN}', 'Approved', 'Pending', null),
    ('${id}', 'changes_requested', '${ADMIN}', null, null, 'Please correct your position.');
  commit;`;

/** The old data: accounts, a meeting and a request for each way a letter was revoked as `withdrawn`. */
async function writeOldData(query: Query): Promise<void> {
  // No one signs in with a password here: the admin is given a session.
  await query(
    `insert into users (id, email, password_hash, first_name, last_name, is_admin) values
       ('${ADMIN}', 'boss@example.test', 'unused', 'Grace', 'Hopper', true),
       ('${APPLICANT}', 'ana@example.test', 'unused', 'Ana', 'Silva', false)`,
  );
  await query(
    `insert into meetings (id, name, location, start_date, end_date)
     values ('${MEETING}', 'Plenary 2099', 'Lisbon, Portugal', '2099-05-10', '2099-05-14')`,
  );
  for (const { id, reference } of Object.values(REQUESTS)) await approvedWithLetter(query, id, reference);

  await query(oldRequestForChanges(REQUESTS.changesRequested.id));

  // The applicant withdraws: the status change first, then the revocation.
  const withdrawn = REQUESTS.withdrawn.id;
  await query(`
    begin;
    update applications set status = 'Rejected', status_reason = 'Withdrawn by the applicant',
      withdrawn_at = now(), updated_at = now() where id = '${withdrawn}';
    insert into application_history (application_id, kind, actor_id, from_status, to_status, reason)
      values ('${withdrawn}', 'status_changed', '${APPLICANT}', 'Approved', 'Rejected', 'Withdrawn by the applicant');
    ${oldRevocation(withdrawn)}
    commit;`);

  // An admin's edit moves the request back to Pending (its status change, then the revocation);
  // later, a request for changes on the Pending request revokes nothing and changes no status.
  const reopened = REQUESTS.reopenedThenChangesRequested.id;
  await query(`
    begin;
    update applications set status = 'Pending', status_reason = '', updated_at = now() where id = '${reopened}';
    insert into application_history (application_id, kind, actor_id, from_status, to_status)
      values ('${reopened}', 'status_changed', '${ADMIN}', 'Approved', 'Pending');
    ${oldRevocation(reopened)}
    commit;`);
  await query(`
    begin;
    update applications set changes_requested_at = now(), updated_at = now() where id = '${reopened}';
    insert into application_history (application_id, kind, actor_id, text)
      values ('${reopened}', 'changes_requested', '${ADMIN}', 'Please correct your position.');
    commit;`);

  // The mail queue records a mail's outcome without the request's lock: one may fall in between.
  const mailed = REQUESTS.changesRequestedMailBetween.id;
  await query(
    oldRequestForChanges(
      mailed,
      `insert into application_history (application_id, kind, text)
         values ('${mailed}', 'mail_sent', 'Your visa support letter');`,
    ),
  );
}

/**
 * The old data in the database the tests run on: a data directory of the embedded database, or a
 * new database on the PostgreSQL server DATABASE_URL names. Returns what opens it and what removes it.
 */
async function oldDatabase(
  work: string,
): Promise<{ config: Partial<AppConfig>; remove: () => Promise<void> }> {
  const migrationsFolder = oldMigrationsFolder(work, OLD_LAST_TAG);
  if (process.env.DATABASE_URL) {
    const database = await createServerDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
      await writeOldData((text) => client.query(text));
    } finally {
      await client.end();
    }
    return { config: { databaseUrl: database.url }, remove: database.drop };
  }
  const dataDir = join(work, "data");
  mkdirSync(join(dataDir, "pgdata"), { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const client = new PGlite(join(dataDir, "pgdata"), { extensions: pgliteExtensions });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    await writeOldData((text) => client.exec(text));
  } finally {
    await client.close();
  }
  return { config: { dataDir, inMemoryDatabase: false }, remove: async () => {} };
}

describe("upgrading the history of letters revoked by a request for changes", () => {
  let t: TestApp | undefined;
  let app: TestApp["app"];
  let admin: { authorization: string };
  let work: string | undefined;
  let remove: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "visa-upgrade-"));
    const old = await oldDatabase(work);
    remove = old.remove;
    t = await createTestApp(old.config);
    app = t.app;
    const [boss] = await app.ctx.db.select().from(users).where(eq(users.id, ADMIN));
    if (!boss) throw new Error("the old data lost its admin");
    admin = { authorization: `Bearer ${(await issueSession(app.ctx, boss)).token}` };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await remove?.();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The revocations in the request's history as an admin reads it. */
  const revocations = async (id: string) => {
    const res = await app.inject({
      method: "GET",
      url: `/api/applications/${id}/history`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as HistoryEntryDto[])
      .filter((e) => e.kind === "letter_revoked")
      .map((e) => `${e.text} revoked (${revocationCause(e.reason)})`);
  };

  it("names the request for changes as the cause of the revocation it made", async () => {
    const { id, reference } = REQUESTS.changesRequested;
    expect(await revocations(id)).toEqual([`${reference} revoked (changes were requested)`]);
  });

  it("does so when a mail's outcome was recorded between the revocation and the status change", async () => {
    const { id, reference } = REQUESTS.changesRequestedMailBetween;
    expect(await revocations(id)).toEqual([`${reference} revoked (changes were requested)`]);
  });

  it("keeps `withdrawn` for the applicant's withdrawal", async () => {
    const { id, reference } = REQUESTS.withdrawn;
    expect(await revocations(id)).toEqual([`${reference} revoked (withdrawn)`]);
  });

  it("keeps `withdrawn` for an admin's edit back to Pending, though changes were requested after it", async () => {
    const { id, reference } = REQUESTS.reopenedThenChangesRequested;
    expect(await revocations(id)).toEqual([`${reference} revoked (withdrawn)`]);
  });

  it("leaves the verification page saying only that the request, or its approval, was withdrawn", async () => {
    const verified = await app.inject({
      method: "GET",
      url: `/api/verify/${REQUESTS.changesRequested.reference}`,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: "revoked", revocationReason: "withdrawn" });
  });
});
