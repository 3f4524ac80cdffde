import { describe, expect, it } from "vitest";
import {
  APPLICATION_MESSAGES,
  adminListRefusal,
  canSeeApplication,
  documentDeleteRefusal,
  updateRefusal,
  uploadRefusal,
} from "./application.policy.js";

const owner = { userId: "u1", isAdmin: false };
const admin = { userId: "a1", isAdmin: true };
const app = (status: string, userId: string | null = "u1") => ({ userId, status, meetingId: "m1" });

describe("application policy", () => {
  it("shows an application to its owner and admins only", () => {
    expect(canSeeApplication(owner, app("Pending"))).toBe(true);
    expect(canSeeApplication(admin, app("Pending", null))).toBe(true);
    expect(canSeeApplication({ userId: "u2", isAdmin: false }, app("Pending"))).toBe(false);
    expect(canSeeApplication(owner, app("Pending", null))).toBe(false);
  });

  it("lets admins only read the admin list, refusing others as the admin guard does", () => {
    expect(adminListRefusal(admin)).toBeNull();
    expect(adminListRefusal(owner)).toBe("Admin access required");
  });

  it("lets owners update only Pending applications and never their status", () => {
    expect(updateRefusal(owner, app("Pending"), { status: "Pending" })).toBeNull();
    expect(updateRefusal(owner, app("Pending"), { status: "Approved" })).toBe(
      APPLICATION_MESSAGES.onlyAdminStatus,
    );
    expect(updateRefusal(owner, app("Approved"), {})).toBe(APPLICATION_MESSAGES.onlyPendingEditable);
    expect(updateRefusal(owner, app("Rejected"), {})).toBe(APPLICATION_MESSAGES.onlyPendingEditable);
    expect(updateRefusal(admin, app("Approved"), { status: "Rejected", meeting: "m2" })).toBeNull();
  });

  it("lets owners upload until rejection and remove documents only while Pending", () => {
    expect(uploadRefusal(owner, app("Approved"))).toBeNull();
    expect(uploadRefusal(owner, app("Rejected"))).toBe(APPLICATION_MESSAGES.noUploadWhenRejected);
    expect(uploadRefusal(admin, app("Rejected"))).toBeNull();
    const withdrawn = { ...app("Rejected"), withdrawnAt: new Date("2030-01-08T15:00:00Z") };
    expect(uploadRefusal(owner, withdrawn)).toBe("Documents cannot be added to a request you withdrew");
    expect(uploadRefusal(admin, withdrawn)).toBeNull();
    expect(documentDeleteRefusal(owner, app("Pending"))).toBeNull();
    expect(documentDeleteRefusal(owner, app("Approved"))).toBe(APPLICATION_MESSAGES.noDocumentDelete);
    expect(documentDeleteRefusal(admin, app("Approved"))).toBeNull();
  });
});
