import { HISTORY_KINDS, type HistoryChangeDto } from "@visa/domain";
import { getTableColumns, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * A status's place in the review order: Pending, Approved, Rejected. The admin list sorts by it,
 * and its index (migration 0011) is written with the same expression, or PostgreSQL would not use it.
 */
export function statusRank(status: SQLWrapper): SQL {
  return sql`(case ${status} when 'Pending' then 0 when 'Approved' then 1 else 2 end)`;
}

/** Binary column (uploaded documents, images, certificates) kept in the database. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    // Bumped when the password changes: tokens carrying an older value are refused.
    sessionVersion: integer("session_version").notNull().default(0),
    // When the address was proved (a mailed link, a completed reset, or an admin made the account);
    // null until then: nothing imported is linked and no mail but verification and resets is sent.
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    // The users screen's order (admins first, then names case-insensitively): pages read the index in order.
    index("users_admin_lower_name_idx").on(
      t.isAdmin.desc().nullsFirst(),
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.email,
    ),
    // The users search, `ILIKE '%term%'` on e-mail or "first last": trigram indexes serve a match
    // anywhere in the text (a B-tree only serves a prefix). The name expression is written exactly as
    // the search writes it (users-list.service.ts), or PostgreSQL would not use it.
    // The user search's name, folded as the applications' is ("muller" finds Müller).
    index("users_folded_name_trgm_idx").using(
      "gin",
      sql`(fold_text(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`,
    ),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

export const meetings = pgTable(
  "meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    location: text("location").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    // The meeting's own questions: airport pick-up (and where), and days a review usually takes.
    pickUpOffered: boolean("pick_up_offered").notNull().default(false),
    pickUpPlace: text("pick_up_place").notNull().default(""),
    reviewDays: integer("review_days"),
    // Data-quality warnings (packages/domain/src/warnings.ts): a passport should stay valid this many
    // months after departure; travel more than this many days outside the meeting looks mistyped.
    passportValidityMonths: integer("passport_validity_months").notNull().default(6),
    datesToleranceDays: integer("dates_tolerance_days").notNull().default(7),
    ...timestamps,
  },
  (t) => [index("meetings_start_idx").on(t.startDate), uniqueIndex("meetings_name_unique").on(t.name)],
);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null for an imported application whose applicant has no account yet.
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "restrict" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    birthdate: date("birthdate", { mode: "string" }).notNull(),
    gender: text("gender").notNull(),
    passportNumber: text("passport_number").notNull(),
    // Upper case without spaces: what import matching compares.
    passportKey: text("passport_key").notNull(),
    passportIssuingCountry: text("passport_issuing_country").notNull(),
    passportExpirationDate: date("passport_expiration_date", { mode: "string" }).notNull(),
    dateOfArrival: date("date_of_arrival", { mode: "string" }).notNull(),
    dateOfDeparture: date("date_of_departure", { mode: "string" }).notNull(),
    companyName: text("company_name").notNull(),
    position: text("position").notNull(),
    companyMailingAddress1: text("company_mailing_address1").notNull(),
    companyMailingAddress2: text("company_mailing_address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    phone: text("phone").notNull(),
    fax: text("fax").notNull().default(""),
    hotelName: text("hotel_name").notNull().default(""),
    hotelConfirmation: text("hotel_confirmation").notNull().default(""),
    additionalInformation: text("additional_information").notNull().default(""),
    pickUpInOrlando: boolean("pick_up_in_orlando").notNull().default(false),
    letterEmailed: boolean("letter_emailed").notNull().default(false),
    letterEmailedDate: date("letter_emailed_date", { mode: "string" }),
    hardCopyMailed: boolean("hard_copy_mailed").notNull().default(false),
    hardCopyMailedDate: date("hard_copy_mailed_date", { mode: "string" }),
    addressToMailHardCopy: text("address_to_mail_hard_copy").notNull().default(""),
    // Optional: when the applicant's visa appointment is; admins sort by it (migration 0023).
    visaAppointmentDate: date("visa_appointment_date", { mode: "string" }),
    // Set when the applicant withdrew the request; its status is then Rejected on the wire.
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true, mode: "date" }),
    status: text("status", { enum: ["Pending", "Approved", "Rejected"] })
      .notNull()
      .default("Pending"),
    lastUpdatedById: uuid("last_updated_by_id").references(() => users.id, {
      onDelete: "set null",
    }),
    // Why the current status was given (a rejection's reason, shown to the applicant); "" otherwise.
    statusReason: text("status_reason").notNull().default(""),
    // Set when an admin asks the applicant to correct the request; cleared by the applicant's edit.
    changesRequestedAt: timestamp("changes_requested_at", { withTimezone: true, mode: "date" }),
    // What the admin search reads (matchesSearch in application.queries.ts): the full name and the
    // e-mail, folded (lower case, no accents: fold_text, migration 0021) and kept by the database
    // on every write (migration 0029). A unit separator (chr(31)), which no plain search term
    // holds, parts the name from the e-mail, so no match runs across the two.
    searchText: text("search_text").generatedAlwaysAs(
      sql`fold_text("first_name" || ' ' || "last_name" || chr(31) || "email")`,
    ),
    ...timestamps,
  },
  (t) => [
    check("applications_status_check", sql`${t.status} in ('Pending','Approved','Rejected')`),
    index("applications_user_idx").on(t.userId, t.createdAt),
    // Who last changed an application: a deleted account's are cleared without reading every
    // application.
    index("applications_last_updated_by_idx")
      .on(t.lastUpdatedById)
      .where(sql`${t.lastUpdatedById} is not null`),
    // Ending with id, the admin list's full sort order: a page's ids come from the index alone.
    // The status sort in review order (statusRank), newest first within a status (migration 0011).
    // Migration 0028 adds INCLUDE (status), which this builder cannot say: with it the ids of a
    // page come from the index alone (see that migration).
    index("applications_meeting_status_order_idx").on(
      t.meetingId,
      statusRank(t.status),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("applications_meeting_created_id_idx").on(t.meetingId, t.createdAt, t.id),
    index("applications_meeting_appointment_idx").on(t.meetingId, t.visaAppointmentDate, t.createdAt, t.id),
    // A page's duplicate warnings probe these two per row; migration 0030 adds INCLUDE (id) and
    // INCLUDE (id, first_name, last_name), which this builder cannot say, so the probes find the
    // others from the indexes alone and read from the table only the few rows they find.
    index("applications_meeting_passport_idx").on(t.meetingId, t.passportKey),
    index("applications_meeting_birthdate_idx").on(t.meetingId, t.birthdate),
    index("applications_meeting_email_idx").on(t.meetingId, t.email),
    index("applications_email_idx").on(t.email),
    // The admin search: trigrams of search_text behind the meeting id (btree_gin), so a search in
    // one meeting reads only that meeting's matches (migration 0029). Migration 0031 keeps its
    // pending list of new rows small, which every search reads whole.
    index("applications_meeting_search_trgm_idx").using("gin", t.meetingId, t.searchText.op("gin_trgm_ops")),
  ],
);

/**
 * The columns an application is read with: all but search_text, which only the search reads and
 * the database writes.
 */
const { searchText: _searchText, ...readColumns } = getTableColumns(applications);
export const applicationColumns = readColumns;

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    uploadedById: uuid("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("documents_application_idx").on(t.applicationId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_resets_token_unique").on(t.tokenHash)],
);

