import { randomBytes } from "node:crypto";
import type { ApplicationCreateInput } from "@visa/domain";
import { issueSession } from "../auth/auth.service.js";
import { hashPassword } from "../auth/passwords.js";
import { applications, meetings, users } from "../db/schema.js";
import type { App } from "../lib/app-type.js";

const unique = () => randomBytes(4).toString("hex");
let cachedHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = "secret123";

/** A user row plus a signed-in token (admin when asked). */
export async function buildUser(app: App, over: Partial<typeof users.$inferInsert> = {}) {
  cachedHash ??= hashPassword(FACTORY_PASSWORD);
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      email: `user-${unique()}@example.test`,
      passwordHash: await cachedHash,
      firstName: "Ada",
      lastName: "Lovelace",
      emailVerifiedAt: new Date(),
      ...over,
    })
    .returning();
  if (!user) throw new Error("user not created");
  const { token } = await issueSession(app.ctx, user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

/** A meeting starting in 30 days unless told otherwise. */
export async function buildMeeting(app: App, over: Partial<typeof meetings.$inferInsert> = {}) {
  const start = new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 35 * 864e5).toISOString().slice(0, 10);
  const [meeting] = await app.ctx.db
    .insert(meetings)
    .values({
      name: `Meeting ${unique()}`,
      location: "Orlando, FL",
      startDate: start,
      endDate: end,
      isActive: true,
      ...over,
    })
    .returning();
  if (!meeting) throw new Error("meeting not created");
  return meeting;
}

/** A valid body for POST or PUT /api/meetings, with a name of its own. */
export const meetingInput = (over: Record<string, unknown> = {}) => ({
  name: `Plenary ${unique()}`,
  location: "Hà Nội",
  startDate: "2030-03-02",
  endDate: "2030-03-06",
  isActive: true,
  ...over,
});

/** A complete, valid create payload for the meeting. */
export function applicationPayload(
  meetingId: string,
  over: Partial<ApplicationCreateInput> = {},
): ApplicationCreateInput {
  return {
    meeting: meetingId,
    firstName: "Zoë",
    lastName: "Łukasiewicz-Ñúñez",
    email: "zoe@example.test",
    birthdate: "1990-01-01T00:00:00.000Z",
    gender: "Female",
    passportNumber: "X1234567",
    passportIssuingCountry: "PL",
    passportExpirationDate: "2032-05-31T00:00:00.000Z",
    dateOfArrival: "2030-03-01T00:00:00.000Z",
    dateOfDeparture: "2030-03-08T00:00:00.000Z",
    companyName: "Example Corp",
    position: "Engineer",
    companyMailingAddress1: "1 Main Street",
    city: "Warsaw",
    state: "Mazowieckie",
    postalCode: "00-001",
    country: "PL",
    phone: "+48 22 123 45 67",
    ...over,
  };
}

/** An application row inserted directly (status and owner as given). */
export async function buildApplication(
  app: App,
  opts: { meetingId: string; userId: string | null; over?: Partial<typeof applications.$inferInsert> },
) {
  const [row] = await app.ctx.db
    .insert(applications)
    .values({
      userId: opts.userId,
      meetingId: opts.meetingId,
      firstName: "Nguyễn",
      lastName: "Thị Minh Khai",
      email: `applicant-${unique()}@example.test`,
      birthdate: "1990-01-01",
      gender: "Female",
      passportNumber: `P${unique()}`.toUpperCase(),
      passportKey: `P${unique()}`.toUpperCase(),
      passportIssuingCountry: "VN",
      passportExpirationDate: "2032-01-01",
      dateOfArrival: "2030-03-01",
      dateOfDeparture: "2030-03-08",
      companyName: "Example Co",
      position: "Engineer",
      companyMailingAddress1: "1 Street",
      city: "Hanoi",
      state: "Hanoi",
      postalCode: "100000",
      country: "VN",
      phone: "+84 24 1234 5678",
      ...opts.over,
    })
    .returning();
  if (!row) throw new Error("application not created");
  return row;
}
