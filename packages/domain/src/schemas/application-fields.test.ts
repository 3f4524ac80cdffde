import { describe, expect, it } from "vitest";
import {
  APPLICANT_FIELDS,
  APPLICATION_FIELDS,
  CSV_FIELD_KEYS,
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_TEMPLATE_COLUMNS,
  PRINTED_FIELD_KEYS,
} from "./application-fields.js";
import {
  APPLICATION_REQUIRED_FIELDS,
  applicationCreateSchema,
  applicationUpdateSchema,
} from "./applications.js";
import { LETTER_PLACEHOLDERS } from "./letters.js";

describe("the application field table", () => {
  it("gives the CSV the columns files already carry, in their order", () => {
    // Files exported before keep importing, and the spec's clients read these headers.
    expect(IMPORT_COLUMNS).toEqual([
      ...[
        "email",
        "lastName",
        "firstName",
        "birthdate",
        "gender",
        "passportNumber",
        "passportIssuingCountry",
      ],
      ...["passportExpirationDate", "dateOfArrival", "dateOfDeparture", "companyName", "position"],
      ...["companyMailingAddress1", "city", "state", "postalCode", "country", "phone", "meetingName"],
      ...["companyMailingAddress2", "fax", "hotelName", "hotelConfirmation", "additionalInformation"],
      ...["addressToMailHardCopy", "applicationDate", "letterMailedDate", "hardCopyMailedDate", "status"],
      ...["applicationId", "lastChanged"],
    ]);
    // The template is for new rows: it has every column but the export's applicationId and lastChanged.
    expect(IMPORT_TEMPLATE_COLUMNS).toEqual(IMPORT_COLUMNS.slice(0, -2));
  });

  it("requires in the import exactly the required fields the CSV carries, and the meeting", () => {
    const requiredCsv = CSV_FIELD_KEYS.filter((k) => APPLICATION_FIELDS[k].required);
    expect([...IMPORT_REQUIRED_COLUMNS].sort()).toEqual([...requiredCsv, "meetingName"].sort());
  });

  it("requires the spec's columns but State/Province, which only some countries need", () => {
    expect(IMPORT_REQUIRED_COLUMNS).toEqual([
      ...["email", "lastName", "firstName", "birthdate", "gender", "passportNumber"],
      ...["passportIssuingCountry", "passportExpirationDate", "dateOfArrival", "dateOfDeparture"],
      ...["companyName", "position", "companyMailingAddress1", "city", "postalCode", "country"],
      ...["phone", "meetingName"],
    ]);
    expect(APPLICATION_FIELDS.state.required).toBe(false);
  });

  it("keeps the printed fields in the order issued letters' hashes were made with", () => {
    expect(PRINTED_FIELD_KEYS).toEqual([
      ...["firstName", "lastName", "birthdate", "gender", "passportNumber", "passportIssuingCountry"],
      ...["passportExpirationDate", "dateOfArrival", "dateOfDeparture", "companyName", "position"],
      ...[
        "companyMailingAddress1",
        "companyMailingAddress2",
        "city",
        "state",
        "postalCode",
        "country",
        "phone",
      ],
      "hotelName",
    ]);
  });

  it("marks printed every field a letter template may name, so a change to it issues a new letter", () => {
    const named = Object.keys(LETTER_PLACEHOLDERS).filter((k) => Object.hasOwn(APPLICATION_FIELDS, k));
    expect(named.filter((k) => !(PRINTED_FIELD_KEYS as string[]).includes(k))).toEqual([]);
  });

  it("labels the form's required fields from the table, the meeting first", () => {
    expect(Object.keys(APPLICATION_REQUIRED_FIELDS)[0]).toBe("meeting");
    expect(APPLICATION_REQUIRED_FIELDS.city).toBe("City");
    expect(APPLICATION_REQUIRED_FIELDS).not.toHaveProperty("fax");
    // Required for some countries only: isFieldRequired decides with the country.
    expect(APPLICATION_REQUIRED_FIELDS).not.toHaveProperty("state");
  });

  it("validates every field of the table on create and update", () => {
    expect(Object.keys(applicationCreateSchema.shape).sort()).toEqual(
      ["meeting", ...Object.keys(APPLICANT_FIELDS)].sort(),
    );
    expect(Object.keys(applicationUpdateSchema.shape).sort()).toEqual(
      ["meeting", ...Object.keys(APPLICATION_FIELDS)].sort(),
    );
  });
});
