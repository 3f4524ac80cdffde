import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { ApplicationDetail } from "../detail/ApplicationDetail";

afterEach(() => vi.unstubAllGlobals());

describe("the review page's decision notice", () => {
  it("goes once changes are requested on the approved request, and stays while it holds", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      "POST /api/applications/bulk": () => {
        state = { status: "Approved" };
        return { json: { action: "approve", changed: 1, skipped: [], message: "1 approved" } };
      },
      "POST /api/applications/a1/request-changes": () => {
        state = { status: "Pending" };
        return { json: { message: "Changes requested" } };
      },
    });
    renderRoutes(
      [{ path: "/admin/applications/a1", element: <ApplicationDetail id="a1" admin /> }],
      "/admin/applications/a1",
    );
    await userEvent.click(await screen.findByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Application approved")).toBeInTheDocument();
    // The request shows Approved now: the notice holds.
    await screen.findByRole("button", { name: "Reject" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument());
    expect(screen.getByText("Application approved")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Note or message"), "Please send your hotel booking");
    await userEvent.click(screen.getByRole("button", { name: "Request changes" }));
    expect(await screen.findByText("The applicant was asked to correct the request")).toBeInTheDocument();
    // Pending again: 'Application approved' would say what no longer holds.
    await screen.findByRole("button", { name: "Approve" });
    expect(screen.queryByText("Application approved")).not.toBeInTheDocument();
  });
});
