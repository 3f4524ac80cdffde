import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PRINTED_KEYS as KEYS, printedHashOf } from "./letter-hashes.js";

const PRINTED_KEYS: readonly string[] = KEYS;

// The meeting and the fields up to hotelName: what every hash was made of before a printed field
// was added to the table.
const FIRST = KEYS.slice(0, KEYS.indexOf("hotelName") + 1);

// Those filled in but the hotel; a printed field added later, and fax (which the letter does not
// print), empty, as on every application issued a letter before.
const application: Record<string, string> = {
  ...Object.fromEntries(KEYS.map((k) => [k, ""])),
  ...Object.fromEntries(FIRST.map((k, i) => [k, `${k} ${i}`])),
  hotelName: "",
  fax: "",
};

describe("the hash of a letter's printed fields", () => {
  it("is the one issued letters keep", () => {
    const values = FIRST.map((k) => application[k]);
    const issued = createHash("sha256").update(JSON.stringify(values)).digest("hex");
    expect(printedHashOf(PRINTED_KEYS, application)).toBe(issued);
  });

  // A field marked printed later (`fax` stands for it here) is empty on every application that
  // already has a letter: their letters stay current until it is filled in.
  it("keeps issued letters current when a printed field added later is empty", () => {
    const later = [...PRINTED_KEYS, "fax"];
    expect(printedHashOf(later, application)).toBe(printedHashOf(PRINTED_KEYS, application));
    expect(printedHashOf(later, { ...application, fax: "+55 11 5555 5556" })).not.toBe(
      printedHashOf(PRINTED_KEYS, application),
    );
  });

  it("tells an empty field of the first ones from a missing one", () => {
    expect(printedHashOf(PRINTED_KEYS, { ...application, hotelName: "Hotel" })).not.toBe(
      printedHashOf(PRINTED_KEYS, application),
    );
  });
});
