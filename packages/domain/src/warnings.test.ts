import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  applicationWarnings,
  foldName,
  foldNameUnicode,
  meetingWarnedIds,
  passportKey,
  personKey,
  type WarningApplicationFields,
  type WarningColumns,
  type WarningMeeting,
} from "./warnings.js";

const meeting: WarningMeeting = { startDate: "2027-03-10", endDate: "2027-03-14" };

const fine: WarningApplicationFields = {
  firstName: "Zoë",
  lastName: "Müller",
  birthdate: "1985-06-01",
  passportNumber: "C01X00T47",
  passportExpirationDate: "2030-01-01",
  dateOfArrival: "2027-03-09",
  dateOfDeparture: "2027-03-15",
};

const codes = (
  app: WarningApplicationFields,
  m = meeting,
  others?: Parameters<typeof applicationWarnings>[2],
) => applicationWarnings(app, m, others).map((w) => w.code);

describe("applicationWarnings", () => {
  it("finds nothing in a plausible request", () => {
    expect(codes(fine)).toEqual([]);
  });

  it("reads the wire's ISO timestamps as days", () => {
    expect(
      codes(
        {
          ...fine,
          dateOfArrival: "2027-03-09T00:00:00.000Z",
          passportExpirationDate: "2027-04-01T00:00:00.000Z",
        },
        { startDate: "2027-03-10T00:00:00.000Z", endDate: "2027-03-14T00:00:00.000Z" },
      ),
    ).toEqual(["passport-expires-soon"]);
  });

  describe("same passport twice in a meeting", () => {
    it("matches the normalised number of another request", () => {
      const others = {
        passportKeys: new Set([passportKey("c01x 00t-47") ?? ""]),
        personKeys: new Set<string>(),
      };
      const warnings = applicationWarnings(fine, meeting, others);
      expect(warnings).toEqual([
        {
          code: "duplicate-passport",
          message: "Another request for this meeting has the same passport number.",
          field: "passportNumber",
        },
      ]);
      expect(warnings[0]?.message).not.toContain("C01X00T47");
    });

    it("says nothing when the others are unknown or different", () => {
      expect(codes(fine)).toEqual([]);
      expect(codes(fine, meeting, { passportKeys: new Set(["X1"]), personKeys: new Set() })).toEqual([]);
    });
  });

  describe("same person twice in a meeting", () => {
    it("matches name without case or accents, and the birthdate", () => {
      const other = personKey({
        firstName: "ZOE",
        lastName: "muller",
        birthdate: "1985-06-01T00:00:00.000Z",
      });
      expect(codes(fine, meeting, { passportKeys: new Set(), personKeys: new Set([other ?? ""]) })).toEqual([
        "duplicate-person",
      ]);
    });

    it("does not match another birthdate", () => {
      const other = personKey({ firstName: "Zoë", lastName: "Müller", birthdate: "1985-06-02" });
      expect(codes(fine, meeting, { passportKeys: new Set(), personKeys: new Set([other ?? ""]) })).toEqual(
        [],
      );
    });
  });

  describe("passport expiring soon after departure", () => {
    it("warns under six months by default, not at exactly six", () => {
      expect(codes({ ...fine, passportExpirationDate: "2027-09-14" })).toEqual(["passport-expires-soon"]);
      expect(codes({ ...fine, passportExpirationDate: "2027-09-15" })).toEqual([]);
    });

    it("follows the meeting's own number of months", () => {
      const m = { ...meeting, passportValidityMonths: 3 };
      expect(codes({ ...fine, passportExpirationDate: "2027-06-15" }, m)).toEqual([]);
      expect(codes({ ...fine, passportExpirationDate: "2027-06-14" }, m)).toEqual(["passport-expires-soon"]);
      expect(applicationWarnings({ ...fine, passportExpirationDate: "2027-06-14" }, m)[0]?.message).toContain(
        "3 months",
      );
    });

    it("is off when the meeting asks for 0 months", () => {
      expect(
        codes({ ...fine, passportExpirationDate: "2027-03-15" }, { ...meeting, passportValidityMonths: 0 }),
      ).toEqual([]);
    });
  });

  describe("travel dates far from the meeting", () => {
    it("allows 7 days either side by default", () => {
      expect(codes({ ...fine, dateOfArrival: "2027-03-03", dateOfDeparture: "2027-03-21" })).toEqual([]);
      expect(codes({ ...fine, dateOfArrival: "2027-03-02" })).toEqual(["arrival-outside-meeting"]);
      expect(codes({ ...fine, dateOfDeparture: "2027-03-22" })).toEqual(["departure-outside-meeting"]);
    });

    it("catches an arrival after the meeting, and the meeting's own tolerance", () => {
      const m = { ...meeting, datesToleranceDays: 1 };
      expect(codes({ ...fine, dateOfArrival: "2027-03-08", dateOfDeparture: "2027-03-15" }, m)).toEqual([
        "arrival-outside-meeting",
      ]);
      expect(codes({ ...fine, dateOfArrival: "2027-04-20", dateOfDeparture: "2027-04-22" })).toEqual([
        "arrival-outside-meeting",
        "departure-outside-meeting",
      ]);
    });
  });

  describe("implausible birthdate", () => {
    it.each([
      ["2030-01-01", "after the meeting"],
      ["2020-01-01", "7 years old"],
      ["1900-05-05", "126 years old"],
    ])("warns for %s", (birthdate, words) => {
      const warnings = applicationWarnings({ ...fine, birthdate }, meeting);
      expect(warnings.map((w) => w.code)).toEqual(["implausible-birthdate"]);
      expect(warnings[0]?.message).toContain(words);
      expect(warnings[0]?.field).toBe("birthdate");
    });

    it("accepts 12 to 100 years", () => {
      expect(codes({ ...fine, birthdate: "2015-03-10" })).toEqual([]);
      expect(codes({ ...fine, birthdate: "1926-03-11" })).toEqual([]);
    });
  });

  it("skips missing or unreadable values", () => {
    expect(codes({ firstName: "A", passportExpirationDate: "nonsense" })).toEqual([]);
  });
});

