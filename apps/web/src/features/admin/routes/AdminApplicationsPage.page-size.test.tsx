import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { json, type RecordedRequest, renderAt, stubApi } from "../../../lib/testing";
import { meeting, pendingNumbered as pending } from "../test-data";
import AdminApplicationsPage from "./AdminApplicationsPage";

const TOTAL = 300;

/** A meeting of 300 Pending requests, paged as the server pages them: `limit` rows from `page`. */
function listOf300() {
  return stubApi({
    "GET /api/meetings": () => json([meeting("m1", "Plenary 2098", "2098-03-10")]),
    "GET /api/applications/stats": () => json({ total: TOTAL, pending: TOTAL, approved: 0, rejected: 0 }),
    "GET /api/applications": (c: RecordedRequest) => {
      const limit = Number(c.url.searchParams.get("limit"));
      const page = Number(c.url.searchParams.get("page"));
      const from = (page - 1) * limit;
      const rows = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - from)) }, (_, i) =>
        pending(from + i + 1),
      );
      return json({
        applications: rows,
        pagination: { total: TOTAL, page, pages: Math.ceil(TOTAL / limit) },
      });
    },
    "POST /api/applications/bulk": (c: RecordedRequest) => {
      const n = (c.body as { ids: string[] }).ids.length;
      return json({ action: "approve", changed: n, skipped: [], message: `${n} approved` });
    },
  });
}

let network: ReturnType<typeof stubApi>;
const lastList = () =>
  network.calls.filter((c) => c.url.pathname === "/api/applications").at(-1)?.url.searchParams;
const sizeBox = () => screen.getByRole("combobox", { name: "Rows per page" });
const pages = () => screen.getByRole("navigation", { name: "Application pages" });
const pageButtons = () =>
  within(pages())
    .getAllByRole("button", { name: /^Page \d+$/ })
    .map((b) => b.textContent);

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
  network = listOf300();
});
afterEach(() => vi.unstubAllGlobals());