/** Single-use links proving an address (stored as SHA-256 only), valid 24 hours. */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The address the link was sent to: a link proves that address only, not a later one.
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_verifications_token_unique").on(t.tokenHash),
    index("email_verifications_user_idx").on(t.userId),
  ],
);

/** Small key-value settings of the installation (e.g. the generated JWT secret). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** The organisation that issues letters: exactly one row (id 1), created with a generated certificate. */
export const organisation = pgTable(
  "organisation",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    // How a consular officer reaches the issuer (e-mail, phone): shown on the verification page.
    contact: text("contact").notNull().default(""),
    signatoryName: text("signatory_name").notNull().default(""),
    signatoryTitle: text("signatory_title").notNull().default(""),
    logo: bytea("logo"),
    logoType: text("logo_type"),
    signature: bytea("signature"),
    signatureType: text("signature_type"),
    paperSize: text("paper_size", { enum: ["A4", "Letter"] })
      .notNull()
      .default("A4"),
    // PKCS#12 (key and certificate) that signs every letter; self-signed until an admin uploads one.
    p12: bytea("p12").notNull(),
    p12Passphrase: text("p12_passphrase").notNull(),
    certificateGenerated: boolean("certificate_generated").notNull().default(true),
    // Bumped on every change: each process reloads its parsed images and key when it moves.
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("organisation_single_row", sql`${t.id} = 1`),
    check("organisation_paper_size_check", sql`${t.paperSize} in ('A4','Letter')`),
  ],
);

