import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HistoryEntryDto } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { announced, renderRoutes, stubApi } from "../../../lib/testing";
import DashboardPage from "../routes/DashboardPage";
import { applicationDto, me } from "../test-data";
import { ApplicationDetail } from "./detail/ApplicationDetail";

beforeEach(() => saveSession({ token: "t.k.n", userId: "u1", userRole: "user" }));
afterEach(() => vi.unstubAllGlobals());

const history: HistoryEntryDto[] = [
  {
    _id: "h1",
    kind: "message",
    at: "2030-01-05T15:00:00.000Z",
    by: { firstName: "Sam", lastName: "Lee" },
    text: "Your hotel booking is noted.",
  },
  {
    _id: "h2",
    kind: "message",
    at: "2030-01-07T15:30:00.000Z",
    by: { firstName: "Sam", lastName: "Lee" },
    text: "Please bring your meeting badge to the consulate.",
    unseen: true,
  },
];

function renderDetail(admin: boolean) {
  stubApi({
    "GET /api/applications/a1": { json: applicationDto() },
    "GET /api/applications/a1/history": { json: history },
  });
  return renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={admin} /> }], "/x");
}

describe("the secretariat's messages the applicant has not seen", () => {
  it("are quoted at the top of the application page, dated, with a jump to the full history", async () => {
    renderDetail(false);
    const banner = (await screen.findByText("New message from the secretariat")).closest(
      "[data-banner]",
    ) as HTMLElement;
    expect(within(banner).getByText("Please bring your meeting badge to the consulate.")).toBeInTheDocument();
    expect(within(banner).getByText("01/07/2030, 10:30 AM", { exact: false })).toBeInTheDocument();
    // A message read before (the applicant acted on the request since) stays in the history only.
    expect(within(banner).queryByText("Your hotel booking is noted.")).toBeNull();
    // Above the request's details, not screens down with the history.
    const details = screen.getByText("Status", { selector: "dt" });
    expect(banner.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Read with the page, which it is part of as it opens: not announced.
    expect(announced("polite").join(" ")).not.toContain("New message");

    await userEvent.setup().click(within(banner).getByRole("link", { name: "See the full status history" }));
    expect(screen.getByRole("heading", { name: "Status history" })).toHaveFocus();
  });

  it("leave the top of the page once the applicant uploads a document, which shows they read them", async () => {
    let uploaded = false;
    stubApi({
      "GET /api/applications/a1": { json: applicationDto() },
      "GET /api/applications/a1/history": () => ({
        json: history.map(({ unseen, ...e }) => (uploaded ? e : { ...e, unseen })),
      }),
      "POST /api/upload/a1": () => {
        uploaded = true;
        return {
          status: 201,
          json: {
            _id: "d1",
            filename: "badge.pdf",
            contentType: "application/pdf",
            size: 4,
            uploadedAt: "2030-01-08T10:00:00.000Z",
            url: "/api/applications/a1/documents/d1",
          },
        };
      },
    });
    renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={false} /> }], "/x");
    expect(await screen.findByText("New message from the secretariat")).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.upload(
      screen.getByLabelText("Upload a document"),
      new File(["%PDF"], "badge.pdf", { type: "application/pdf" }),
    );
    await user.click(screen.getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(screen.queryByText("New message from the secretariat")).toBeNull());
    expect(screen.getByText("Please bring your meeting badge to the consulate.")).toBeInTheDocument();
  });

  it("are not announced on the secretariat's review page", async () => {
    saveSession({ token: "t.k.n", userId: "admin1", userRole: "admin" });
    renderDetail(true);
    expect(await screen.findByText("Status", { selector: "dt" })).toBeInTheDocument();
    expect(screen.queryByText(/new messages? from the secretariat/i)).toBeNull();
  });

  it("mark the dashboard's row and card with 'New message' beside the status", async () => {
    stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/applications": {
        json: [
          applicationDto({ _id: "m", firstName: "Mia" }),
          applicationDto({ _id: "p", firstName: "Pat" }),
          applicationDto({ _id: "t", firstName: "Tom", status: "Approved" }),
        ],
      },
      "GET /api/applications/unseen-messages": {
        json: [
          { applicationId: "m", count: 1, latestAt: "2030-01-07T15:30:00.000Z" },
          { applicationId: "t", count: 2, latestAt: "2030-01-08T15:30:00.000Z" },
        ],
      },
    });
    renderRoutes([{ path: "/", element: <DashboardPage /> }], "/");
    const row = (name: string) =>
      screen.getByText(`${name} Silva`, { selector: "td" }).closest("tr") as HTMLElement;
    expect(await within(await screen.findByRole("table")).findByText("New message")).toBeInTheDocument();
    expect(within(row("Mia")).getByText("New message")).toBeInTheDocument();
    expect(within(row("Mia")).getByText("Pending")).toBeInTheDocument();
    expect(within(row("Tom")).getByText("2 new messages")).toBeInTheDocument();
    expect(within(row("Pat")).queryByText(/new message/i)).toBeNull();
    const cards = screen.getAllByRole("listitem");
    expect(cards.map((c) => within(c).queryByText(/new message/i)?.textContent ?? "")).toEqual([
      "New message",
      "",
      "2 new messages",
    ]);
  });
});
