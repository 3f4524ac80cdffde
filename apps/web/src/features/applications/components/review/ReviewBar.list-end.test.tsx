import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto, NeighboursDto } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { announced, renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { ApplicationDetail } from "../detail/ApplicationDetail";

afterEach(() => vi.unstubAllGlobals());

const QUERY = "?meeting=m1&status=pending&sort=createdAt&dir=desc";
const LIST = "/admin?meeting=m1&status=pending&sort=createdAt&dir=desc";

/** The review page of a1 opened from the Pending list, newest first; any other request reads "Another request". */
function renderReview() {
  return renderRoutes(
    [
      { path: "/admin/applications/a1", element: <ApplicationDetail id="a1" admin /> },
      { path: "/admin/applications/:id", element: <p>Another request</p> },
      { path: "/admin", element: <p>The list</p> },
    ],
    `/admin/applications/a1${QUERY}`,
  );
}

/** The notice that has keyboard focus, and its text. */
function focusedNotice() {
  const focused = document.activeElement as HTMLElement;
  return { text: focused.textContent ?? "", status: focused.querySelector("[data-banner]") };
}

describe("the review page at the end of its list", () => {
  it("says that j found the last request of the list, and k the first, with the way back", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let answer: NeighboursDto = { previous: "a0", next: null, position: 3, total: 3 };
    stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/neighbours": () => ({ json: answer }),
    });
    const view = renderReview();
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("3 of 3");
    await userEvent.keyboard("j");
    const notice = await screen.findByText(/This was the last request of the list as filtered\./);
    expect(notice.closest("[data-banner]")).not.toBeNull();
    // Said where focus is, so a screen reader reads it, and Tab goes on to the way back.
    await waitFor(() => expect(focusedNotice().text).toContain("This was the last request"));
    expect(focusedNotice().status).not.toBeNull();
    // Read from there, once: not announced as well.
    expect(announced("polite")).toEqual([]);
    const back = within(notice).getByRole("link", { name: "Back to the list" });
    expect(back).toHaveAttribute("href", LIST);
    expect(view.router.state.location.pathname).toBe("/admin/applications/a1");

    answer = { previous: null, next: "a2", position: 1, total: 3 };
    await userEvent.keyboard("k");
    await screen.findByText(/This was the first request of the list as filtered\./);
    expect(view.router.state.location.pathname).toBe("/admin/applications/a1");

    const told = await screen.findByText(/This was the first request of the list as filtered\./);
    await userEvent.click(within(told).getByRole("link", { name: "Back to the list" }));
    expect(await screen.findByText("The list")).toBeInTheDocument();
    expect(view.router.state.location.search).toBe(new URL(LIST, "http://x").search);
  });

  it("says so when Next finds that the others were decided meanwhile, focus on the answer", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    // a2 was next when the page opened; since then another admin decided every other request.
    let emptied = false;
    stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/neighbours": () => ({
        json: emptied
          ? { previous: null, next: null, position: 1, total: 1 }
          : { previous: null, next: "a2", position: 1, total: 2 },
      }),
    });
    const view = renderReview();
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("1 of 2");
    emptied = true;
    await userEvent.click(within(nav).getByRole("link", { name: "Next" }));
    await screen.findByText(/This was the last request of the list as filtered\./);
    // The link goes with the next request it named; focus is on the answer, not the page's top.
    await waitFor(() => expect(within(nav).queryByRole("link", { name: "Next" })).not.toBeInTheDocument());
    await waitFor(() => expect(focusedNotice().text).toContain("This was the last request"));
    expect(view.router.state.location.pathname).toBe("/admin/applications/a1");
  });

  it("decides with '& next' on the last request and says that the list is done", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    const { calls } = stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      "GET /api/applications/neighbours": () => ({
        json:
          state.status === "Approved"
            ? { previous: "a0", next: null, position: 0, total: 2 }
            : { previous: "a0", next: null, position: 3, total: 3 },
      }),
      "POST /api/applications/bulk": () => {
        state = { status: "Approved" };
        return { json: { action: "approve", changed: 1, skipped: [], message: "1 approved" } };
      },
    });
    const view = renderReview();
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("3 of 3");
    expect(screen.getByRole("button", { name: "Reject & next" })).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Approve & next" }));
    const notice = await screen.findByText(
      /Application approved\. This was the last request of the list as filtered\./,
    );
    expect(within(notice).getByRole("link", { name: "Back to the list" })).toHaveAttribute("href", LIST);
    await waitFor(() => expect(focusedNotice().text).toContain("Application approved."));
    expect(focusedNotice().status).not.toBeNull();
    expect(announced("polite")).toEqual([]);
    expect(view.router.state.location.pathname).toBe("/admin/applications/a1");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });
});
