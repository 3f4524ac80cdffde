import { describe, expect, it } from "vitest";
import { roleChangeRefusal, USER_MESSAGES, userDeletionRefusal } from "./users.policy.js";

const admin = { id: "a", isAdmin: true };
const plain = { id: "u", isAdmin: false };

describe("roleChangeRefusal", () => {
  it("keeps the last admin an admin", () => {
    expect(roleChangeRefusal(admin, false, 1)).toBe(USER_MESSAGES.lastAdminDemote);
  });
  it("allows demoting one of several admins, and any promotion", () => {
    expect(roleChangeRefusal(admin, false, 2)).toBeNull();
    expect(roleChangeRefusal(plain, true, 1)).toBeNull();
    expect(roleChangeRefusal(admin, true, 1)).toBeNull();
  });
});

describe("userDeletionRefusal", () => {
  it("refuses deleting oneself, even when other admins exist", () => {
    expect(userDeletionRefusal("a", admin, 3)).toBe(USER_MESSAGES.deleteSelf);
  });
  it("refuses deleting the last admin", () => {
    expect(userDeletionRefusal("x", admin, 1)).toBe(USER_MESSAGES.lastAdminDelete);
  });
  it("allows deleting a plain user or one of several admins", () => {
    expect(userDeletionRefusal("a", plain, 1)).toBeNull();
    expect(userDeletionRefusal("x", admin, 2)).toBeNull();
  });
});