describe("keys", () => {
  it("folds names", () => {
    expect(foldName("  José  Núñez-Ruiz ")).toBe("jose nunez ruiz");
    expect(foldName("São")).toBe("sao");
    expect(foldName("Strauß")).toBe("strauss");
    expect(foldName("MacDonald2")).toBe("macdonald2");
  });

  it("folds plain ASCII names as the general path does", () => {
    const names = [
      "",
      " ",
      "Smith",
      "MacDonald2",
      "  O'Brien-Smith ",
      "van der Berg",
      "Anne-Marie",
      "J.R.R. Tolkien",
      "a_b",
      "x\ty\nz",
      "~!@#$%^&*()",
      "--Lee--",
      "ALL CAPS",
      "mIxEd  Case  99",
      "\u007f\u0000name\u0001",
    ];
    // Every printable ASCII character on its own and between letters.
    for (let c = 0; c < 128; c++) names.push(String.fromCharCode(c), `a${String.fromCharCode(c)}b`);
    for (const name of names) expect(foldName(name), JSON.stringify(name)).toBe(foldNameUnicode(name));
  });

  it("has no key without a passport number or a birthdate", () => {
    expect(passportKey(" - ")).toBeNull();
    expect(personKey({ firstName: "A", lastName: "B" })).toBeNull();
  });

  it("adds months clamped to the month's end", () => {
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2027-01-15", 12)).toBe("2028-01-15");
    expect(addMonths("2028-12-31", 2)).toBe("2029-02-28");
    expect(addMonths("2028-03-31", -1)).toBe("2028-02-29");
    expect(addMonths("2028-01-10", -13)).toBe("2026-12-10");
  });

  it("adds days across months, years and leap days, both ways", () => {
    expect(addDays("2027-12-28", 7)).toBe("2028-01-04");
    expect(addDays("2028-03-03", -7)).toBe("2028-02-25");
    expect(addDays("2100-03-01", -1)).toBe("2100-02-28");
    expect(addDays("2030-06-15", 0)).toBe("2030-06-15");
  });
});

/** An application of a meeting as the tests below write it: an id and the rules' fields. */
type Identified = WarningApplicationFields & { id: string };

