import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import AdminApplicationsPage from "../features/admin/routes/AdminApplicationsPage";
import { meeting } from "../features/admin/test-data";
import { applicationDto } from "../features/applications/test-data";
import { saveSession } from "../lib/session";
import { json, stubApi } from "../lib/testing";
import { renderReviewRoutes } from "./review-routes-testing";

afterEach(() => vi.unstubAllGlobals());

const NAMES = { a1: "Ana", a2: "Bruno", a3: "Chidi" } as const;
type Id = keyof typeof NAMES;

/** The Pending list of m1 (Ana, Bruno, Chidi) and Bruno's review page; approving takes him out. */
function openList() {
  saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
  const approved = new Set<string>();
  const pending = () => (Object.keys(NAMES) as Id[]).filter((id) => !approved.has(id));
  const app = (id: Id) =>
    applicationDto({ _id: id, firstName: NAMES[id], status: approved.has(id) ? "Approved" : "Pending" });
  stubApi({
    "GET /api/meetings": () => json([meeting("m1", "Plenary 2098", "2098-03-10")]),
    "GET /api/applications/stats": () => json({ total: 3, pending: 3, approved: 0, rejected: 0 }),
    "GET /api/applications": () =>
      json({
        applications: pending().map(app),
        pagination: { total: pending().length, page: 1, pages: 1 },
      }),
    "GET /api/applications/a2": () => json(app("a2")),
    "GET /api/applications/neighbours": () =>
      json(
        approved.has("a2")
          ? { previous: null, next: null, position: 0, total: 2 }
          : { previous: "a1", next: "a3", position: 2, total: 3 },
      ),
    "POST /api/applications/bulk": () => {
      approved.add("a2");
      return json({ action: "approve", changed: 1, skipped: [], message: "1 approved" });
    },
  });
  return renderReviewRoutes(
    <main>
      <h1>Admin Dashboard</h1>
      <AdminApplicationsPage />
    </main>,
    "/admin?meeting=m1&status=pending",
  );
}

/** Opens Bruno's review page from his row and waits for its heading to take focus. */
async function reviewBruno(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("link", { name: "Bruno Silva" }));
  await waitFor(() => expect(document.title).toContain("Bruno Silva"));
  const nav = await screen.findByRole("navigation", { name: "Review" });
  await within(nav).findByText("2 of 3");
  await waitFor(() => expect(screen.getByRole("heading", { name: "Application Details" })).toHaveFocus());
  return nav;
}

describe("back from a review page to the list", () => {
  it("puts focus on the reviewed request's row, not the page's top", async () => {
    const user = userEvent.setup({ delay: null });
    openList();
    await reviewBruno(user);
    await user.keyboard("b");
    await screen.findByText("Showing 3 of 3 applications for Plenary 2098");
    await waitFor(() => expect(screen.getByRole("link", { name: "Bruno Silva" })).toHaveFocus());
  }, 30_000);

  it("moves focus to the row once: the list's entry forgets the return after it", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = openList();
    await reviewBruno(user);
    await user.keyboard("b");
    await waitFor(() => expect(screen.getByRole("link", { name: "Bruno Silva" })).toHaveFocus());
    // What a reload, or the browser's Back to this entry later, reads: no request to return to.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe("?meeting=m1&status=pending");
    await reviewBruno(user);
    await router.navigate(-1);
    await screen.findByText("Showing 3 of 3 applications for Plenary 2098");
    await waitFor(() => expect(screen.getByRole("heading", { name: "Admin Dashboard" })).toHaveFocus());
    expect(screen.getByRole("link", { name: "Bruno Silva" })).not.toHaveFocus();
  }, 30_000);

  it("puts focus on the row now in its place once a decision has taken it out of the list", async () => {
    const user = userEvent.setup({ delay: null });
    openList();
    const nav = await reviewBruno(user);
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await screen.findByText("Application approved");
    await user.click(within(nav).getByRole("link", { name: "Back to the list" }));
    await screen.findByText("Showing 2 of 2 applications for Plenary 2098");
    await waitFor(() => expect(screen.getByRole("link", { name: "Chidi Silva" })).toHaveFocus());
  }, 30_000);
});