/** A meeting's own letter text; a meeting without one uses the default template. */
export const letterTemplates = pgTable("letter_templates", {
  meetingId: uuid("meeting_id")
    .primaryKey()
    .references(() => meetings.id, { onDelete: "cascade" }),
  addressee: text("addressee").notNull(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const REVOCATION_REASONS = ["withdrawn", "rejected", "superseded", "deleted", "purged"] as const;

/**
 * Issued letters: the signed PDF exactly as issued with its SHA-256, and a snapshot of what
 * verification shows, so a letter whose application was deleted still verifies (as revoked). At
 * most one unrevoked letter per application. A purge empties the snapshot and the PDF (migration
 * 0013 made those columns nullable); letters issued before 0013 get their bytes on first use.
 */
export const letters = pgTable(
  "letters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    meetingName: text("meeting_name").notNull(),
    meetingLocation: text("meeting_location").notNull(),
    meetingStartDate: date("meeting_start_date", { mode: "string" }).notNull(),
    meetingEndDate: date("meeting_end_date", { mode: "string" }).notNull(),
    dateOfArrival: date("date_of_arrival", { mode: "string" }),
    dateOfDeparture: date("date_of_departure", { mode: "string" }),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    pdf: bytea("pdf"),
    sha256: text("sha256"),
    // SHA-256 of the printed application fields: a change to any of them supersedes the letter.
    printedHash: text("printed_hash"),
    // SHA-256 of "reference:PASSPORT": the passport check compares without keeping the number.
    passportHash: text("passport_hash"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    revocationReason: text("revocation_reason", { enum: REVOCATION_REASONS }),
    purgedAt: timestamp("purged_at", { withTimezone: true, mode: "date" }),
    // Issued before letters kept their bytes (marked by migration 0034): the file kept now was signed later,
    // and the copies handed out before differ from it, so verification offers no file check.
    signedAfterIssue: boolean("signed_after_issue").notNull().default(false),
    // The issuer as the letter printed it (migration 0035), so verification shows what the letter
    // says whatever the organisation is called later. Null name: issued before the portal kept it
    // and the organisation's settings changed since. Null logo hash: the letter printed no logo.
    organisationName: text("organisation_name"),
    organisationAddress: text("organisation_address"),
    organisationLogoSha256: text("organisation_logo_sha256"),
  },
  (t) => [
    check(
      "letters_revocation_reason_check",
      sql`${t.revocationReason} in ('withdrawn','rejected','superseded','deleted','purged')`,
    ),
    uniqueIndex("letters_reference_unique").on(t.reference),
    uniqueIndex("letters_active_application_unique").on(t.applicationId).where(sql`${t.revokedAt} is null`),
  ],
);

/** Outgoing e-mail, sent in the background with retries; a letter is rendered when it is sent. */
export const mailJobs = pgTable(
  "mail_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["message", "letter"] }).notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // A worker holds a job until then; another server may take it over after.
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // The letter a letter mail carries, written as it is sent.
    letterReference: text("letter_reference"),
    // An admin's resend: it may carry a letter that was mailed already.
    resend: boolean("resend").notNull().default(false),
  },
  (t) => [
    check("mail_jobs_kind_check", sql`${t.kind} in ('message','letter')`),
    index("mail_jobs_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // What was mailed about an application since a moment (status-mail-once.ts), and the set null
    // of its mails when it is deleted.
    index("mail_jobs_application_idx").on(t.applicationId, t.createdAt),
    // One mail per letter, unless an admin sends it again: a second one finds the letter taken.
    uniqueIndex("mail_jobs_letter_once_idx")
      .on(t.letterReference)
      .where(sql`${t.failedAt} is null and not ${t.resend}`),
  ],
);

/**
 * What a purge kept of a meeting's deleted applications: their counts by status. A table of its
 * own rather than count columns on meetings, because a meeting can be purged more than once
 * (applications imported after a purge) and admins see each purge. The meeting's name and days are
 * copied and its link is cleared, not cascaded, when the meeting is deleted later: the counts are
 * what a purge promises to keep.
 */
export const meetingPurges = pgTable(
  "meeting_purges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    meetingId: uuid("meeting_id").references(() => meetings.id, { onDelete: "set null" }),
    meetingName: text("meeting_name").notNull(),
    meetingStartDate: date("meeting_start_date", { mode: "string" }).notNull(),
    meetingEndDate: date("meeting_end_date", { mode: "string" }).notNull(),
    trigger: text("trigger", { enum: ["admin", "schedule"] }).notNull(),
    purgedAt: timestamp("purged_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    total: integer("total").notNull(),
    pending: integer("pending").notNull(),
    approved: integer("approved").notNull(),
    rejected: integer("rejected").notNull(),
  },
  (t) => [
    check("meeting_purges_trigger_check", sql`${t.trigger} in ('admin','schedule')`),
    index("meeting_purges_purged_at_idx").on(t.purgedAt),
  ],
);

/**
 * Applications per meeting and status, kept by statement triggers on applications (migration
 * 0005): the stats cards and the unfiltered admin list's total read a few rows instead of
 * counting a meeting's applications on every request. Every writer (the API, imports, purges,
 * seeds, hand-run SQL) goes through the triggers, so the counts cannot drift from the rows.
 */
export const applicationCounts = pgTable(
  "application_counts",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.status] })],
);

