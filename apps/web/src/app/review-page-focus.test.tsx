import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applicationDto } from "../features/applications/test-data";
import { saveSession } from "../lib/session";
import { stubApi } from "../lib/testing";
import { renderReviewRoutes } from "./review-routes-testing";

afterEach(() => vi.unstubAllGlobals());

const QUERY = "?meeting=m1&status=pending";

/** A list linking to a1's review page; a1's next in the list is a2. */
function openList() {
  saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
  stubApi({
    "GET /api/applications/a1": { json: applicationDto({ _id: "a1", firstName: "Ana" }) },
    "GET /api/applications/a2": { json: applicationDto({ _id: "a2", firstName: "Bruno" }) },
    "GET /api/applications/neighbours": (req) => ({
      json:
        req.url.searchParams.get("id") === "a1"
          ? { previous: null, next: "a2", position: 1, total: 2 }
          : { previous: "a1", next: null, position: 2, total: 2 },
    }),
    "POST /api/applications/bulk": {
      json: { action: "approve", changed: 1, skipped: [], message: "1 approved" },
    },
  });
  return renderReviewRoutes(
    <main>
      <h1>Applications</h1>
      <Link to={`/admin/applications/a1${QUERY}`}>View</Link>
    </main>,
    "/admin",
  );
}

/** The heading once the request has come (the page draws it again then), with focus on it. */
async function focusedHeading(name: string) {
  // The tab's title names the applicant once their request has come.
  await waitFor(() => expect(document.title).toContain(`${name} Silva`));
  const nav = await screen.findByRole("navigation", { name: "Review" });
  const heading = screen.getByRole("heading", { level: 1, name: "Application Details" });
  await waitFor(() => expect(heading).toHaveFocus());
  return { heading, nav };
}

/** Presses Tab until focus is in `within` (at most `limit` times); how many presses it took, or null. */
async function tabInto(user: ReturnType<typeof userEvent.setup>, into: HTMLElement, limit: number) {
  for (let n = 1; n <= limit; n++) {
    await user.tab();
    if (into.contains(document.activeElement)) return n;
  }
  return null;
}

describe("focus on the review page", () => {
  it("lands on the heading, above the review bar, which Tab reaches next", async () => {
    const user = userEvent.setup({ delay: null });
    openList();
    await user.click(await screen.findByRole("link", { name: "View" }));
    const { heading, nav } = await focusedHeading("Ana");
    // The bar follows the heading: nothing of the review is left behind where focus starts.
    expect(heading.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Tab: the heading's Edit, then the bar's first link.
    expect(await tabInto(user, nav, 2)).toBe(2);
    expect(within(nav).getByRole("link", { name: "Back to the list" })).toHaveFocus();
  }, 30_000);

  it("lands on the next request's heading after Next, with the bar again just after it", async () => {
    const user = userEvent.setup({ delay: null });
    openList();
    await user.click(await screen.findByRole("link", { name: "View" }));
    const first = await focusedHeading("Ana");
    const next = await within(first.nav).findByRole("link", { name: "Next" });
    next.focus();
    await user.keyboard("{Enter}");
    const { nav } = await focusedHeading("Bruno");
    await within(nav).findByText("2 of 2");
    expect(await tabInto(user, nav, 2)).toBe(2);
  }, 30_000);

  it("says on the next request's page what '& next' decided, in a line that stays on the page", async () => {
    const user = userEvent.setup({ delay: null });
    openList();
    await user.click(await screen.findByRole("link", { name: "View" }));
    await focusedHeading("Ana");
    const told = screen.getByText("", { selector: "main > p[aria-live='polite']" });
    await user.click(screen.getByRole("button", { name: "Approve & next" }));
    await focusedHeading("Bruno");
    expect(told).toBeInTheDocument();
    expect(told).toHaveTextContent("Ana Silva: approved. Next request:");
    // Next without a decision has nothing to say.
    await user.click(await screen.findByRole("link", { name: "Previous" }));
    await focusedHeading("Ana");
    expect(told).toHaveTextContent(/^$/);
  }, 30_000);

  it("says it once: going back to the next request's page later shows it plainly", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = openList();
    await user.click(await screen.findByRole("link", { name: "View" }));
    await focusedHeading("Ana");
    const told = screen.getByText("", { selector: "main > p[aria-live='polite']" });
    await user.click(screen.getByRole("button", { name: "Approve & next" }));
    await focusedHeading("Bruno");
    expect(told).toHaveTextContent("Ana Silva: approved. Next request:");
    // What a reload reads: the entry no longer carries the decision.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(told).toHaveTextContent("Ana Silva: approved. Next request:");
    await user.click(await screen.findByRole("link", { name: "Previous" }));
    await focusedHeading("Ana");
    // The browser's Back to Bruno's page: the same entry, said nothing the second time.
    await router.navigate(-1);
    await screen.findByText("2 of 2");
    expect(router.state.location.pathname).toBe("/admin/applications/a2");
    expect(told).toHaveTextContent(/^$/);
  }, 30_000);
});
