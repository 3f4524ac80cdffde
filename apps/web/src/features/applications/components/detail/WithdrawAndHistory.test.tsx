import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../../lib/session";
import { announced, renderAt, renderRoutes, stubApi } from "../../../../lib/testing";
import { applicationDto } from "../../test-data";
import { MyApplicationCards } from "../MyApplicationCards";
import { MyApplicationsTable } from "../MyApplicationsTable";
import { ApplicationDetail } from "./ApplicationDetail";

beforeEach(() => saveSession({ token: "t.k.n", userId: "u1", userRole: "user" }));
afterEach(() => vi.unstubAllGlobals());

const renderDetail = () =>
  renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={false} /> }], "/x");

const history = [
  {
    _id: "h1",
    kind: "status_changed",
    at: "2030-01-06T15:00:00.000Z",
    by: { firstName: "Sam", lastName: "Lee" },
    fromStatus: "Pending",
    toStatus: "Rejected",
    reason: "The passport scan is unreadable.",
  },
  {
    _id: "h2",
    kind: "message",
    at: "2030-01-07T15:00:00.000Z",
    by: null,
    text: "Please send a clearer scan.",
  },
];

describe("the applicant's application page", () => {
  it("reads a rejection's reason with the page, not announced", async () => {
    stubApi({
      "GET /api/applications/a1": {
        json: applicationDto({ status: "Rejected", statusReason: "The passport scan is unreadable." }),
      },
      "GET /api/applications/a1/history": { json: history },
    });
    renderDetail();
    expect(
      await screen.findByText("Reason for the rejection: The passport scan is unreadable."),
    ).toBeInTheDocument();
    expect(announced("polite").join(" ")).not.toContain("Reason for the rejection");
  });

  it("shows the status history with reasons and messages, and what to do next after a rejection", async () => {
    stubApi({
      "GET /api/applications/a1": { json: applicationDto({ status: "Rejected" }) },
      "GET /api/applications/a1/history": { json: history },
    });
    renderDetail();
    const section = await screen.findByRole("region", { name: "Status history" });
    expect(await within(section).findByText("Status changed from Pending to Rejected")).toBeInTheDocument();
    expect(section).toHaveTextContent("Reason: The passport scan is unreadable.");
    expect(section).toHaveTextContent("Please send a clearer scan.");
    const next = screen.getByRole("region", { name: "What happens next" });
    expect(within(next).getByRole("link", { name: "Start a new request" })).toHaveAttribute(
      "href",
      "/applications/new",
    );
    expect(screen.queryByRole("button", { name: "Withdraw Request" })).toBeNull();
  });

  it("withdraws an approved request after a confirmation that names the revoked letter", async () => {
    let withdrawn = false;
    const { calls } = stubApi({
      "GET /api/applications/a1": () => ({
        json: withdrawn
          ? applicationDto({ status: "Rejected", withdrawnAt: "2030-01-08T00:00:00.000Z" })
          : applicationDto({ status: "Approved" }),
      }),
      "GET /api/applications/a1/history": { json: [] },
      "POST /api/applications/a1/withdraw": () => {
        withdrawn = true;
        return { json: applicationDto({ status: "Rejected", withdrawnAt: "2030-01-08T00:00:00.000Z" }) };
      },
    });
    renderDetail();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Withdraw Request" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw Request" });
    expect(dialog).toHaveTextContent("Your letter will be revoked");
    await user.click(within(dialog).getByRole("button", { name: "Withdraw Request" }));
    expect(await screen.findByText("Withdrawn")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(screen.getByRole("region", { name: "What happens next" })).toHaveTextContent(
      "You withdrew this request",
    );
    expect(screen.queryByRole("button", { name: "Withdraw Request" })).toBeNull();
  }, 30_000);

  it("shows one history, in the applicant's words, fetched once", async () => {
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto({ status: "Rejected" }) },
      "GET /api/applications/a1/history": { json: history },
    });
    renderDetail();
    const section = await screen.findByRole("region", { name: "Status history" });
    expect(await within(section).findByText("Message from the secretariat")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Updates from the secretariat" })).toBeNull();
    expect(screen.queryByText(/Message to the applicant/)).toBeNull();
    expect(screen.getAllByText("Please send a clearer scan.")).toHaveLength(1);
    expect(calls.filter((c) => c.path === "/api/applications/a1/history")).toHaveLength(1);
  });

  it("presents a withdrawal as the applicant's own, not as a rejection", async () => {
    stubApi({
      "GET /api/applications/a1": {
        json: applicationDto({
          status: "Rejected",
          statusReason: "Withdrawn by the applicant",
          withdrawnAt: "2030-01-08T15:00:00.000Z",
        }),
      },
      "GET /api/applications/a1/history": {
        json: [
          {
            _id: "h1",
            kind: "status_changed",
            at: "2030-01-08T15:00:00.000Z",
            by: { firstName: "Ana", lastName: "Silva" },
            fromStatus: "Pending",
            toStatus: "Rejected",
            reason: "Withdrawn by the applicant",
          },
        ],
      },
    });
    renderDetail();
    expect(await screen.findByText("You withdrew this request on 01/08/2030.")).toBeInTheDocument();
    expect(screen.queryByText(/Reason for the rejection/)).toBeNull();
    const section = await screen.findByRole("region", { name: "Status history" });
    expect(await within(section).findByText("You withdrew this request")).toBeInTheDocument();
    expect(section).not.toHaveTextContent("Rejected");
    expect(section).not.toHaveTextContent("Withdrawn by the applicant");
    expect(section).not.toHaveTextContent("Ana Silva");
  });

  it("tints a withdrawn request grey on the dashboard, not red like a rejection", () => {
    const apps = [
      applicationDto({
        _id: "w",
        firstName: "Wen",
        status: "Rejected",
        withdrawnAt: "2030-01-08T15:00:00.000Z",
      }),
      applicationDto({ _id: "r", firstName: "Rui", status: "Rejected" }),
    ];
    const cards = renderAt("/", <MyApplicationCards applications={apps} onDownload={() => {}} />);
    const [withdrawn, rejected] = screen.getAllByRole("listitem");
    expect(withdrawn).not.toHaveClass("bg-red-50");
    expect(withdrawn).toHaveClass("bg-gray-50");
    expect(rejected).toHaveClass("bg-red-50");
    cards.unmount();
    renderAt("/", <MyApplicationsTable applications={apps} onDownload={() => {}} />);
    const row = screen.getByText("Wen Silva", { selector: "td" }).closest("tr");
    expect(row).toHaveClass("bg-gray-50");
  });

  it("keeps the secretariat's full 'History' on the review page, fetched once", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    const { calls } = stubApi({
      "GET /api/applications/a1": { json: applicationDto({ status: "Rejected" }) },
      "GET /api/applications/a1/history": { json: history },
    });
    renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin /> }], "/x");
    const section = await screen.findByRole("region", { name: "History" });
    expect(
      await within(section).findByText("Message to the applicant: Please send a clearer scan."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Status history" })).toBeNull();
    expect(calls.filter((c) => c.path === "/api/applications/a1/history")).toHaveLength(1);
  });

  it("quotes the secretariat's latest request for changes at the top, not only in the history", async () => {
    stubApi({
      "GET /api/applications/a1": { json: applicationDto({ changesRequested: true }) },
      "GET /api/applications/a1/history": {
        json: [
          {
            _id: "h1",
            kind: "changes_requested",
            at: "2030-01-05T15:00:00.000Z",
            by: null,
            text: "Old ask.",
          },
          {
            _id: "h2",
            kind: "changes_requested",
            at: "2030-01-06T15:00:00.000Z",
            by: null,
            text: "Please give your hotel's name.",
          },
        ],
      },
    });
    renderDetail();
    const history = await screen.findByRole("region", { name: "Status history" });
    await within(history).findByText("Please give your hotel's name.");
    const [banner] = Array.from(document.querySelectorAll<HTMLElement>("[data-banner]")).filter((s) =>
      s.textContent?.includes("asks you to correct this request"),
    );
    // Part of the page as it opens, read with it: not announced.
    expect(announced("polite").join(" ")).not.toContain("asks you to correct this request");
    expect(banner).toHaveTextContent("The secretariat asks you to correct this request:");
    expect(banner).toHaveTextContent("Please give your hotel's name.");
    expect(banner).not.toHaveTextContent("Old ask.");
    expect(banner).toHaveTextContent("Edit the request and save it.");
  });
});
