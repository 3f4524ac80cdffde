import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  announced,
  findAnnounced,
  getAnnounced,
  json,
  type RecordedRequest,
  renderAt,
  stubApi,
} from "../../../lib/testing";
import AdminApplicationsPage from "../routes/AdminApplicationsPage";
import { meeting } from "../test-data";

function pending(id: string, first: string): ApplicationDto {
  return {
    _id: id,
    firstName: first,
    lastName: "Tester",
    email: `${first.toLowerCase()}@example.com`,
    status: "Pending",
    createdAt: "2098-01-02T15:00:00.000Z",
  } as ApplicationDto;
}

/**
 * A Pending list of Ana, Bruno and Chen: a request decided (by `decide`) leaves it, as it does
 * from the server's list.
 */
function pendingList(decide: (body: { ids: string[] }) => Response) {
  const decided = new Set<string>();
  return stubApi({
    "GET /api/meetings": () => json([meeting("m1", "Plenary 2098", "2098-03-10")]),
    "GET /api/applications/stats": () =>
      json({ total: 3, pending: 3 - decided.size, approved: 0, rejected: 0 }),
    "GET /api/applications": () => {
      const rows = [pending("a1", "Ana"), pending("a2", "Bruno"), pending("a3", "Chen")].filter(
        (a) => !decided.has(a._id),
      );
      return json({ applications: rows, pagination: { total: rows.length, page: 1, pages: 1 } });
    },
    "POST /api/applications/bulk": (c: RecordedRequest) => {
      const answer = decide(c.body as { ids: string[] });
      if (answer.ok) for (const id of (c.body as { ids: string[] }).ids) decided.add(id);
      return answer;
    },
  });
}

/** The list on screen (the page's first render loads its modules; a busy machine takes a while). */
const listShown = () => screen.findByText("Bruno Tester", {}, { timeout: 5_000 });

const approved = (n: number) =>
  json({ action: "approve", changed: n, skipped: [], message: `${n} approved` });

afterEach(() => vi.unstubAllGlobals());

describe("a decision from the admin list", () => {
  it("leaves keyboard focus on the row that took the decided one's place", async () => {
    pendingList(({ ids }) => approved(ids.length));
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await listShown();
    const actions = await screen.findByRole("button", { name: "Actions for Bruno Tester" });
    actions.focus();
    await userEvent.keyboard("{Enter}");
    await screen.findByRole("menuitem", { name: "Approve" });
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await screen.findByText("1 approved");
    await waitFor(() => expect(screen.queryByText("Bruno Tester")).not.toBeInTheDocument());
    // Chen moved up into Bruno's place; the reviewer goes on from there, not from the page's top.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Actions for Chen Tester" })).toHaveFocus(),
    );
    // Focus did not say the answer, so it is announced, once.
    await waitFor(() =>
      expect(announced("polite").filter((m) => m.includes("approved"))).toEqual(["1 approved"]),
    );
  });

  it("leaves keyboard focus on the next row after a rejection's dialog closes", async () => {
    pendingList(({ ids }) =>
      json({ action: "reject", changed: ids.length, skipped: [], message: "1 rejected" }),
    );
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await listShown();
    // The search box had focus before: the closing dialog must not hand focus back to it.
    await userEvent.click(await screen.findByRole("searchbox"));
    screen.getByRole("button", { name: "Actions for Bruno Tester" }).focus();
    await userEvent.keyboard("{Enter}");
    await screen.findByRole("menuitem", { name: "Reject" });
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Reject Bruno Tester" });
    await userEvent.type(within(dialog).getByLabelText(/Reason for the applicant/), "Not registered{Enter}");
    await screen.findByText("1 rejected");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Actions for Chen Tester" })).toHaveFocus(),
    );
  });

  it("leaves keyboard focus on the answer after the selected rows are decided", async () => {
    pendingList(({ ids }) => approved(ids.length));
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await listShown();
    await userEvent.click(await screen.findByLabelText("Select Ana Tester"));
    await userEvent.click(screen.getByLabelText("Select Chen Tester"));
    screen.getByRole("button", { name: "Approve selected" }).focus();
    await userEvent.keyboard("{Enter}");
    const answer = (await screen.findByText(/^2 approved/)).closest("[data-banner]");
    // The bar with its buttons is gone: focus is on what the decision did, read out from there.
    await waitFor(() => expect(answer?.closest("[tabindex]")).toHaveFocus());
    // Said once, by focus: not announced as well.
    expect(announced("polite").filter((m) => m.includes("approved"))).toEqual([]);
  });
});

