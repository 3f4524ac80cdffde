/**
 * The demo data of `npm run seed:demo` (seed-demo.ts), apart from the command's entry, so that a
 * running server can seed it when the command reaches it through its socket.
 */
import type { ApplicationStatus } from "@visa/domain";
import { eq, inArray } from "drizzle-orm";
import { passportKeyOf } from "../applications/passport-key.js";
import { hashPassword } from "../auth/passwords.js";
import type { CommandOutput } from "../data-dir/command-socket.js";
import type { Database, Db, DbOrTx } from "../db/client.js";
import { applications, meetings, settings, users } from "../db/schema.js";
import {
  DEMO_ADMIN,
  DEMO_IMPORTED,
  DEMO_PEOPLE,
  DEMO_USER_PASSWORD,
  type DemoPerson,
  demoMeetings,
} from "./demo-data.js";

const MARKER = "demo.seededAt";

export interface SeedSummary {
  skipped: boolean;
  meetings: number;
  users: number;
  applications: number;
}

/** Seeds the demo data in one transaction, unless an earlier run already did. */
export async function seedDemo(db: Db, today = new Date()): Promise<SeedSummary> {
  const [done] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (done) return { skipped: true, meetings: 0, users: 0, applications: 0 };
  const [adminHash, userHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_USER_PASSWORD),
  ]);
  return db.transaction(async (tx) => {
    const m = demoMeetings(today);
    const meetingIds = await upsertMeetings(tx, Object.values(m));
    const id = (meeting: { name: string }) => meetingIds.get(meeting.name) as string;

    await tx
      .insert(users)
      .values({
        email: DEMO_ADMIN.email,
        firstName: DEMO_ADMIN.firstName,
        lastName: DEMO_ADMIN.lastName,
        passwordHash: adminHash,
        isAdmin: true,
        // Demo accounts are made by the operator, as accounts admins create are: verified.
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email });
    await tx
      .insert(users)
      .values(
        DEMO_PEOPLE.map((x) => ({
          email: x.email,
          firstName: x.firstName,
          lastName: x.lastName,
          passwordHash: userHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .onConflictDoNothing({ target: users.email });
    const emails = [DEMO_ADMIN.email, ...DEMO_PEOPLE.map((x) => x.email)];
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    const userId = new Map(rows.map((r) => [r.email, r.id]));
    const adminId = userId.get(DEMO_ADMIN.email) ?? null;

    const statuses: ApplicationStatus[] = ["Pending", "Approved", "Rejected"];
    const apps = DEMO_PEOPLE.flatMap((person, i) => {
      const own = userId.get(person.email) ?? null;
      const list = [application(person, m.next, id(m.next), own, statuses[i % 3] ?? "Pending", adminId)];
      if (i % 2 === 0) list.push(application(person, m.later, id(m.later), own, "Pending", adminId));
      if (i < 3) list.push(application(person, m.past, id(m.past), own, "Approved", adminId));
      return list;
    });
    apps.push(application(DEMO_IMPORTED, m.next, id(m.next), null, "Pending", null));
    await tx.insert(applications).values(apps);
    await tx.insert(settings).values({ key: MARKER, value: new Date().toISOString() });
    return { skipped: false, meetings: meetingIds.size, users: emails.length, applications: apps.length };
  });
}

// A meeting of the same name (say, created by hand) is reused rather than duplicated.
async function upsertMeetings(tx: DbOrTx, list: (typeof meetings.$inferInsert)[]) {
  await tx.insert(meetings).values(list).onConflictDoNothing({ target: meetings.name });
  const names = list.map((x) => x.name);
  const rows = await tx
    .select({ id: meetings.id, name: meetings.name })
    .from(meetings)
    .where(inArray(meetings.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

function application(
  person: DemoPerson,
  meeting: { startDate: string; endDate: string },
  meetingId: string,
  userId: string | null,
  status: ApplicationStatus,
  reviewerId: string | null,
): typeof applications.$inferInsert {
  const shift = (day: string, by: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + by * 864e5).toISOString().slice(0, 10);
  const passportNumber = `${person.country}${person.birthdate.replace(/-/g, "").slice(2)}${meeting.startDate.slice(5, 7)}`;
  return {
    userId,
    meetingId,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    birthdate: person.birthdate,
    gender: person.gender,
    passportNumber,
    passportKey: passportKeyOf(passportNumber),
    passportIssuingCountry: person.country,
    passportExpirationDate: shift(meeting.endDate, 5 * 365),
    dateOfArrival: shift(meeting.startDate, -1),
    dateOfDeparture: shift(meeting.endDate, 1),
    companyName: person.companyName,
    position: person.position,
    companyMailingAddress1: person.address,
    city: person.city,
    state: person.state,
    postalCode: person.postalCode,
    country: person.country,
    phone: person.phone,
    hotelName: "Conference Hotel",
    status,
    lastUpdatedById: status === "Pending" ? null : reviewerId,
  };
}

/** Seeds an open database and says what it did; resolves to the exit code. */
export async function seedDemoCommand(database: Database, out: CommandOutput): Promise<number> {
  const s = await seedDemo(database.db);
  if (s.skipped) out.log("Demo data is already there; nothing changed.");
  else {
    out.log(`Seeded ${s.meetings} meetings, ${s.users} users and ${s.applications} applications.`);
    out.log(
      `Admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}; attendees: e.g. ${DEMO_PEOPLE[0]?.email} / ${DEMO_USER_PASSWORD}`,
    );
  }
  return 0;
}
