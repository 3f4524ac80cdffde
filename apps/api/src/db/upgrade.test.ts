import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/passwords.js";
import { generateSelfSignedPkcs12 } from "../letters/signing/pkcs12.js";
import { journal, oldMigrationsFolder } from "../test/old-migrations.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { pgliteExtensions } from "./embedded.js";

// Data directories made before the read path lost its list caches and before issued letters kept
// their bytes: the schema of every data directory in use before those versions.
const OLD_LAST_TAG = "0009_list_versions_triggers";
const REFERENCE = "VL-7K3M-9QRT-2WXZ-5HJN";
// A letter of a deleted request, issued before the organisation's settings last changed.
const EARLIER_REFERENCE = "VL-3D8F-6GHJ-1KMN-4PQR";
// The organisation's logo then: a real 2x2 PNG.
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAD0lEQVR4nGNgMJ4JQhAKABP6AzHVPtkTAAAAAElFTkSuQmCC",
  "base64",
);
const PASSWORD = "old-secret-1";

/** A data directory as an older version left it, with an applicant, an approved request and its letter. */
async function oldDataDir(): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), "visa-upgrade-"));
  const oldMigrations = oldMigrationsFolder(work, OLD_LAST_TAG);

  const dataDir = join(work, "data");
  mkdirSync(join(dataDir, "pgdata"), { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const client = new PGlite(join(dataDir, "pgdata"), { extensions: pgliteExtensions });
  await migrate(drizzle(client), { migrationsFolder: oldMigrations });
  const hash = await hashPassword(PASSWORD);
  await client.query(
    `insert into users (id, email, password_hash, first_name, last_name, is_admin) values
       ('00000000-0000-4000-8000-000000000001', 'boss@example.test', $1, 'Grace', 'Hopper', true),
       ('00000000-0000-4000-8000-000000000002', 'ana@example.test', $1, 'Ana', 'Silva', false)`,
    [hash],
  );
  await client.query(
    `insert into meetings (id, name, location, start_date, end_date) values
       ('00000000-0000-4000-8000-0000000000a1', 'Plenary 2099', 'Lisbon, Portugal', '2099-05-10', '2099-05-14')`,
  );
  await client.query(
    `insert into applications (id, user_id, meeting_id, first_name, last_name, email, birthdate, gender,
       passport_number, passport_key, passport_issuing_country, passport_expiration_date,
       date_of_arrival, date_of_departure, company_name, position, company_mailing_address1, city,
       state, postal_code, country, phone, status, letter_emailed, letter_emailed_date)
     values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000002',
       '00000000-0000-4000-8000-0000000000a1', 'Ana', 'Silva', 'ana@example.test', '1988-02-29', 'Female',
       'pt 123-456', 'pt 123-456', 'PT', '2104-01-01', '2099-05-09', '2099-05-15', 'Example Lda',
       'Engineer', 'Rua Exemplo 1', 'Porto', 'Porto', '4000-001', 'PT', '+351 22 000 0000', 'Approved',
       true, '2099-01-05')`,
  );
  const { p12, passphrase } = generateSelfSignedPkcs12("Standards Body");
  await client.query(
    `insert into organisation (id, name, address, logo, logo_type, p12, p12_passphrase, updated_at)
     values (1, 'Standards Body', '1 Rue du Lac\nGeneva', $1, 'image/png', $2, $3, '2099-01-03T00:00:00Z')`,
    [LOGO, p12, passphrase],
  );
  await client.query(
    `insert into letters (reference, application_id, first_name, last_name, meeting_name, meeting_location,
       meeting_start_date, meeting_end_date, date_of_arrival, date_of_departure, issued_on, issued_at)
     values ($1, '00000000-0000-4000-8000-0000000000b1', 'Ana', 'Silva', 'Plenary 2099', 'Lisbon, Portugal',
       '2099-05-10', '2099-05-14', '2099-05-09', '2099-05-15', '2099-01-05', '2099-01-05T09:00:00Z')`,
    [REFERENCE],
  );
  await client.query(
    `insert into letters (reference, application_id, first_name, last_name, meeting_name, meeting_location,
       meeting_start_date, meeting_end_date, date_of_arrival, date_of_departure, issued_on, issued_at, revoked_at)
     values ($1, null, 'Rui', 'Costa', 'Plenary 2099', 'Lisbon, Portugal', '2099-05-10', '2099-05-14',
       '2099-05-09', '2099-05-15', '2099-01-02', '2099-01-02T09:00:00Z', '2099-01-04T09:00:00Z')`,
    [EARLIER_REFERENCE],
  );
  await client.close();
  return dataDir;
}

// The subject is the embedded database's directory; a PostgreSQL server runs the same migrations.
describe.skipIf(Boolean(process.env.DATABASE_URL))("opening a data directory an older version made", () => {
  let t: TestApp | undefined;
  let app: TestApp["app"];
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = await oldDataDir();
    t = await createTestApp({ dataDir, inMemoryDatabase: false });
    app = t.app;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(join(dataDir, ".."), { recursive: true, force: true });
  });

  const signIn = async (email: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().token}` };
  };

  it("applies every newer migration once", async () => {
    const result = await app.ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      n: number;
    }>;
    expect(rows[0]?.n).toBe(journal.entries.length);
  });

  it("keeps the accounts and the applicant's request, passport number in today's form", async () => {
    const auth = await signIn("ana@example.test");
    const res = await app.inject({ method: "GET", url: "/api/applications", headers: auth });
    expect(res.statusCode).toBe(200);
    const [own] = res.json();
    expect(own).toMatchObject({ firstName: "Ana", status: "Approved", passportNumber: "PT123456" });
    const admin = await signIn("boss@example.test");
    const list = await app.inject({ method: "GET", url: "/api/applications?admin=true", headers: admin });
    expect(list.json().pagination.total).toBe(1);
  });

  it("serves the letter issued before under its old reference, the same bytes every time", async () => {
    const auth = await signIn("ana@example.test");
    const url = "/api/applications/00000000-0000-4000-8000-0000000000b1/pdf";
    const first = await app.inject({ method: "GET", url, headers: auth });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const second = await app.inject({ method: "GET", url, headers: auth });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const verified = await app.inject({ method: "GET", url: `/api/verify/${REFERENCE}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ reference: REFERENCE, status: "valid", fullName: "Ana Silva" });
    const check = await app.inject({
      method: "POST",
      url: `/api/verify/${REFERENCE}/passport`,
      payload: { passportNumber: "PT 123456" },
    });
    expect(check.json()).toMatchObject({ match: true });
  });

  it("shows the issuer that letter printed, kept by the upgrade, and not a later name", async () => {
    const issuer = async (reference: string) =>
      (await app.inject({ method: "GET", url: `/api/verify/${reference}` })).json().organisation;
    const printed = {
      name: "Standards Body",
      address: "1 Rue du Lac\nGeneva",
      asOf: "letter",
      hasLogo: true,
    };
    expect(await issuer(REFERENCE)).toMatchObject({ ...printed, changedSince: false });
    const logo = await app.inject({ method: "GET", url: `/api/verify/${REFERENCE}/logo` });
    expect(logo.rawPayload.equals(LOGO)).toBe(true);
    // The organisation changed after the earlier letter: what it printed is unknown, and the page says so.
    expect(await issuer(EARLIER_REFERENCE)).toMatchObject({ name: "Standards Body", asOf: "today" });

    const admin = await signIn("boss@example.test");
    const renamed = await app.inject({
      method: "PUT",
      url: "/api/letters/organisation",
      headers: admin,
      payload: {
        name: "Standards Body International",
        address: "9 Quai Neuf\nGeneva",
        signatoryName: "",
        signatoryTitle: "",
        paperSize: "A4",
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await issuer(REFERENCE)).toMatchObject({ ...printed, changedSince: true });
    expect(await issuer(EARLIER_REFERENCE)).toMatchObject({
      name: "Standards Body International",
      asOf: "today",
    });
  });

  it("offers no file check for that letter: the copies handed out before differ from the file kept", async () => {
    const auth = await signIn("ana@example.test");
    const url = "/api/applications/00000000-0000-4000-8000-0000000000b1/pdf";
    expect((await app.inject({ method: "GET", url, headers: auth })).statusCode).toBe(200);
    const verified = await app.inject({ method: "GET", url: `/api/verify/${REFERENCE}` });
    expect(verified.json()).toMatchObject({ reference: REFERENCE, status: "valid", sha256: null });
  });

  it("still offers the file check for a letter issued after the upgrade", async () => {
    const admin = await signIn("boss@example.test");
    const applicant = await signIn("ana@example.test");
    const id = "00000000-0000-4000-8000-0000000000b1";
    const edit = await app.inject({
      method: "PUT",
      url: `/api/applications/${id}`,
      headers: admin,
      payload: { position: "Senior Engineer" },
    });
    expect(edit.statusCode).toBe(200);
    const pdf = await app.inject({ method: "GET", url: `/api/applications/${id}/pdf`, headers: applicant });
    expect(pdf.statusCode).toBe(200);
    const reference = /VL(?:-[0-9A-Z]{4}){4}/.exec(pdf.rawPayload.toString("latin1"))?.[0];
    expect(reference).toBeDefined();
    expect(reference).not.toBe(REFERENCE);
    const verified = await app.inject({ method: "GET", url: `/api/verify/${reference}` });
    expect(verified.json().sha256).toBe(createHash("sha256").update(pdf.rawPayload).digest("hex"));
  });
});
