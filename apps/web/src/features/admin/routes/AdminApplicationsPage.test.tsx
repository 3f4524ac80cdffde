import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announced, json, type RecordedRequest, renderAt, stubApi } from "../../../lib/testing";
import { meeting } from "../test-data";
import AdminApplicationsPage from "./AdminApplicationsPage";

const MEETINGS = [
  meeting("m-old", "Old 2000", "2000-05-01"),
  meeting("m-far", "Far 2099", "2099-09-01"),
  meeting("m-next", "Next 2098", "2098-03-10"),
  meeting("m-closed", "Closed 2097", "2097-01-01", false),
];

function application(id: string, first: string, status: ApplicationDto["status"]): ApplicationDto {
  return {
    _id: id,
    firstName: first,
    lastName: "Tester",
    email: `${first.toLowerCase()}@example.com`,
    status,
    createdAt: "2098-01-02T15:00:00.000Z",
  } as ApplicationDto;
}

let network: ReturnType<typeof stubApi>;
const listCalls = () => network.calls.filter((c) => c.url.pathname === "/api/applications");
const lastList = () => listCalls().at(-1)?.url.searchParams;

const ROUTES = {
  "GET /api/meetings": () => json(MEETINGS),
  "GET /api/applications/stats": (c: RecordedRequest) =>
    json(
      c.url.searchParams.get("meetingId") === "m-next"
        ? { total: 12, pending: 7, approved: 4, rejected: 1 }
        : { total: 0, pending: 0, approved: 0, rejected: 0 },
    ),
  "GET /api/applications": (c: RecordedRequest) => {
    const search = c.url.searchParams.get("search");
    const rows = search
      ? [application("a2", "Bruno", "Approved")]
      : [application("a1", "Ana", "Pending"), application("a2", "Bruno", "Approved")];
    return json({
      applications: rows,
      pagination: { total: search ? 1 : 12, page: 1, pages: search ? 1 : 2 },
    });
  },
  "DELETE /api/applications/a1": () => json({ message: "Application deleted" }),
  "POST /api/applications/bulk": () =>
    json({
      action: "approve",
      changed: 1,
      skipped: [{ _id: "a2", name: "Bruno Tester", reason: "Already Approved" }],
      message: "1 approved, 1 not changed",
    }),
};

/** Opens Bruno's row with View: the address is his detail page's. */
async function viewBruno(view: ReturnType<typeof renderAt>) {
  await userEvent.click(screen.getByRole("button", { name: "Actions for Bruno Tester" }));
  await userEvent.click(screen.getByRole("menuitem", { name: "View" }));
  await screen.findByText("Elsewhere");
  expect(view.router.state.location.pathname).toBe("/admin/applications/a2");
}

/**
 * Runs an event the way a browser does: React renders a transition after it, not within it (inside
 * Testing Library's act, every update is rendered before the event returns).
 */
function outsideAct(event: () => void) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    event();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