// Pages of 100 rows take seconds to render in jsdom on a busy machine: more than the default 5 s.
describe("rows per page in the admin list", { timeout: 30_000 }, () => {
  it("offers 10, 25, 50 and 100, and shows the chosen number from page 1 of the same place", async () => {
    sessionStorage.setItem("adminListSearch", "tester");
    const view = renderAt(
      "/admin?meeting=m1&status=pending&sort=createdAt&dir=desc&page=3",
      <AdminApplicationsPage />,
    );
    await screen.findByText("Person21 Tester");
    expect(sizeBox()).toHaveValue("10");
    expect(
      within(sizeBox())
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["10", "25", "50", "100"]);

    await userEvent.selectOptions(sizeBox(), "25");
    await screen.findByText("Showing 25 of 300 applications for Plenary 2098");
    expect(Object.fromEntries(lastList() ?? [])).toMatchObject({
      meetingId: "m1",
      status: "Pending",
      sortBy: "createdAt",
      sortDirection: "desc",
      search: "tester",
      page: "1",
      limit: "25",
    });
    // Back at page 1 of 12 pages: the window of 7 holds the first five, a gap and the last.
    expect(view.router.state.location.search).toBe(
      "?meeting=m1&status=pending&sort=createdAt&dir=desc&size=25",
    );
    expect(pageButtons()).toEqual(["1", "2", "3", "4", "5", "12"]);
    expect(within(pages()).getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Person25 Tester")).toBeInTheDocument();
    expect(screen.queryByText("Person26 Tester")).not.toBeInTheDocument();

    await userEvent.click(within(pages()).getByRole("button", { name: "Page 2" }));
    await screen.findByText("Person26 Tester");
    expect(lastList()?.get("limit")).toBe("25");
    expect(lastList()?.get("page")).toBe("2");
    expect(view.router.state.location.search).toBe(
      "?meeting=m1&status=pending&sort=createdAt&dir=desc&size=25&page=2",
    );
    // The review page's Back returns to this page of 25 rows; the search stays out of the address.
    await userEvent.click(screen.getByRole("button", { name: "Actions for Person26 Tester" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "View" }));
    await screen.findByText("Elsewhere");
    expect(view.router.state.location.pathname).toBe("/admin/applications/a26");
    expect(view.router.state.location.search).toBe(
      "?meeting=m1&status=pending&sort=createdAt&dir=desc&size=25&page=2",
    );
  });

  it("counts the pages by the chosen size, and a status filter still starts at page 1 with it", async () => {
    const view = renderAt("/admin?meeting=m1&size=100&page=2", <AdminApplicationsPage />);
    await screen.findByText("Person101 Tester");
    expect(lastList()?.get("limit")).toBe("100");
    expect(sizeBox()).toHaveValue("100");
    expect(pageButtons()).toEqual(["1", "2", "3"]);
    expect(within(pages()).getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Pending");
    await waitFor(() => expect(lastList()?.get("status")).toBe("Pending"));
    expect(lastList()?.get("page")).toBe("1");
    expect(lastList()?.get("limit")).toBe("100");
    expect(view.router.state.location.search).toBe("?meeting=m1&size=100&status=pending");
  });

  it("keeps the admin's choice for their next visit in this browser, for that admin only", async () => {
    const first = renderAt("/admin?meeting=m1", <AdminApplicationsPage />);
    await screen.findByText("Person1 Tester");
    await userEvent.selectOptions(sizeBox(), "50");
    await screen.findByText("Person50 Tester");
    first.unmount();

    // A later visit, from the header's link: no size in the address, the admin's choice kept.
    const again = renderAt("/admin", <AdminApplicationsPage />);
    await screen.findByText("Showing 50 of 300 applications for Plenary 2098");
    expect(lastList()?.get("limit")).toBe("50");
    expect(sizeBox()).toHaveValue("50");
    expect(again.router.state.location.search).toBe("");
    again.unmount();

    // Another admin on the same browser has the spec's 10 until they choose.
    saveSession({ token: "t.k.n", userId: "admin2", userRole: "admin" });
    renderAt("/admin", <AdminApplicationsPage />);
    await screen.findByText("Showing 10 of 300 applications for Plenary 2098");
    expect(lastList()?.get("limit")).toBe("10");
    expect(sizeBox()).toHaveValue("10");
  });

  it("reads a size the list does not offer as its default", async () => {
    renderAt("/admin?meeting=m1&size=1000", <AdminApplicationsPage />);
    await screen.findByText("Showing 10 of 300 applications for Plenary 2098");
    expect(lastList()?.get("limit")).toBe("10");
    expect(sizeBox()).toHaveValue("10");
  });

  it("selects a whole page of 100 and approves it in one request", async () => {
    renderAt("/admin?meeting=m1", <AdminApplicationsPage />);
    await screen.findByText("Person1 Tester");
    await userEvent.click(screen.getByLabelText("Select all applications on this page"));
    expect(screen.getByText("10 selected")).toBeInTheDocument();
    // As a new page does, a new page size keeps what was selected: it is the same list.
    await userEvent.selectOptions(sizeBox(), "100");
    await screen.findByText("Person100 Tester");
    expect(screen.getByText("10 selected")).toBeInTheDocument();
    expect(screen.getByLabelText("Select Person10 Tester")).toBeChecked();
    await userEvent.click(screen.getByLabelText("Select all applications on this page"));
    expect(screen.getByText("100 selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Approve selected" }));
    await screen.findByText("100 approved");
    const bulk = network.calls.filter((c) => c.url.pathname === "/api/applications/bulk");
    expect(bulk).toHaveLength(1);
    expect(bulk[0]?.body).toMatchObject({
      action: "approve",
      ids: Array.from({ length: 100 }, (_, i) => `a${i + 1}`),
    });
    expect(screen.queryByText("100 selected")).not.toBeInTheDocument();
  });
});
