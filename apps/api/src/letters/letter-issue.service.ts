import { CHANGES_REQUESTED_REVOCATION, todayUtc } from "@visa/domain";
import { and, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, letters, meetings, type REVOCATION_REASONS } from "../db/schema.js";
import { recordEvent, recordEvents } from "../history/history.service.js";
import { composeLetter } from "./compose-letter.js";
import { type LetterAssets, letterAssets } from "./letter-assets.js";
import { passportHash, printedHash, sha256Hex } from "./letter-hashes.js";
import { newLetterReference } from "./reference.js";
import { templateFor } from "./templates.service.js";

type LetterRow = typeof letters.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];
/**
 * Why a letter is revoked, as its history records it: the reason verification gives, or a request
 * for changes, which verification gives as `withdrawn`.
 */
export type RevocationCause = RevocationReason | typeof CHANGES_REQUESTED_REVOCATION;

/** A letter as issued: the signed bytes never change after this. */
export interface IssuedLetter {
  reference: string;
  pdf: Buffer;
  sha256: string;
}

/** What verification shows and what later checks compare, taken when the letter is signed. */
function issuedColumns(
  { application, meeting }: { application: ApplicationRow; meeting: MeetingRow },
  reference: string,
  pdf: Buffer,
) {
  return {
    firstName: application.firstName,
    lastName: application.lastName,
    meetingName: meeting.name,
    meetingLocation: meeting.location,
    meetingStartDate: meeting.startDate,
    meetingEndDate: meeting.endDate,
    dateOfArrival: application.dateOfArrival,
    dateOfDeparture: application.dateOfDeparture,
    pdf,
    sha256: sha256Hex(pdf),
    printedHash: printedHash(application),
    passportHash: passportHash(reference, application.passportKey),
  };
}

/** The issuer as the letter prints it, kept with the letter for its verification page. */
const printedIssuer = (assets: LetterAssets) => ({
  organisationName: assets.name,
  organisationAddress: assets.address,
  organisationLogoSha256: assets.logoSha256,
});

/** What signing a letter needs besides the application: read before the signing lock is taken. */
interface SigningInputs {
  assets: LetterAssets;
  template: Awaited<ReturnType<typeof templateFor>>;
}

/**
 * Lays out and signs the letter with today's organisation, template and certificate; answers the
 * PDF and the issuer it printed. Reads nothing from the database.
 */
async function signLetter(
  ctx: AppContext,
  { assets, template }: SigningInputs,
  { application, meeting }: { application: ApplicationRow; meeting: MeetingRow },
  reference: string,
  issuedOn: string,
): Promise<{ pdf: Buffer; issuer: ReturnType<typeof printedIssuer> }> {
  const content = composeLetter({
    applicant: application,
    meeting,
    assets,
    template,
    reference,
    issuedOn,
    publicUrl: ctx.config.publicUrl,
  });
  // The PDF code and its libraries load with the first letter rather than at start.
  const { renderLetterPdf } = await import("./pdf/render-letter.js");
  const pdf = await renderLetterPdf(content, {
    signer: assets.signer,
    reservedBytes: assets.reservedBytes,
    signerName: assets.name,
    location: ctx.config.publicUrl,
  });
  return { pdf, issuer: printedIssuer(assets) };
}

const asIssued = (row: LetterRow): IssuedLetter | null =>
  row.pdf && row.sha256 ? { reference: row.reference, pdf: row.pdf, sha256: row.sha256 } : null;

/** The meeting's details a letter prints (the letter keeps them: issuedColumns). */
const printedMeeting = (m: Pick<MeetingRow, "name" | "location" | "startDate" | "endDate">) =>
  JSON.stringify([m.name, m.location, m.startDate, m.endDate]);

/** The application's unrevoked letter row, if any. */
async function activeLetter(db: DbOrTx, applicationId: string): Promise<LetterRow | undefined> {
  const [active] = await db
    .select()
    .from(letters)
    .where(and(eq(letters.applicationId, applicationId), isNull(letters.revokedAt)));
  return active;
}

// Per app (each test app has its own database), then per application: the letter being issued.
const issuing = new WeakMap<AppContext, Map<string, Promise<IssuedLetter | null>>>();

/**
 * The application's letter as issued: the unrevoked one's stored bytes, else a newly signed
 * letter with a new reference, stored before anyone sees it; null when the application is no
 * longer approved. A letter issued before letters kept their bytes is signed once, under its own
 * reference, and kept from then on.
 *
 * A letter is signed once, whoever asks first: an approval's listener, the mail worker taking the
 * approval's mail, a download. Callers in this process while it is being signed wait for it; on a
 * PostgreSQL server, other servers wait on a lock (`underSigningLock`) and then read it. (Each
 * used to sign its own copy, of which one was stored and the rest thrown away.)
 */
