import {
  type ApplicationDto,
  applicationWarnings,
  passportKey,
  personKey,
  WARNING_CODES,
  type WarningApplicationFields,
} from "@visa/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { syntheticPerson } from "../cli/seed-scale.js";
import { applications } from "../db/schema.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildApplication, buildMeeting } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, a) => {
  t = app;
  admin = a;
});

/** The ids the 'has warnings' filter lists for a meeting, every page of it. */
async function filteredIds(meetingId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/applications?admin=true&meetingId=${meetingId}&warnings=true&limit=100&page=${page}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { applications: ApplicationDto[]; pagination: { pages: number } };
    ids.push(...body.applications.map((a) => a._id));
    if (page >= body.pagination.pages) return ids;
  }
}

/** Days near the meeting's and names in many scripts, chosen by `i` so every rule fires somewhere. */
function generated(i: number): Partial<typeof applications.$inferInsert> {
  const person = syntheticPerson(i, 3);
  const pick = <T>(list: readonly T[]) => list[i % list.length] as T;
  // Each list mostly the value without a warning, then the others: most requests have none.
  const mostly = <T>(usual: T, n: number, others: T[]) => [...Array<T>(n).fill(usual), ...others];
  return {
    firstName: pick([person.firstName, "Zoë", "Ødegård", "", "Nguyễn Thị", "Ἀλέξανδρος", person.firstName]),
    lastName: pick([person.lastName, "Müller, Jr", "", "Łukasiewicz", "김", person.lastName, "O'Brien"]),
    // A few birthdates shared by many (the same person only with the same names), some implausible.
    birthdate: pick(
      mostly(person.birthdate, 7, [
        "1980-02-03",
        "1980-02-03",
        "1975-07-19",
        "2018-03-02",
        "2024-05-05",
        "1901-01-01",
      ]),
    ),
    // A few the same passport (one as typed, spaces and case apart), one with none.
    passportKey: i % 29 === 3 ? "SHARED1" : i % 29 === 4 ? "shared 1" : i % 31 === 7 ? "" : `P${i}`,
    // Days on either side of each limit: five months after a departure, three days around the meeting.
    passportExpirationDate: pick(mostly("2032-01-01", 8, ["2030-05-01", "2030-08-08", "2030-08-07"])),
    dateOfArrival: pick(mostly("2030-03-01", 9, ["2030-02-20", "2030-02-27", "2030-02-26", "2030-03-10"])),
    dateOfDeparture: pick(mostly("2030-03-08", 10, ["2030-03-06", "2030-03-09", "2030-03-10", "2030-02-01"])),
  };
}

describe("the 'has warnings' filter", () => {
  it("lists exactly the requests applicationWarnings warns about, compared with their meeting", async () => {
    const meeting = await buildMeeting(t.app, {
      startDate: "2030-03-02",
      endDate: "2030-03-06",
      passportValidityMonths: 5,
      datesToleranceDays: 3,
    });
    for (let i = 0; i < 140; i++)
      await buildApplication(t.app, { meetingId: meeting.id, userId: null, over: generated(i) });
    // The same person spelled apart, with passports of their own.
    await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { firstName: "ZOE", lastName: "muller jr", birthdate: "1980-02-03", passportKey: "Q1" },
    });
    const rows = await t.app.ctx.db.select().from(applications).where(eq(applications.meetingId, meeting.id));
    // The fields as the server gives them to the rules: the stored passport key as the passport.
    const fields = new Map<string, WarningApplicationFields>(
      rows.map((r) => [r.id, { ...r, passportNumber: r.passportKey }]),
    );
    const warningsOf = (id: string, app: WarningApplicationFields) => {
      const others = [...fields].filter(([other]) => other !== id).map(([, o]) => o);
      return applicationWarnings(app, meeting, {
        passportKeys: new Set(others.map((o) => passportKey(o.passportNumber)).filter((k) => k !== null)),
        personKeys: new Set(others.map((o) => personKey(o)).filter((k) => k !== null)),
      });
    };
    const expected = new Map([...fields].map(([id, app]) => [id, warningsOf(id, app)]));
    // The generated meeting holds every kind of warning, and requests without any.
    const codes = new Set([...expected.values()].flat().map((w) => w.code));
    expect([...codes].sort()).toEqual([...WARNING_CODES].sort());
    const warned = [...expected].filter(([, w]) => w.length > 0).map(([id]) => id);
    expect(warned.length).toBeLessThan(rows.length);

    expect((await filteredIds(meeting.id)).sort()).toEqual(warned.sort());
  });
});
