import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { ApplicationDetail } from "../detail/ApplicationDetail";

afterEach(() => vi.unstubAllGlobals());

describe("the review page after a decision in a list sorted by status", () => {
  it("goes on from where the request stood, not from where its new status sorts", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    const { calls } = stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      // The whole meeting by status: a1, Pending, is 2nd of 30. Approved, it stays in this list,
      // sorted among the Approved (25th), unless placed by the status the reviewer saw: Pending.
      "GET /api/applications/neighbours": (req) => ({
        json:
          state.status === "Approved" && req.url.searchParams.get("seenStatus") !== "Pending"
            ? { previous: "x4", next: "x6", position: 25, total: 30 }
            : { previous: "a0", next: "a2", position: 2, total: 30 },
      }),
      "POST /api/applications/bulk": () => {
        state = { status: "Approved" };
        return { json: { action: "approve", changed: 1, skipped: [], message: "1 approved" } };
      },
    });
    const view = renderRoutes(
      [
        { path: "/admin/applications/a1", element: <ApplicationDetail id="a1" admin /> },
        { path: "/admin/applications/:id", element: <p>Another request</p> },
      ],
      "/admin/applications/a1?meeting=m1",
    );
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("2 of 30");
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Application approved")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === "/api/applications/neighbours").length).toBeGreaterThan(
        1,
      ),
    );
    expect(within(nav).getByText("2 of 30")).toBeInTheDocument();
    await userEvent.keyboard("j");
    await screen.findByText("Another request");
    expect(view.router.state.location.pathname).toBe("/admin/applications/a2");
  });
});