export function currentLetter(
  ctx: AppContext,
  row: { application: ApplicationRow; meeting: MeetingRow },
): Promise<IssuedLetter | null> {
  let inProcess = issuing.get(ctx);
  if (!inProcess) {
    inProcess = new Map();
    issuing.set(ctx, inProcess);
  }
  const running = inProcess.get(row.application.id);
  if (running) return running;
  const map = inProcess;
  const work = issueLetter(ctx, row).finally(() => map.delete(row.application.id));
  map.set(row.application.id, work);
  return work;
}

// Two-key advisory locks: a class of their own, apart from the mail's (0x6d61696c) and the
// migration's (0x76697361).
const LETTER_SIGNING_LOCK = 0x6c657474;

/**
 * Runs `issue` on a database handle that holds the application's signing lock: on a PostgreSQL
 * server, a transaction that took the lock, so servers sharing the database sign a letter once.
 * The embedded database is opened by one process, whose callers `currentLetter` has joined.
 */
function underSigningLock<T>(
  ctx: AppContext,
  applicationId: string,
  issue: (db: DbOrTx) => Promise<T>,
): Promise<T> {
  if (ctx.database.kind !== "postgres") return issue(ctx.db);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LETTER_SIGNING_LOCK}, hashtext(${applicationId}))`);
    return issue(tx);
  });
}

/**
 * Signs and stores the letter unless one is stored already. Signing takes a while, and the
 * application may be rejected, withdrawn or edited meanwhile: the letter is stored only if the
 * application and its meeting still read as signed, under a lock that makes such a change wait
 * until the letter is there to be revoked.
 */
async function issueLetter(
  ctx: AppContext,
  row: { application: ApplicationRow; meeting: MeetingRow },
): Promise<IssuedLetter | null> {
  const applicationId = row.application.id;
  const found = await activeLetter(ctx.db, applicationId);
  const stored = found && asIssued(found);
  if (stored) return stored;
  // Read before the lock: its holder on a PostgreSQL server keeps a pooled connection, and must
  // not need a second one while it signs.
  const [assets, template] = await Promise.all([letterAssets(ctx), templateFor(ctx.db, row.meeting.id)]);
  return underSigningLock(ctx, applicationId, async (db) => {
    let signed = row;
    for (let attempt = 0; attempt < 3; attempt++) {
      // Another server may have stored it while this one waited for the lock.
      const active = attempt === 0 && db === ctx.db ? found : await activeLetter(db, applicationId);
      const stored = active && asIssued(active);
      if (stored) return stored;
      const reference = active?.reference ?? newLetterReference();
      const issuedOn = active?.issuedOn ?? todayUtc();
      const { pdf, issuer } = await signLetter(ctx, { assets, template }, signed, reference, issuedOn);
      const columns = issuedColumns(signed, reference, pdf);
      const outcome = await db.transaction(async (tx) => {
        const [now] = await tx
          .select({ application: applications, meeting: meetings })
          .from(applications)
          .innerJoin(meetings, eq(meetings.id, applications.meetingId))
          .where(eq(applications.id, applicationId))
          .for("share");
        if (now?.application.status !== "Approved") return { kind: "notApproved" } as const;
        const unchanged =
          printedHash(now.application) === columns.printedHash &&
          printedMeeting(now.meeting) === printedMeeting(signed.meeting);
        if (!unchanged) return { kind: "changed", now } as const;
        // A letter issued before letters kept their bytes keeps the issuer it was issued under (or
        // none, when that is not known): the copies handed out then printed it, not this file.
        const [written] = active
          ? await tx
              .update(letters)
              .set(columns)
              .where(and(eq(letters.id, active.id), isNull(letters.pdf), isNull(letters.revokedAt)))
              .returning()
          : await tx
              .insert(letters)
              .values({ ...columns, ...issuer, applicationId, reference, issuedOn })
              .onConflictDoNothing()
              .returning();
        const issued = written && asIssued(written);
        if (issued && !active) {
          await recordEvent(tx, { applicationId, kind: "letter_issued", text: issued.reference });
        }
        return { kind: "written", issued } as const;
      });
      if (outcome.kind === "notApproved") return null;
      if (outcome.kind === "changed") signed = outcome.now;
      else if (outcome.issued) return outcome.issued;
    }
    throw new Error("could not issue a letter");
  });
}

/**
 * Revokes the application's unrevoked letter, saying why (the history keeps the cause, the letter
 * the public reason); part of the caller's transaction. The approval it was mailed for has ended:
 * `letterEmailed` is cleared, so the letter of a later approval counts as not e-mailed until it is
 * (and an address proved meanwhile receives it).
 */
export async function revokeLetter(db: DbOrTx, applicationId: string, cause: RevocationCause): Promise<void> {
  // What the public page says: a request for changes is the applicant's business, not an officer's.
  const reason: RevocationReason = cause === CHANGES_REQUESTED_REVOCATION ? "withdrawn" : cause;
  await db
    .update(applications)
    .set({ letterEmailed: false, letterEmailedDate: null })
    .where(eq(applications.id, applicationId));
  const revoked = await db
    .update(letters)
    .set({ revokedAt: new Date(), revocationReason: reason })
    .where(and(eq(letters.applicationId, applicationId), isNull(letters.revokedAt)))
    .returning({ reference: letters.reference });
  await recordEvents(
    db,
    revoked.map((l) => ({
      applicationId,
      kind: "letter_revoked" as const,
      text: l.reference,
      reason: cause,
    })),
  );
}

const SUPERSEDE_CHUNK = 1000;

/**
 * Revokes as superseded the letters of those approved applications whose printed fields no longer
 * match the letter; answers their ids, whose new letters are issued after the commit.
 */
export async function supersedeChangedLetters(db: DbOrTx, applicationIds: string[]): Promise<string[]> {
  const superseded: string[] = [];
  for (let i = 0; i < applicationIds.length; i += SUPERSEDE_CHUNK) {
    const rows = await db
      .select({ letterId: letters.id, printedHash: letters.printedHash, application: applications })
      .from(letters)
      .innerJoin(applications, eq(applications.id, letters.applicationId))
      .where(
        and(
          inArray(letters.applicationId, applicationIds.slice(i, i + SUPERSEDE_CHUNK)),
          isNull(letters.revokedAt),
          isNotNull(letters.printedHash),
          eq(applications.status, "Approved"),
        ),
      );
    const stale = rows.filter((r) => r.printedHash !== printedHash(r.application));
    if (stale.length === 0) continue;
    await revokeAsSuperseded(
      db,
      inArray(
        letters.id,
        stale.map((r) => r.letterId),
      ),
    );
    superseded.push(...stale.map((r) => r.application.id));
  }
  return superseded;
}

/**
 * Revokes the unrevoked letters matching `where` as superseded, in their histories; answers their
 * applications. Their applicants have not been e-mailed the new letter: `letterEmailed` is cleared
 * until it is, so an address proved later still receives it (`notifyAddressVerified`).
 */
async function revokeAsSuperseded(db: DbOrTx, where: SQL | undefined): Promise<string[]> {
  const stale = and(isNull(letters.revokedAt), where);
  await db
    .update(applications)
    .set({ letterEmailed: false, letterEmailedDate: null })
    .where(inArray(applications.id, db.select({ id: letters.applicationId }).from(letters).where(stale)));
  const revoked = await db
    .update(letters)
    .set({ revokedAt: new Date(), revocationReason: "superseded" })
    .where(stale)
    .returning({ applicationId: letters.applicationId, reference: letters.reference });
  await recordEvents(
    db,
    revoked.map((l) => ({
      applicationId: l.applicationId as string,
      kind: "letter_revoked" as const,
      text: l.reference,
      reason: "superseded",
    })),
  );
  return revoked.map((l) => l.applicationId as string);
}

/**
 * Revokes as superseded the letters of the meeting's approved applications that print other
 * details of the meeting (name, location, dates) than it has now; answers their application ids,
 * whose new letters are issued after the commit. Part of the meeting edit's transaction.
 */
export async function supersedeMeetingLetters(db: DbOrTx, meeting: MeetingRow): Promise<string[]> {
  const approved = db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.meetingId, meeting.id), eq(applications.status, "Approved")));
  return revokeAsSuperseded(
    db,
    and(
      inArray(letters.applicationId, approved),
      or(
        ne(letters.meetingName, meeting.name),
        ne(letters.meetingLocation, meeting.location),
        ne(letters.meetingStartDate, meeting.startDate),
        ne(letters.meetingEndDate, meeting.endDate),
      ),
    ),
  );
}

/** Revokes the letters of deleted applications (their link was cleared by the foreign key). */
export async function revokeOrphanedLetters(ctx: AppContext): Promise<void> {
  await ctx.db
    .update(letters)
    .set({ revokedAt: new Date(), revocationReason: "deleted" })
    .where(and(isNull(letters.applicationId), isNull(letters.revokedAt)));
}