describe("a decision from the admin list that changes nothing", () => {
  it("says so in the reject dialog, which stays open with the reason typed", async () => {
    pendingList(() => json({ message: "Database unavailable" }, 503));
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await listShown();
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Bruno Tester" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Bruno Tester" });
    await userEvent.type(within(dialog).getByLabelText(/Reason for the applicant/), "Not registered");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    // The answer is where the admin is looking, not behind the dialog, and read out at once.
    await within(dialog).findByText("The action failed; nothing was changed");
    expect(announced("assertive")).toEqual(["The action failed; nothing was changed"]);
    expect(within(dialog).getByLabelText(/Reason for the applicant/)).toHaveValue("Not registered");
    expect(announced("polite")).toEqual([]);
    expect(screen.getByText("Bruno Tester")).toBeInTheDocument();
  });

  it("shows the server's words when a resend fails and queues nothing", async () => {
    const fault =
      "No letter was queued, so nobody was e-mailed: the resend failed on the server. Please try again.";
    pendingList(() => json({ message: fault, tryAgain: true }, 500));
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await listShown();
    await userEvent.click(screen.getByLabelText("Select Bruno Tester"));
    await userEvent.click(screen.getByRole("button", { name: "Resend letters" }));
    expect(await findAnnounced("assertive")).toHaveTextContent(fault);
    expect(announced("polite")).toEqual([]);
  });

  it("announces a resend's answer once, the list answering unchanged", async () => {
    const rows = [pending("a1", "Ana"), pending("a2", "Bruno")];
    stubApi({
      "GET /api/meetings": () => json([meeting("m1", "Plenary 2098", "2098-03-10")]),
      "GET /api/applications/stats": () => json({ total: 2, pending: 2, approved: 0, rejected: 0 }),
      "GET /api/applications": () =>
        json({ applications: rows, pagination: { total: 2, page: 1, pages: 1 } }),
      "POST /api/applications/bulk": () =>
        json({ action: "resend", changed: 1, skipped: [], message: "1 letter queued" }),
    });
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await listShown();
    await userEvent.click(screen.getByLabelText("Select Bruno Tester"));
    await userEvent.click(screen.getByRole("button", { name: "Resend letters" }));
    await screen.findByText(/^1 letter queued/);
    await waitFor(() => expect(announced("polite").filter((m) => m.includes("queued"))).toHaveLength(1));
  });

  it("marks a refusal as one, not as a success", async () => {
    pendingList(() =>
      json(
        {
          action: "approve",
          changed: 0,
          skipped: [
            {
              _id: "a2",
              name: "Bruno Tester",
              reason: "Changed to Rejected by someone else since you chose it",
            },
          ],
          message: "0 approved, 1 not changed",
        },
        200,
      ),
    );
    renderAt("/admin?meeting=m1&status=pending", <AdminApplicationsPage />);
    await listShown();
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Bruno Tester" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Approve" }));
    expect(await findAnnounced("assertive")).toHaveTextContent(
      "0 approved, 1 not changed. Bruno Tester: Changed to Rejected by someone else since you chose it",
    );
    expect(announced("polite")).toEqual([]);
  });
});

describe("a decision on more applications than one request takes", () => {
  it("says what was done when a later part fails, and keeps the rest selected", async () => {
    // Six pages of 100 Pending requests; the server takes 500 at once and fails the second part.
    const all = Array.from({ length: 600 }, (_, i) => pending(`a${i}`, `Person${i}`));
    let parts = 0;
    stubApi({
      "GET /api/meetings": () => json([meeting("m1", "Plenary 2098", "2098-03-10")]),
      "GET /api/applications/stats": () => json({ total: 600, pending: 600, approved: 0, rejected: 0 }),
      "GET /api/applications": (c: RecordedRequest) => {
        const page = Number(c.url.searchParams.get("page") ?? "1");
        const rows = all.slice((page - 1) * 100, page * 100);
        return json({ applications: rows, pagination: { total: 600, page, pages: 6 } });
      },
      "POST /api/applications/bulk": (c: RecordedRequest) =>
        ++parts === 1 ? approved((c.body as { ids: string[] }).ids.length) : json({ message: "Boom" }, 502),
    });
    renderAt("/admin?meeting=m1&status=pending&size=100", <AdminApplicationsPage />);
    for (let page = 1; page <= 6; page++) {
      await screen.findByText(`Person${(page - 1) * 100} Tester`, {}, { timeout: 5_000 });
      await userEvent.click(screen.getByLabelText("Select all applications on this page"));
      if (page < 6) await userEvent.click(screen.getByRole("button", { name: "Next" }));
    }
    expect(screen.getByText("600 selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Approve selected" }));
    expect(await findAnnounced("assertive")).toHaveTextContent(
      "500 approved. The other 100 were not changed (the server did not answer); they are still selected, to try again.",
    );
    // The list is filtered by Pending: the 500 approved have left it, which is said after.
    expect(getAnnounced("assertive")).toHaveTextContent(
      /^500 approved\. The other 100 were not changed \(the server did not answer\); they are still selected, to try again\. 500 requests left the Pending list; those after them moved up the pages/,
    );
    expect(screen.getByText("100 selected")).toBeInTheDocument();
    expect(parts).toBe(2);
  }, 90_000);
});