/** Applications as the columns meetingWarnedIds reads. */
function columnsOf(apps: Identified[]): WarningColumns {
  return {
    ids: apps.map((a) => a.id),
    firstNames: apps.map((a) => a.firstName ?? null),
    lastNames: apps.map((a) => a.lastName ?? null),
    birthdates: apps.map((a) => a.birthdate ?? null),
    passportNumbers: apps.map((a) => a.passportNumber ?? null),
    passportExpirationDates: apps.map((a) => a.passportExpirationDate ?? null),
    datesOfArrival: apps.map((a) => a.dateOfArrival ?? null),
    datesOfDeparture: apps.map((a) => a.dateOfDeparture ?? null),
  };
}

describe("meetingWarnedIds", () => {
  it("marks both requests of a duplicate and leaves the rest alone", () => {
    const warned = meetingWarnedIds(
      columnsOf([
        { id: "a", ...fine },
        { id: "b", ...fine, passportNumber: "c01x00t47", firstName: "Other" },
        { id: "c", ...fine, passportNumber: "Z9", firstName: "Third" },
      ]),
      meeting,
    );
    expect(warned).toEqual(["a", "b"]);
  });

  it("refuses columns of different lengths", () => {
    const columns = { ...columnsOf([{ id: "a", ...fine }]), lastNames: [] };
    expect(() => meetingWarnedIds(columns, meeting)).toThrow(/different lengths/);
  });

  it("warns exactly those that comparing each with every other one warns", () => {
    const apps: Identified[] = [
      // The same person three times: accents, case and punctuation apart.
      { id: "p1", ...fine, passportNumber: "P1" },
      { id: "p2", ...fine, firstName: "ZOE", lastName: "muller", passportNumber: "P2" },
      { id: "p3", ...fine, firstName: " Zoe ", lastName: "Müller-", passportNumber: "P3" },
      // The same birthdate, another person; and one the same person by name but not by birthdate.
      { id: "q1", ...fine, firstName: "Zoran", passportNumber: "Q1" },
      { id: "q2", ...fine, birthdate: "1985-06-02", passportNumber: "Q2" },
      // The same passport (as typed: case, spaces and dashes apart), different people.
      { id: "r1", ...fine, firstName: "Ana", birthdate: "1990-01-01", passportNumber: "ab-12 3" },
      { id: "r2", ...fine, firstName: "Ben", birthdate: "1991-01-01", passportNumber: "AB123" },
      // Both at once, and as wire timestamps.
      { id: "s1", ...fine, firstName: "Ødegård", birthdate: "1970-02-03", passportNumber: "S1" },
      {
        id: "s2",
        ...fine,
        firstName: "ØDEGÅRD",
        birthdate: "1970-02-03T00:00:00.000Z",
        passportNumber: "s1",
        dateOfArrival: "2027-01-01",
      },
      // Without a birthdate or a passport, or with no names: never a duplicate.
      { id: "t1", ...fine, birthdate: null, passportNumber: null },
      { id: "t2", ...fine, birthdate: null, passportNumber: null },
      { id: "u1", firstName: "", lastName: "", birthdate: "1960-01-01" },
      { id: "u2", firstName: "", lastName: "", birthdate: "1960-01-01", dateOfDeparture: "2026-01-01" },
    ];
    const keysOf = (others: Identified[]) => ({
      passportKeys: new Set(others.map((o) => passportKey(o.passportNumber)).filter((k) => k !== null)),
      personKeys: new Set(others.map((o) => personKey(o)).filter((k) => k !== null)),
    });
    const expected = new Map(
      apps.map((app) => [app.id, applicationWarnings(app, meeting, keysOf(apps.filter((o) => o !== app)))]),
    );
    const warned = meetingWarnedIds(columnsOf(apps), meeting);
    expect(warned).toEqual(apps.filter((a) => (expected.get(a.id) ?? []).length > 0).map((a) => a.id));
    // The fixtures do reach the duplicate rules: the people and passports above are found.
    const warnedFor = (code: string) =>
      apps.filter((a) => expected.get(a.id)?.some((w) => w.code === code)).map((a) => a.id);
    expect(warnedFor("duplicate-person")).toEqual(["p1", "p2", "p3", "s1", "s2"]);
    expect(warnedFor("duplicate-passport")).toEqual(["r1", "r2", "s1", "s2"]);
    for (const id of [...warnedFor("duplicate-person"), ...warnedFor("duplicate-passport")])
      expect(warned).toContain(id);
  });
});
