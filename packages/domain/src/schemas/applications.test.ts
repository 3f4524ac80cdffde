import { describe, expect, it } from "vitest";
import {
  adminListQuerySchema,
  applicationCreateSchema,
  applicationUpdateSchema,
  isFieldRequired,
  missingRequiredFields,
  missingRequiredKeys,
  requiredFieldsMessage,
} from "./applications.js";

const valid = {
  meeting: "5f0e8a8e-1d2c-4b7a-9c1e-2f3a4b5c6d7e",
  firstName: "Дмитрий",
  lastName: "Шостакович",
  email: "D.Shostakovich@Example.org",
  birthdate: "1990-01-01T00:00:00.000Z",
  gender: "Male",
  passportNumber: "75 1234567",
  passportIssuingCountry: "ru",
  passportExpirationDate: "2031-05-01T00:00:00.000Z",
  dateOfArrival: "2030-03-01T00:00:00.000Z",
  dateOfDeparture: "2030-03-08T00:00:00.000Z",
  companyName: "Example",
  position: "Composer",
  companyMailingAddress1: "1 Nevsky Prospekt",
  city: "Saint Petersburg",
  state: "Saint Petersburg",
  postalCode: "190000",
  country: "RU",
  phone: "+7 812 123-45-67",
};

describe("application create schema", () => {
  it("accepts a complete application and normalises it", () => {
    const out = applicationCreateSchema.parse(valid);
    expect(out.birthdate).toBe("1990-01-01");
    expect(out.email).toBe("d.shostakovich@example.org");
    expect(out.passportIssuingCountry).toBe("RU");
    expect(out.fax).toBe("");
    expect(out.pickUpInOrlando).toBe(false);
  });

  it("refuses a departure before the arrival", () => {
    const r = applicationCreateSchema.safeParse({ ...valid, dateOfDeparture: "2030-02-28T00:00:00.000Z" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["dateOfDeparture"]);
  });

  it("refuses 'Prefer not to say' on create but accepts it on edit", () => {
    expect(applicationCreateSchema.safeParse({ ...valid, gender: "Prefer not to say" }).success).toBe(false);
    expect(applicationUpdateSchema.parse({ gender: "Prefer not to say" }).gender).toBe("Prefer not to say");
  });

  it("refuses unknown countries and control characters", () => {
    expect(applicationCreateSchema.safeParse({ ...valid, country: "XX" }).success).toBe(false);
    expect(applicationCreateSchema.safeParse({ ...valid, city: "Oslo\u0000" }).success).toBe(false);
  });
});

describe("required fields", () => {
  it("lists the labels of missing and blank fields in form order", () => {
    const { firstName: _f, phone: _p, ...rest } = valid;
    const missing = missingRequiredFields({ ...rest, city: "  " });
    expect(missing).toEqual(["First Name", "City", "Phone"]);
    expect(requiredFieldsMessage(missing)).toBe(
      "Please fill in all required fields: First Name, City, Phone",
    );
  });
});

describe("State/Province", () => {
  const issuesOf = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    r.error?.issues.map((i) => [i.path.join("."), i.message]);

  it("is required for an address in a country with states, in the form's words", () => {
    const r = applicationCreateSchema.safeParse({ ...valid, country: "us", state: "" });
    expect(issuesOf(r)).toEqual([["state", "is required"]]);
    expect(applicationCreateSchema.safeParse({ ...valid, country: "US", state: "  " }).success).toBe(false);
    expect(applicationCreateSchema.parse({ ...valid, country: "US", state: "MA" }).state).toBe("MA");
  });

  it("may be left out for a country without states", () => {
    const { state: _s, ...noState } = valid;
    const out = applicationCreateSchema.parse({ ...noState, country: "IS", city: "Reykjavík" });
    expect(out.state).toBe("");
    expect(applicationCreateSchema.safeParse({ ...noState, country: "SG", state: null }).success).toBe(true);
  });

  it("is reported together with the form's other mistakes", () => {
    const r = applicationCreateSchema.safeParse({ ...valid, country: "CA", state: "", phone: "call me" });
    expect(
      issuesOf(r)
        ?.map(([path]) => path)
        .sort(),
    ).toEqual(["phone", "state"]);
  });

  it("is left to the country's own message when the country is unknown", () => {
    const r = applicationCreateSchema.safeParse({ ...valid, country: "XX", state: "" });
    expect(issuesOf(r)?.map(([path]) => path)).toEqual(["country"]);
  });

  it("is checked on update when both are sent", () => {
    expect(applicationUpdateSchema.safeParse({ country: "JP", state: "" }).success).toBe(false);
    expect(applicationUpdateSchema.safeParse({ country: "IE", state: "" }).success).toBe(true);
    // Either alone is checked against the stored other by the server.
    expect(applicationUpdateSchema.safeParse({ state: "" }).success).toBe(true);
    expect(applicationUpdateSchema.safeParse({ country: "JP" }).success).toBe(true);
  });

  it("is named among the missing required fields only where the country has states", () => {
    const { state: _s, ...noState } = valid;
    expect(missingRequiredKeys({ ...noState, country: "US" })).toEqual(["state"]);
    expect(missingRequiredFields({ ...noState, country: "US", city: "" })).toEqual([
      "City",
      "State/Province",
    ]);
    expect(missingRequiredKeys({ ...noState, country: "IS" })).toEqual([]);
    expect(isFieldRequired("state", "MX")).toBe(true);
    expect(isFieldRequired("state", "LU")).toBe(false);
    expect(isFieldRequired("city", "LU")).toBe(true);
    expect(isFieldRequired("fax", "US")).toBe(false);
  });
});

describe("status", () => {
  it("accepts any case and normalises", () => {
    expect(applicationUpdateSchema.parse({ status: "aPPROVED" }).status).toBe("Approved");
    expect(applicationUpdateSchema.safeParse({ status: "done" }).success).toBe(false);
  });
});

describe("admin list query", () => {
  it("defaults to page 1, 10 per page, status ascending", () => {
    expect(adminListQuerySchema.parse({})).toMatchObject({
      page: 1,
      limit: 10,
      sortBy: "status",
      sortDirection: "asc",
    });
  });
  it.each([{ page: "0" }, { page: "-3" }, { limit: "1000" }, { page: "abc" }, { sortBy: "name" }])(
    "refuses %j",
    (q) => {
      expect(adminListQuerySchema.safeParse(q).success).toBe(false);
    },
  );
});
