import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, type RecordedRequest, renderAt, stubApi } from "../../../lib/testing";
import AdminApplicationsPage from "../routes/AdminApplicationsPage";
import { meeting, pendingNumbered as pending } from "../test-data";

/** `total` Pending requests paged as the server pages them; a decided one leaves the list. */
function pendingPages(total: number) {
  const decided = new Set<string>();
  const all = Array.from({ length: total }, (_, i) => pending(i + 1));
  return stubApi({
    "GET /api/meetings": () => json([meeting("m1", "Plenary 2098", "2098-03-10")]),
    "GET /api/applications/stats": () =>
      json({ total, pending: total - decided.size, approved: decided.size, rejected: 0 }),
    "GET /api/applications": (c: RecordedRequest) => {
      const limit = Number(c.url.searchParams.get("limit"));
      const page = Number(c.url.searchParams.get("page"));
      const left = all.filter((a) => !decided.has(a._id));
      return json({
        applications: left.slice((page - 1) * limit, page * limit),
        pagination: { total: left.length, page, pages: Math.ceil(left.length / limit) },
      });
    },
    "POST /api/applications/bulk": (c: RecordedRequest) => {
      const { ids } = c.body as { ids: string[] };
      for (const id of ids) decided.add(id);
      return json({ action: "approve", changed: ids.length, skipped: [], message: `${ids.length} approved` });
    },
  });
}

const pageNav = () => screen.getByRole("navigation", { name: "Application pages" });

/** Selects the whole of pages 1 and 2 of the list, ending on page 2, and approves them. */
async function approvePagesOneAndTwo() {
  await screen.findByText("Person1 Tester", {}, { timeout: 5_000 });
  await userEvent.click(screen.getByLabelText("Select all applications on this page"));
  await userEvent.click(within(pageNav()).getByRole("button", { name: "Page 2" }));
  await screen.findByText("Person11 Tester");
  await userEvent.click(screen.getByLabelText("Select all applications on this page"));
  expect(screen.getByText("20 selected")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Approve selected" }));
}

afterEach(() => vi.unstubAllGlobals());

describe("a decision on a selection across pages of a filtered list", () => {
  it("stays on the same page number and says how many left the list", async () => {
    pendingPages(35);
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await approvePagesOneAndTwo();
    expect(
      await screen.findByText(
        "20 approved. 20 requests left the Pending list; those after them moved up the pages",
      ),
    ).toBeInTheDocument();
    // Page 2 still exists: it now holds what was on page 4.
    await screen.findByText("Person31 Tester");
    expect(within(pageNav()).getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Showing 5 of 15 applications for Plenary 2098")).toBeInTheDocument();
  });

  it("goes to the last page when its page has gone", async () => {
    const network = pendingPages(25);
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await approvePagesOneAndTwo();
    await screen.findByText(/^20 approved\. 20 requests left the Pending list/);
    await screen.findByText("Person21 Tester");
    const lastList = network.calls.filter((c) => c.url.pathname === "/api/applications").at(-1);
    expect(lastList?.url.searchParams.get("page")).toBe("1");
  });

  it("says nothing of leaving when the list is not filtered by status", async () => {
    pendingPages(35);
    renderAt("/admin?meeting=m1", <AdminApplicationsPage />);
    await approvePagesOneAndTwo();
    expect(await screen.findByText("20 approved")).toBeInTheDocument();
  });
});