beforeEach(() => {
  network = stubApi(ROUTES);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AdminApplicationsPage", () => {
  it("opens on the next upcoming active meeting with its statistics and the default sort", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    expect(await screen.findByText("Auto-selected: Next 2098 (starts 03/10/2098)")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText("Total Applications").nextElementSibling).toHaveTextContent("12"),
    );
    expect(screen.getByText("Pending Review").nextElementSibling).toHaveTextContent("7");
    expect(screen.getByRole("button", { name: /^Approved/ })).toHaveTextContent("4");
    expect(screen.getByRole("button", { name: /^Rejected/ })).toHaveTextContent("1");
    const tabs = within(screen.getByRole("group", { name: "Meetings" })).getAllByRole("button");
    expect(tabs.map((t) => t.textContent)).toEqual(["Old 2000", "Next 2098", "Far 2099"]);
    expect(screen.getByRole("button", { name: "Next 2098" })).toHaveAttribute("aria-pressed", "true");
    await screen.findByText("Showing 2 of 12 applications for Next 2098");
    expect(Object.fromEntries(lastList() ?? [])).toMatchObject({
      admin: "true",
      meetingId: "m-next",
      page: "1",
      limit: "10",
      sortBy: "status",
      sortDirection: "asc",
      // The table's rows only: the detail page reads the whole application.
      view: "summary",
    });
    expect(screen.getByRole("columnheader", { name: /Status/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("drops the auto-selected note once the admin picks a meeting, and starts that meeting at page 1", async () => {
    renderAt("/admin?page=2", <AdminApplicationsPage />);
    await screen.findByText("Showing 2 of 12 applications for Next 2098");
    expect(lastList()?.get("page")).toBe("2");
    await userEvent.click(screen.getByRole("button", { name: "Far 2099" }));
    await screen.findByText("Showing 2 of 12 applications for Far 2099");
    expect(screen.queryByText(/Auto-selected/)).not.toBeInTheDocument();
    expect(lastList()?.get("meetingId")).toBe("m-far");
    expect(lastList()?.get("page")).toBe("1");
  });

  it("sorts by date when its header is clicked, flips on a second click, and goes back to page 1", async () => {
    renderAt("/admin?page=2", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    await userEvent.click(screen.getByRole("button", { name: /Date/ }));
    await waitFor(() => expect(lastList()?.get("sortBy")).toBe("createdAt"));
    expect(lastList()?.get("sortDirection")).toBe("asc");
    expect(lastList()?.get("page")).toBe("1");
    expect(screen.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(screen.getByRole("button", { name: /Date/ }));
    await waitFor(() => expect(lastList()?.get("sortDirection")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "descending");
  });

  it("searches on the server and says how many matched, keeping the term out of the address", async () => {
    const view = renderAt("/admin?page=2", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    await userEvent.type(
      screen.getByPlaceholderText("Search by name, email, passport or reference..."),
      "bru",
    );
    await screen.findByText("Showing 1 of 1 applications for Next 2098");
    expect(lastList()?.get("search")).toBe("bru");
    expect(lastList()?.get("page")).toBe("1");
    expect(screen.queryByText("Ana Tester")).not.toBeInTheDocument();
    // A term may be a name or a passport number: never in the browser's address or history.
    expect(view.router.state.location.search).toBe("");
    expect(sessionStorage.getItem("adminListSearch")).toBe("bru");
  });

  it("offers Download PDF only for approved applications", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Ana Tester" }));
    expect(screen.getByRole("menuitem", { name: "View" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Download PDF" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("button", { name: "Actions for Bruno Tester" }));
    expect(screen.getByRole("menuitem", { name: "Download PDF" })).toBeInTheDocument();
  });

  it("deletes only after the admin types Delete", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Ana Tester" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Application" });
    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Type Delete to confirm"), "delete");
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText("Type Delete to confirm"));
    await userEvent.type(within(dialog).getByLabelText("Type Delete to confirm"), "Delete");
    await userEvent.click(confirm);
    await screen.findByText("Application of Ana Tester deleted");
    expect(
      network.calls.some((c) => c.method === "DELETE" && c.url.pathname === "/api/applications/a1"),
    ).toBe(true);
  });

  it("alerts when a letter cannot be downloaded", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    renderAt("/admin", <AdminApplicationsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Bruno Tester" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Download PDF" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to download PDF. Please try again."));
    expect(network.calls.some((c) => c.url.pathname === "/api/applications/a2/pdf")).toBe(true);
  });

  it("only logs a statistics failure and keeps the list usable", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    stubApi({ ...ROUTES, "GET /api/applications/stats": () => new Response("down", { status: 500 }) });
    renderAt("/admin", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(announced("assertive")).toEqual([]);
    expect(screen.getByText("Total Applications").nextElementSibling).toHaveTextContent("–");
  });

  it("keeps the status filter, warnings, sort and page in the address and each View link, the search in the tab", async () => {
    sessionStorage.setItem("adminListSearch", "bru");
    const view = renderAt("/admin?meeting=m-next&page=2", <AdminApplicationsPage />);
    await screen.findByText("Bruno Tester");
    await userEvent.click(screen.getByRole("button", { name: /^Rejected/ }));
    await waitFor(() => expect(lastList()?.get("status")).toBe("Rejected"));
    expect(lastList()?.get("page")).toBe("1");
    expect(lastList()?.get("search")).toBe("bru");
    expect(screen.getByRole("button", { name: /^Rejected/ })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByLabelText("Has warnings"));
    await waitFor(() => expect(lastList()?.get("warnings")).toBe("true"));
    await viewBruno(view);
    expect(view.router.state.location.search).toBe("?meeting=m-next&status=rejected&warnings=1");
  });

  it("opens on the place its address names: meeting, status, warnings, sort and page", async () => {
    sessionStorage.setItem("adminListSearch", "bru");
    renderAt(
      "/admin?meeting=m-far&status=pending&warnings=1&sort=createdAt&dir=desc&page=2",
      <AdminApplicationsPage />,
    );
    await screen.findByText("Showing 1 of 1 applications for Far 2099");
    // The first request asks for the address's place. (The answer has one page only, so the list
    // then moves to page 1, and the last request may already ask for that.)
    expect(Object.fromEntries(listCalls()[0]?.url.searchParams ?? [])).toMatchObject({
      meetingId: "m-far",
      status: "Pending",
      warnings: "true",
      sortBy: "createdAt",
      sortDirection: "desc",
      page: "2",
      search: "bru",
    });
    expect(screen.getByRole("button", { name: "Far 2099" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Has warnings")).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("Pending");
    expect(screen.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByPlaceholderText("Search by name, email, passport or reference...")).toHaveValue("bru");
  });

  it("writes sort and page into the address and the search only into the history entry", async () => {
    const view = renderAt("/admin?meeting=m-next", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    await userEvent.click(screen.getByRole("button", { name: /Date/ }));
    await userEvent.click(screen.getByRole("button", { name: /Date/ }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe("?meeting=m-next&sort=createdAt&dir=desc"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(lastList()?.get("page")).toBe("2"));
    expect(view.router.state.location.search).toBe("?meeting=m-next&sort=createdAt&dir=desc&page=2");

    await userEvent.type(
      screen.getByPlaceholderText("Search by name, email, passport or reference..."),
      "X123",
    );
    await waitFor(() => expect(lastList()?.get("search")).toBe("X123"));
    // A new search starts at page 1; the term (here a passport number) stays out of the address.
    expect(view.router.state.location.search).toBe("?meeting=m-next&sort=createdAt&dir=desc");
    expect(view.router.state.location.state).toEqual({ search: "X123" });
    expect(sessionStorage.getItem("adminListSearch")).toBe("X123");
    await viewBruno(view);
    expect(view.router.state.location.search).toBe("?meeting=m-next&sort=createdAt&dir=desc");
  });

  it("marks a row's warnings beside its name, each one readable, a duplicate's other request named", async () => {
    const warned = {
      ...application("a1", "Ana", "Pending"),
      warnings: [
        {
          code: "duplicate-passport",
          message: "Another request for this meeting has the same passport number.",
          field: "passportNumber",
          others: [{ _id: "a9", firstName: "Beatriz", lastName: "Otra", status: "Approved" }],
        },
        {
          code: "implausible-birthdate",
          message: "The birthdate gives an age under 12.",
          field: "birthdate",
        },
      ],
    } as ApplicationDto;
    stubApi({
      ...ROUTES,
      "GET /api/applications": () =>
        json({
          applications: [warned, { ...application("a2", "Bruno", "Approved"), warnings: [] }],
          pagination: { total: 2, page: 1, pages: 1 },
        }),
    });
    renderAt("/admin", <AdminApplicationsPage />);
    const row = (await screen.findByText("Ana Tester")).closest("tr") as HTMLElement;
    const badge = within(row).getByText(/2 warnings/);
    expect(badge).toHaveTextContent(
      "2 warnings: Another request for this meeting has the same passport number. The other request: Beatriz Otra (Approved). The birthdate gives an age under 12.",
    );
    const other = screen.getByText("Bruno Tester").closest("tr") as HTMLElement;
    expect(within(other).queryByText(/warning/)).not.toBeInTheDocument();
  });

  it("approves the selected rows in one request and says what did not change", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    await userEvent.click(screen.getByLabelText("Select all applications on this page"));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Approve selected" }));
    await screen.findByText("1 approved, 1 not changed. Bruno Tester: Already Approved");
    const call = network.calls.find((c) => c.url.pathname === "/api/applications/bulk");
    // With the statuses the list showed, so a request decided meanwhile by someone else is left alone.
    expect(call?.body).toEqual({
      action: "approve",
      ids: ["a1", "a2"],
      seen: { a1: "Pending", a2: "Approved" },
    });
    expect(screen.queryByText("2 selected")).not.toBeInTheDocument();
  });

  it("rejects every selected row, on whichever page it was selected, with one reason", async () => {
    network = stubApi({
      ...ROUTES,
      "GET /api/applications": (c: RecordedRequest) =>
        json({
          applications:
            c.url.searchParams.get("page") === "2"
              ? [application("a3", "Chen", "Pending")]
              : [application("a1", "Ana", "Pending"), application("a2", "Bruno", "Approved")],
          pagination: { total: 3, page: Number(c.url.searchParams.get("page") ?? 1), pages: 2 },
        }),
      "POST /api/applications/bulk": () =>
        json({ action: "reject", changed: 2, skipped: [], message: "2 rejected" }),
    });
    renderAt("/admin", <AdminApplicationsPage />);
    await userEvent.click(await screen.findByLabelText("Select Ana Tester"));
    await userEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await userEvent.click(await screen.findByLabelText("Select Chen Tester"));
    // Clearing or selecting a whole page leaves what was picked on other pages.
    await userEvent.click(screen.getByLabelText("Select all applications on this page"));
    expect(screen.getByText("1 selected")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Select all applications on this page"));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Reject selected" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject 2 applications" });
    await userEvent.type(within(dialog).getByLabelText(/Reason for the applicant/), "Meeting is full");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await screen.findByText("2 rejected");
    const call = network.calls.find((c) => c.url.pathname === "/api/applications/bulk");
    expect(call?.body).toEqual({
      action: "reject",
      ids: ["a1", "a3"],
      reason: "Meeting is full",
      seen: { a1: "Pending", a3: "Pending" },
    });
  });

  it("drops 'Selection cleared' when a filter or the search changes the list", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    await userEvent.click(await screen.findByLabelText("Select Ana Tester"));
    await userEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByText("Selection cleared")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Pending");
    await waitFor(() => expect(lastList()?.get("status")).toBe("Pending"));
    expect(screen.queryByText("Selection cleared")).not.toBeInTheDocument();

    await userEvent.click(await screen.findByLabelText("Select Ana Tester"));
    await userEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByText("Selection cleared")).toBeInTheDocument();
    await userEvent.type(
      screen.getByPlaceholderText("Search by name, email, passport or reference..."),
      "bru",
    );
    await waitFor(() => expect(lastList()?.get("search")).toBe("bru"));
    expect(screen.queryByText("Selection cleared")).not.toBeInTheDocument();
  });

  it("reads out a list of none in the same polite line that counts a list's rows", async () => {
    network = stubApi({
      ...ROUTES,
      "GET /api/applications": (c: RecordedRequest) =>
        c.url.searchParams.get("search")
          ? json({ applications: [], pagination: { total: 0, page: 1, pages: 1 } })
          : json({
              applications: [application("a1", "Ana", "Pending")],
              pagination: { total: 1, page: 1, pages: 1 },
            }),
    });
    renderAt("/admin", <AdminApplicationsPage />);
    const count = await screen.findByText("Showing 1 of 1 applications for Next 2098");
    expect(count).toHaveAttribute("aria-live", "polite");
    await userEvent.type(
      screen.getByPlaceholderText("Search by name, email, passport or reference..."),
      "nobody",
    );
    await screen.findByText("No applications found matching your search.");
    expect(count).toBeInTheDocument();
    expect(count).toHaveTextContent("No applications to show for Next 2098");
  });

  it("tells politely, focus left alone, that a filter or the search dropped the selection", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    await userEvent.click(screen.getByLabelText("Select all applications on this page"));
    const status = screen.getByRole("combobox", { name: "Status" });
    await userEvent.selectOptions(status, "Pending");
    const told = await screen.findByText("Selection of 2 applications cleared: the list changed");
    expect(told).toHaveAttribute("aria-live", "polite");
    expect(status).toHaveFocus();
    expect(screen.queryByRole("region", { name: "Selected applications" })).not.toBeInTheDocument();

    // Nothing was selected on the Pending list: 'has warnings' has nothing to say.
    await userEvent.click(screen.getByRole("checkbox", { name: "Has warnings" }));
    await waitFor(() => expect(lastList()?.get("warnings")).toBe("true"));
    expect(told).toHaveTextContent(/^$/);

    await userEvent.click(await screen.findByLabelText("Select Ana Tester"));
    const search = screen.getByPlaceholderText("Search by name, email, passport or reference...");
    await userEvent.type(search, "bru");
    await waitFor(() =>
      expect(told).toHaveTextContent("Selection of 1 application cleared: the list changed"),
    );
    expect(search).toHaveFocus();
  });

  it("tells politely, focus left on the tab, that a switch of meeting dropped the selection", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    const count = await screen.findByText("Showing 2 of 12 applications for Next 2098");
    await userEvent.click(screen.getByLabelText("Select all applications on this page"));
    const told = screen.getByText("", { selector: "p[aria-live='polite'].sr-only" });
    const far = screen.getByRole("button", { name: "Far 2099" });
    await userEvent.click(far);
    await waitFor(() => expect(lastList()?.get("meetingId")).toBe("m-far"));
    // The same regions, on the page all along, read out the dropped selection and the new count.
    await waitFor(() =>
      expect(told).toHaveTextContent("Selection of 2 applications cleared: the list changed"),
    );
    expect(told).toBeInTheDocument();
    await waitFor(() => expect(count).toHaveTextContent("Showing 2 of 12 applications for Far 2099"));
    expect(far).toHaveFocus();
    expect(screen.queryByRole("region", { name: "Selected applications" })).not.toBeInTheDocument();
  });

  it("leaves a decision's answer behind with the meeting it was taken in", async () => {
    renderAt("/admin", <AdminApplicationsPage />);
    await userEvent.click(await screen.findByLabelText("Select Ana Tester"));
    await userEvent.click(screen.getByRole("button", { name: "Approve selected" }));
    await screen.findByText(/^1 approved, 1 not changed/);
    await userEvent.click(screen.getByRole("button", { name: "Far 2099" }));
    await screen.findByText("Showing 2 of 12 applications for Far 2099");
    expect(screen.queryByText(/^1 approved, 1 not changed/)).not.toBeInTheDocument();
  });

  it("shows the admin's choice of 'has warnings' and status at once, and keeps it as the list reloads", async () => {
    renderAt("/admin?meeting=m-next", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    // The router applies the new address in a transition, rendered after the event as in a browser.
    const warnings = screen.getByLabelText("Has warnings");
    outsideAct(() => warnings.click());
    expect(warnings).toBeChecked();
    await waitFor(() => expect(lastList()?.get("warnings")).toBe("true"));
    expect(screen.getByLabelText("Has warnings")).toBeChecked();
    outsideAct(() => screen.getByLabelText("Has warnings").click());
    expect(screen.getByLabelText("Has warnings")).not.toBeChecked();
    await waitFor(() => expect(lastList()?.has("warnings")).toBe(false));
    expect(screen.getByLabelText("Has warnings")).not.toBeChecked();

    const status = screen.getByRole("combobox", { name: "Status" });
    outsideAct(() => fireEvent.change(status, { target: { value: "Rejected" } }));
    expect(status).toHaveValue("Rejected");
    await waitFor(() => expect(lastList()?.get("status")).toBe("Rejected"));
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("Rejected");
  });

  it("keeps both of two choices made before the address has the first", async () => {
    const view = renderAt("/admin?meeting=m-next", <AdminApplicationsPage />);
    await screen.findByText("Ana Tester");
    outsideAct(() => screen.getByLabelText("Has warnings").click());
    outsideAct(() =>
      fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "Pending" } }),
    );
    await waitFor(() =>
      expect(view.router.state.location.search).toBe("?meeting=m-next&warnings=1&status=pending"),
    );
    expect(screen.getByLabelText("Has warnings")).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("Pending");
    await waitFor(() => expect(lastList()?.get("status")).toBe("Pending"));
    expect(lastList()?.get("warnings")).toBe("true");
  });
});
