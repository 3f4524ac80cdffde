import { describe, expect, it } from "vitest";
import { letterAccess } from "./letters.policy.js";

const owner = { userId: "u1", isAdmin: false };
const stranger = { userId: "u2", isAdmin: false };
const admin = { userId: "a1", isAdmin: true };

describe("who may download a letter", () => {
  it.each([
    [owner, "Approved", "allowed"],
    [owner, "Pending", "notApproved"],
    [owner, "Rejected", "notApproved"],
    [stranger, "Approved", "hidden"],
    [stranger, "Pending", "hidden"],
    [admin, "Approved", "allowed"],
    [admin, "Pending", "notApproved"],
  ] as const)("%o with a %s application: %s", (actor, status, expected) => {
    expect(letterAccess(actor, { userId: "u1", status })).toBe(expected);
  });

  it("hides an imported application without an owner from users", () => {
    expect(letterAccess(owner, { userId: null, status: "Approved" })).toBe("hidden");
    expect(letterAccess(admin, { userId: null, status: "Approved" })).toBe("allowed");
  });
});
