import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { reasonOr, withReason } from "./failure-message";

const FULL_DISK = "The server has no space left to store this. Nothing was saved; please try again later.";

describe("the reason a failed action shows", () => {
  it("is the server's own for a refusal, and for a full disk, which says nothing was saved", () => {
    expect(reasonOr(new ApiError(409, "This is the last admin"), "Update failed")).toBe(
      "This is the last admin",
    );
    expect(withReason(new ApiError(507, FULL_DISK), "Approval failed")).toBe(`Approval failed: ${FULL_DISK}`);
  });

  it("is the server's own for a fault it explains as having changed nothing", () => {
    const resend =
      "No letter was queued, so nobody was e-mailed: the resend failed on the server. Please try again.";
    expect(reasonOr(new ApiError(500, resend, [], true), "The action failed")).toBe(resend);
    expect(reasonOr(new ApiError(503, resend, [], true), "The action failed")).toBe(resend);
  });

  it("is the screen's own text for a session that ended, a server fault or no answer", () => {
    expect(reasonOr(new ApiError(401, "Session expired"), "Update failed")).toBe("Update failed");
    expect(reasonOr(new ApiError(500, "Internal Server Error"), "Update failed")).toBe("Update failed");
    expect(withReason(new TypeError("Failed to fetch"), "Approval failed")).toBe("Approval failed");
  });
});
