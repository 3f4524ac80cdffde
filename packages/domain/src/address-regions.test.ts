import { describe, expect, it } from "vitest";
import { STATE_REQUIRED_COUNTRIES, stateRequired } from "./address-regions.js";
import { isCountryCode } from "./countries.js";

describe("State/Province required by country", () => {
  it.each([
    ["US", "United States"],
    ["CA", "Canada"],
    ["AU", "Australia"],
    ["IN", "India"],
    ["BR", "Brazil"],
    ["MX", "Mexico"],
    ["CN", "China"],
    ["JP", "Japan"],
    ["MY", "Malaysia"],
    ["NG", "Nigeria"],
    ["AR", "Argentina"],
    ["IT", "Italy"],
    ["ES", "Spain"],
  ])("is required for %s (%s)", (code) => {
    expect(stateRequired(code)).toBe(true);
  });

  it.each([
    ["IS", "Iceland"],
    ["SG", "Singapore"],
    ["MC", "Monaco"],
    ["LU", "Luxembourg"],
    ["IE", "Ireland"],
    ["NL", "Netherlands"],
    ["GB", "United Kingdom"],
    ["DE", "Germany"],
    ["FR", "France"],
    ["VN", "Vietnam"],
  ])("is not required for %s (%s)", (code) => {
    expect(stateRequired(code)).toBe(false);
  });

  it("reads a code in any case, and requires nothing without a country", () => {
    expect(stateRequired("us")).toBe(true);
    expect(stateRequired(" jp ")).toBe(true);
    expect(stateRequired("")).toBe(false);
    expect(stateRequired(undefined)).toBe(false);
    expect(stateRequired(null)).toBe(false);
    expect(stateRequired("United States")).toBe(false);
  });

  it("lists only countries the forms offer", () => {
    for (const code of STATE_REQUIRED_COUNTRIES) expect(isCountryCode(code), code).toBe(true);
  });
});
