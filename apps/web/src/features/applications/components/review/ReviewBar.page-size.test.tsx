import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { ApplicationDetail } from "../detail/ApplicationDetail";

afterEach(() => vi.unstubAllGlobals());

/** The review page of a1 opened from a list; any other request's page reads "Another request". */
function renderReview(query: string) {
  return renderRoutes(
    [
      { path: "/admin/applications/a1", element: <ApplicationDetail id="a1" admin /> },
      { path: "/admin/applications/:id", element: <p>Another request</p> },
      { path: "/admin", element: <p>The list</p> },
    ],
    `/admin/applications/a1${query}`,
  );
}

describe("the review page of a list shown 25 rows a page", () => {
  it("links Back to the page of 25 the request is on, and keeps the size through Previous, Next and '& next'", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      // 30th of 60 in the Pending list: on page 2 at 25 a page (page 3 at 10).
      "GET /api/applications/neighbours": { json: { previous: "a0", next: "a2", position: 30, total: 60 } },
      "POST /api/applications/bulk": {
        json: { action: "approve", changed: 1, skipped: [], message: "1 approved" },
      },
    });
    const query = "?meeting=m1&status=pending&size=25&page=2";
    const view = renderReview(query);
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("30 of 60");
    const links = Object.fromEntries(
      within(nav)
        .getAllByRole("link")
        .map((l) => [l.textContent, l.getAttribute("href")]),
    );
    expect(links).toEqual({
      "← Back to the list": "/admin?meeting=m1&status=pending&size=25&page=2",
      "‹ Previous": `/admin/applications/a0${query}`,
      "Next ›": `/admin/applications/a2${query}`,
    });
    // The neighbours are the list's whatever its page size: the server is not asked for pages.
    const asked = calls.find((c) => c.url.pathname === "/api/applications/neighbours")?.url.searchParams;
    expect([...(asked?.keys() ?? [])].filter((k) => ["size", "limit", "page"].includes(k))).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Approve & next" }));
    await screen.findByText("Another request");
    expect(view.router.state.location.pathname).toBe("/admin/applications/a2");
    expect(view.router.state.location.search).toBe(query);
  });

  it("sizes Back by the admin's kept choice when the address names no size", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    localStorage.setItem("adminListPageSize:admin1", "50");
    stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/neighbours": { json: { previous: "a0", next: "a2", position: 120, total: 300 } },
    });
    const view = renderReview("?meeting=m1");
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("120 of 300");
    const back = within(nav).getByRole("link", { name: "Back to the list" });
    expect(back).toHaveAttribute("href", "/admin?meeting=m1&size=50&page=3");
    await userEvent.click(back);
    await screen.findByText("The list");
    await waitFor(() => expect(view.router.state.location.search).toBe("?meeting=m1&size=50&page=3"));
  });
});
