import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PRINTED_KEYS as KEYS, printedHashOf } from "./letter-hashes.js";

const PRINTED_KEYS: readonly string[] = KEYS;

// Every printed field filled in but the hotel, and fax, a field the letter does not print.
const application: Record<string, string> = {
  ...Object.fromEntries(KEYS.map((k, i) => [k, `${k} ${i}`])),
  hotelName: "",
  fax: "",
};

describe("the hash of a letter's printed fields", () => {
  it("is the one issued letters keep", () => {
    // The meeting and the fields up to hotelName: every hash before a printed field was added.
    const values = KEYS.slice(0, KEYS.indexOf("hotelName") + 1).map((k) => application[k]);
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