/**
 * Every deleted application (its id, its meeting, when), recorded by a statement trigger on
 * applications (migration 0037) whatever deletes it: an admin, a user's deletion, a meeting's
 * purge or deletion. The import refuses a row of a request deleted since its export by this
 * record, and creates again under its id a request this database never had (one made after the
 * backup it was restored from). No foreign keys: the record outlives the application and meeting.
 */
export const deletedApplications = pgTable("deleted_applications", {
  id: uuid("id").primaryKey(),
  meetingId: uuid("meeting_id").notNull(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row: when deletions began to be recorded (migration 0037); earlier ones left no record. */
export const deletedApplicationsRecordedSince = pgTable(
  "deleted_applications_recorded_since",
  {
    one: boolean("one").primaryKey().default(true),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("deleted_applications_recorded_since_one_check", sql`${t.one}`)],
);

/**
 * Request counts of the rate limits (auth/rate-limit-store.ts), one row per key and fixed window,
 * in the database so that every server process on it counts together.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/**
 * Sessions ended by Logout before their time. A token names its session (`sid`) and the session's
 * end (`sexp`); a row here refuses every token of that session, and is deleted once the session
 * would have ended anyway. 'Log out everywhere' bumps the user's session version instead.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("ended_sessions_ends_at_idx").on(t.endsAt)],
);

/**
 * Every promotion to admin (which opens every passport in the system) and every demotion, with the
 * admin who made it. The record outlives the admin who made it (set null), not the user it is about.
 */
export const roleChanges = pgTable(
  "role_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changedById: uuid("changed_by_id").references(() => users.id, { onDelete: "set null" }),
    madeAdmin: boolean("made_admin").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("role_changes_user_idx").on(t.userId, t.changedAt)],
);

/**
 * Every change to an application (migration 0020): who, when, what. The time is the statement's
 * clock, not the transaction's, so entries written together keep their order. Deleted with the
 * application (a purge too); an actor's deletion leaves the entry without a name.
 */
export const applicationHistory = pgTable(
  "application_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: HISTORY_KINDS }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    reason: text("reason"),
    text: text("text"),
    changes: jsonb("changes").$type<HistoryChangeDto[]>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`clock_timestamp()`),
    // Entries written by one statement can share a clock reading: this keeps their order.
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (t) => [
    check(
      "application_history_kind_check",
      sql`${t.kind} in ('created','fields_changed','status_changed','letter_issued','letter_revoked','mail_sent','mail_failed','imported','note','message','changes_requested')`,
    ),
    index("application_history_application_idx").on(t.applicationId, t.createdAt),
    index("application_history_actor_idx").on(t.actorId).where(sql`${t.actorId} is not null`),
  ],
);

/**
 * The full error list of an import with failed rows, as the CSV an admin downloads from the
 * import's result (the answer lists only the first errors). Kept for an hour.
 */
export const importErrorReports = pgTable(
  "import_error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdById: uuid("created_by_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Gzipped off the event loop, and stored as it is (no second compression by PostgreSQL). */
    csvGzip: bytea("csv_gzip").notNull(),
  },
  (t) => [index("import_error_reports_created_at_idx").on(t.createdAt)],
);
