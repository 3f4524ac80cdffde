import { MAX_BULK_IDS } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BulkIncompleteError, sendBulkAction } from "./review-actions";
import { json, type RecordedRequest, stubApi } from "./testing";

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

type Body = { ids: string[]; seen?: Record<string, string> };
const approvedAll = (c: RecordedRequest) => {
  const n = (c.body as Body).ids.length;
  return json({ action: "approve", changed: n, skipped: [], message: `${n} approved` });
};

afterEach(() => vi.unstubAllGlobals());

describe("a bulk action on a selection larger than one request takes", () => {
  it("is sent in parts the server takes, one after another, and answered as one", async () => {
    const chosen = ids(1_200);
    const api = stubApi({ "POST /api/applications/bulk": approvedAll });
    const seen = Object.fromEntries(chosen.map((id) => [id, "Pending"]));
    const result = await sendBulkAction({ action: "approve", ids: chosen, seen });
    const parts = api.calls.map((c) => c.body as Body);
    expect(parts.map((p) => p.ids.length)).toEqual([MAX_BULK_IDS, MAX_BULK_IDS, 200]);
    expect(parts.flatMap((p) => p.ids)).toEqual(chosen);
    // Each part carries the statuses seen of its own applications only.
    expect(Object.keys(parts[2]?.seen ?? {})).toEqual(chosen.slice(1_000));
    expect(result).toEqual({ action: "approve", changed: 1_200, skipped: [], message: "1200 approved" });
  });

  it("adds up what each part left unchanged, with why", async () => {
    const chosen = ids(600);
    stubApi({
      "POST /api/applications/bulk": (c) => {
        const part = (c.body as Body).ids;
        const first = part[0] as string;
        return json({
          action: "reject",
          changed: part.length - 1,
          skipped: [{ _id: first, name: "Ana Tester", reason: "Already Rejected" }],
          message: `${part.length - 1} rejected, 1 not changed`,
        });
      },
    });
    const result = await sendBulkAction({ action: "reject", ids: chosen, reason: "Late" });
    expect(result.changed).toBe(598);
    expect(result.skipped).toHaveLength(2);
    expect(result.message).toBe("598 rejected, 2 not changed");
  });

  it("stops at a part that fails, saying what was done and what was not", async () => {
    const chosen = ids(1_200);
    let part = 0;
    const api = stubApi({
      "POST /api/applications/bulk": (c) => (++part === 2 ? json({ message: "Boom" }, 500) : approvedAll(c)),
    });
    const failed = await sendBulkAction({ action: "approve", ids: chosen }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(BulkIncompleteError);
    const error = failed as BulkIncompleteError;
    expect(error.done.changed).toBe(MAX_BULK_IDS);
    expect(error.remaining).toEqual(chosen.slice(MAX_BULK_IDS));
    expect(error.message).toBe(
      "500 approved. The other 700 were not changed (the server did not answer); they are still selected, to try again.",
    );
    // Nothing was sent after the failed part.
    expect(api.calls).toHaveLength(2);
  });

  it("fails as the server said when its first part is refused: nothing was changed", async () => {
    stubApi({ "POST /api/applications/bulk": json({ message: "A reason is required" }, 400) });
    const failed = await sendBulkAction({ action: "reject", ids: ids(700) }).catch((e: unknown) => e);
    expect(failed).not.toBeInstanceOf(BulkIncompleteError);
    expect((failed as Error).message).toBe("A reason is required");
  });
});
