import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto, ApplicationWarning } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { announced, renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { ApplicationDetail } from "../detail/ApplicationDetail";

afterEach(() => vi.unstubAllGlobals());

const WARNINGS: ApplicationWarning[] = [
  {
    code: "passport-expires-soon",
    message: "The passport expires less than 6 months after departure.",
    field: "passportExpirationDate",
  },
  {
    code: "arrival-outside-meeting",
    message: "Arrival is more than 7 days before the meeting.",
    field: "dateOfArrival",
  },
];

function renderReview(path: string, admin = true) {
  return renderRoutes(
    [
      { path: "/admin/applications/:id", element: <ApplicationDetail id="a1" admin={admin} /> },
      { path: "/applications/:id", element: <ApplicationDetail id="a1" admin={admin} /> },
      { path: "/admin", element: <p>The list</p> },
    ],
    path,
  );
}

/** The review page of a1, where any other request's page reads "Another request". */
function renderWalk(path: string) {
  return renderRoutes(
    [
      { path: "/admin/applications/a1", element: <ApplicationDetail id="a1" admin /> },
      { path: "/admin/applications/:id", element: <p>Another request</p> },
    ],
    path,
  );
}

describe("the review page", () => {
  it("links Back to the list's meeting, filter and sort, on the page the request is on", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    sessionStorage.setItem("adminListSearch", "silva");
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/neighbours": { json: { previous: "a0", next: "a2", position: 23, total: 30 } },
    });
    const query = "?meeting=m1&status=pending&sort=createdAt&dir=desc&page=2";
    const view = renderReview(`/admin/applications/a1${query}`);
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("23 of 30");
    // The list moved on (e.g. after 'Approve & next'): Back opens page 3, where this one is now.
    expect(within(nav).getByRole("link", { name: "Back to the list" })).toHaveAttribute(
      "href",
      "/admin?meeting=m1&status=pending&sort=createdAt&dir=desc&page=3",
    );
    expect(within(nav).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      `/admin/applications/a0${query}`,
    );
    expect(within(nav).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      `/admin/applications/a2${query}`,
    );
    // The neighbours are those of the same list: its search comes from the tab, not the address.
    const asked = calls.find((c) => c.url.pathname === "/api/applications/neighbours")?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({
      meetingId: "m1",
      status: "Pending",
      sortBy: "createdAt",
      sortDirection: "desc",
      search: "silva",
      id: "a1",
      seenStatus: "Pending",
    });
    await userEvent.click(within(nav).getByRole("link", { name: "Back to the list" }));
    expect(await screen.findByText("The list")).toBeInTheDocument();
    expect(view.router.state.location.search).toBe(
      "?meeting=m1&status=pending&sort=createdAt&dir=desc&page=3",
    );
  });

  it("keeps previous, next and Back after a decision takes the request out of the filtered list", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      // Listed Pending, the request is 23rd of 30; approved, it is no longer in that list.
      "GET /api/applications/neighbours": () => ({
        json:
          state.status === "Approved"
            ? { previous: null, next: null, position: 0, total: 29 }
            : { previous: "a0", next: "a2", position: 23, total: 30 },
      }),
      "POST /api/applications/bulk": () => {
        state = { status: "Approved" };
        return { json: { action: "approve", changed: 1, skipped: [], message: "1 approved" } };
      },
    });
    const query = "?meeting=m1&status=pending&page=2";
    const view = renderReview(`/admin/applications/a1${query}`);
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("23 of 30");
    await userEvent.keyboard("a");
    expect(await screen.findByText("Application approved")).toBeInTheDocument();
    await waitFor(() => expect(within(nav).queryByText("23 of 30")).not.toBeInTheDocument());
    // The reviewer walks on from where the request was: its neighbours in the list stay.
    expect(within(nav).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      `/admin/applications/a2${query}`,
    );
    expect(within(nav).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      `/admin/applications/a0${query}`,
    );
    expect(within(nav).getByRole("link", { name: "Back to the list" })).toHaveAttribute(
      "href",
      "/admin?meeting=m1&status=pending&page=3",
    );
    await userEvent.keyboard("j");
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/admin/applications/a2"));
  });

  it("moves focus to the answer after Approve and after Reject, as their buttons go away", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      "GET /api/applications/neighbours": { json: { previous: "a0", next: "a2", position: 2, total: 3 } },
      "POST /api/applications/bulk": (req) => {
        const { action } = req.body as { action: string };
        state = { status: action === "approve" ? "Approved" : "Rejected" };
        const message = action === "approve" ? "1 approved" : "1 rejected";
        return { json: { action, changed: 1, skipped: [], message } };
      },
    });
    renderReview("/admin/applications/a1?meeting=m1");
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("2 of 3");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument());
    // Not the top of the page: the answer, which a screen reader then reads.
    // (The notice itself: what has focus says the answer and nothing else of the page.)
    const focused = () => document.activeElement?.textContent?.trim() ?? "";
    await waitFor(() => expect(focused()).toBe("Application approved×"));
    expect((document.activeElement as HTMLElement).querySelector("[data-banner]")).toBeInTheDocument();
    // Said once, by focus: not announced as well.
    expect(announced("polite")).toEqual([]);

    // Rejected from the dialog: its button and the page's Reject button both go.
    await user.click(screen.getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Ana Silva" });
    await user.type(within(dialog).getByLabelText(/Reason for the applicant/), "Not registered");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(focused()).toBe("Application rejected×"));
    expect(announced("polite")).toEqual([]);
    // Tab goes on from there, not from the top of the document.
    await user.tab();
    expect(document.activeElement).not.toBe(document.body);
  }, 30_000);

  it("announces the answer once when focus stays where the decision was asked from", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      "GET /api/applications/neighbours": { json: { previous: "a0", next: "a2", position: 2, total: 3 } },
      "POST /api/applications/bulk": () => {
        state = { status: "Approved" };
        return { json: { action: "approve", changed: 1, skipped: [], message: "1 approved" } };
      },
    });
    renderReview("/admin/applications/a1?meeting=m1");
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("2 of 3");
    // The key pressed on the page's heading, which the decision leaves where it is.
    const heading = screen.getByRole("heading", { level: 1 });
    heading.focus();
    await userEvent.keyboard("a");
    await screen.findByText("Application approved");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument());
    await waitFor(() => expect(announced("polite")).toEqual(["Application approved"]));
    expect(heading).toHaveFocus();
  });

  it("says in the reject dialog that a rejection failed, keeping the dialog open", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "POST /api/applications/bulk": { status: 503, json: { message: "Database unavailable" } },
    });
    renderReview("/admin/applications/a1");
    await userEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Ana Silva" });
    await userEvent.type(within(dialog).getByLabelText(/Reason for the applicant/), "Not registered");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    // Said where the admin is looking, not behind the dialog, and told at once.
    await within(dialog).findByText("The decision failed; nothing was changed");
    expect(announced("assertive")).toEqual(["The decision failed; nothing was changed"]);
    expect(within(dialog).getByLabelText(/Reason for the applicant/)).toHaveValue("Not registered");
  });

  it("goes on to the request next in the list now, not one someone else decided meanwhile", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    // a2 was next when the page opened; another admin has approved it since, so a3 is next now.
    let otherDecided = false;
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/neighbours": () => ({
        json: {
          previous: null,
          next: otherDecided ? "a3" : "a2",
          position: 1,
          total: otherDecided ? 29 : 30,
        },
      }),
      "POST /api/applications/bulk": {
        json: { action: "approve", changed: 1, skipped: [], message: "1 approved" },
      },
    });
    const view = renderWalk("/admin/applications/a1?meeting=m1&status=pending");
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("1 of 30");
    otherDecided = true;
    await userEvent.click(screen.getByRole("button", { name: "Approve & next" }));
    await screen.findByText("Another request");
    expect(view.router.state.location.pathname).toBe("/admin/applications/a3");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("asks for the neighbours as the list stands when Next, Previous, j or k is used", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    // When the page opened, a0 and a2 were on either side. Since then another admin decided a2
    // (it left the Pending list) and a new request, a5, came in just before this one.
    let changed = false;
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/neighbours": () => ({
        json: changed
          ? { previous: "a5", next: "a3", position: 3, total: 4 }
          : { previous: "a0", next: "a2", position: 2, total: 3 },
      }),
    });
    const query = "?meeting=m1&status=pending&sort=createdAt&dir=asc";
    const open = () => renderWalk(`/admin/applications/a1${query}`);
    const ready = async () => {
      changed = false;
      const nav = await screen.findByRole("navigation", { name: "Review" });
      await within(nav).findByText("2 of 3");
      changed = true;
      return nav;
    };
    const moves: [string, () => Promise<unknown>, string][] = [
      ["Next", () => userEvent.click(screen.getByRole("link", { name: "Next" })), "a3"],
      ["Previous", () => userEvent.click(screen.getByRole("link", { name: "Previous" })), "a5"],
      ["j", () => userEvent.keyboard("j"), "a3"],
      ["k", () => userEvent.keyboard("k"), "a5"],
    ];
    for (const [move, act, to] of moves) {
      const view = open();
      await ready();
      await act();
      await screen.findByText("Another request");
      expect({ move, at: view.router.state.location.pathname }).toEqual({
        move,
        at: `/admin/applications/${to}`,
      });
      // With the list's filters and sort still in the address, and asked of the server with them.
      expect(view.router.state.location.search).toBe(query);
      view.unmount();
    }
    const asked = calls.filter((c) => c.url.pathname === "/api/applications/neighbours").at(-1)?.url;
    expect(asked?.searchParams.get("status")).toBe("Pending");
    expect(asked?.searchParams.get("sortDirection")).toBe("asc");
  }, 30_000);

  it("after Approve takes the request out of the list, j goes to the next one listed now", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    let otherDecided = false;
    stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      // Out of the list, the server names the listed requests around where it would be.
      "GET /api/applications/neighbours": () => ({
        json:
          state.status === "Approved"
            ? { previous: "a0", next: otherDecided ? "a3" : "a2", position: 0, total: otherDecided ? 28 : 29 }
            : { previous: "a0", next: "a2", position: 23, total: 30 },
      }),
      "POST /api/applications/bulk": () => {
        state = { status: "Approved" };
        return { json: { action: "approve", changed: 1, skipped: [], message: "1 approved" } };
      },
    });
    const view = renderWalk("/admin/applications/a1?meeting=m1&status=pending");
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("23 of 30");
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Application approved")).toBeInTheDocument();
    await waitFor(() => expect(within(nav).queryByText("23 of 30")).not.toBeInTheDocument());
    // Meanwhile another admin approves a2, the one shown as next.
    otherDecided = true;
    await userEvent.keyboard("j");
    await screen.findByText("Another request");
    expect(view.router.state.location.pathname).toBe("/admin/applications/a3");
  });

  it("reads a letter key with Caps Lock on as the key itself, Shift alone adding '& next'", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/neighbours": { json: { previous: "a0", next: "a2", position: 2, total: 3 } },
      "POST /api/applications/bulk": {
        json: { action: "approve", changed: 1, skipped: [], message: "1 approved" },
      },
    });
    const view = renderReview("/admin/applications/a1?meeting=m1&status=pending");
    const nav = await screen.findByRole("navigation", { name: "Review" });
    await within(nav).findByText("2 of 3");
    // Caps Lock on: the browser reports "A" without Shift. That is Approve, not 'Approve & next'.
    fireEvent.keyDown(document.body, { key: "A", shiftKey: false });
    expect(await screen.findByText("Application approved")).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe("/admin/applications/a1");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    // And "J" is Next.
    fireEvent.keyDown(document.body, { key: "J", shiftKey: false });
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/admin/applications/a2"));
  });

  it("shows the admin each warning, and the applicant none", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    stubApi({ "GET /api/applications/a1": { json: applicationDto({ warnings: WARNINGS }) } });
    const view = renderReview("/admin/applications/a1");
    const section = await screen.findByRole("region", { name: "Warnings (2)" });
    expect(
      within(section)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(WARNINGS.map((w) => w.message));
    // Warnings never block: the decision buttons are there.
    expect(screen.getByRole("button", { name: "Approve" })).toBeEnabled();
    view.unmount();

    saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
    stubApi({ "GET /api/applications/a1": { json: applicationDto({ warnings: WARNINGS }) } });
    renderReview("/applications/a1", false);
    await screen.findByRole("heading", { name: "Application Details" });
    await screen.findByText("São Paulo");
    expect(screen.queryByRole("region", { name: /Warnings/ })).not.toBeInTheDocument();
    expect(screen.queryByText(WARNINGS[0]?.message ?? "")).not.toBeInTheDocument();
  });

  it("names the other requests a duplicate warning is about, each linked to its review page", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const duplicate: ApplicationWarning = {
      code: "duplicate-passport",
      message: "Another request for this meeting has the same passport number.",
      field: "passportNumber",
      others: [
        { _id: "a7", firstName: "Beatriz", lastName: "Otra", status: "Approved" },
        { _id: "a8", firstName: "Ana", lastName: "Silva", status: "Rejected" },
      ],
    };
    stubApi({
      "GET /api/applications/a1": { json: applicationDto({ warnings: [duplicate] }) },
      "GET /api/applications/neighbours": { json: { previous: null, next: null, position: 1, total: 1 } },
    });
    const view = renderWalk("/admin/applications/a1?meeting=m1&status=pending");
    const section = await screen.findByRole("region", { name: "Warnings (1)" });
    expect(within(section).getByRole("listitem")).toHaveTextContent(
      "Another request for this meeting has the same passport number. The other requests: Beatriz Otra (Approved), Ana Silva (Rejected).",
    );
    // In the same list place, so Back from there returns to the reviewer's list.
    const link = within(section).getByRole("link", { name: "Beatriz Otra" });
    expect(link).toHaveAttribute("href", "/admin/applications/a7?meeting=m1&status=pending");
    await userEvent.click(link);
    await screen.findByText("Another request");
    expect(view.router.state.location.pathname).toBe("/admin/applications/a7");
  });

  it("turns 'Letter emailed' to Yes after an approval, without a reload", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    let state: Partial<ApplicationDto> = {};
    const { calls } = stubApi({
      "GET /api/applications/a1": () => ({ json: applicationDto(state) }),
      "POST /api/applications/bulk": () => {
        // Approved at once; the letter's mail goes out in the background a moment later.
        state = { status: "Approved", letterEmailed: false };
        setTimeout(() => {
          state = { status: "Approved", letterEmailed: true, letterEmailedDate: "2030-02-01T00:00:00.000Z" };
        }, 500);
        return { json: { action: "approve", changed: 1, skipped: [], message: "1 approved" } };
      },
    });
    renderReview("/admin/applications/a1");
    const emailed = () => screen.getByText("Letter emailed").nextElementSibling;
    await screen.findByText("Letter emailed");
    expect(emailed()).toHaveTextContent("No");
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Application approved")).toBeInTheDocument();
    await waitFor(() => expect(emailed()).toHaveTextContent("Yes"), { timeout: 8_000 });
    expect(screen.getByText("Letter Mailed Date").nextElementSibling).toHaveTextContent("02/01/2030");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  }, 15_000);

  it("offers no decision while the request is being edited, by button or key", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({ "GET /api/applications/a1": { json: applicationDto() } });
    renderReview("/admin/applications/a1");
    await userEvent.click(await screen.findByRole("button", { name: "Edit" }));
    await screen.findByRole("form", { name: "Edit application" });
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reject" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("heading", { name: "Application Details" }));
    await userEvent.keyboard("a");
    await userEvent.keyboard("r");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("button", { name: "Approve" })).toBeEnabled();
  });

  it("offers no decision on a request its applicant withdrew, and says how to reopen it", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({
      "GET /api/applications/a1": {
        json: applicationDto({ status: "Rejected", withdrawnAt: "2030-01-05T10:00:00.000Z" }),
      },
    });
    renderReview("/admin/applications/a1");
    expect(
      await screen.findByText(
        "The applicant withdrew this request. To reopen it, edit the request and set its status.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    await userEvent.keyboard("a");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});
