import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationStatus } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { findAnnounced, renderRoutes, stubApi } from "../../../lib/testing";
import { applicationDto, me } from "../test-data";
import DashboardPage from "./DashboardPage";

beforeEach(() => saveSession({ token: "t.k.n", userId: "u1", userRole: "user" }));
afterEach(() => vi.unstubAllGlobals());

function renderDashboard() {
  return renderRoutes(
    [
      { path: "/", element: <DashboardPage /> },
      { path: "/applications/:id", element: <p>Details page</p> },
      { path: "/applications/new", element: <p>New application page</p> },
    ],
    "/",
  );
}

describe("dashboard", () => {
  it("tints rows by status, capitalises it and offers the letter only when approved", async () => {
    stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/applications": {
        json: [
          applicationDto({ _id: "p", firstName: "Pat", status: "pending" as ApplicationStatus }),
          applicationDto({ _id: "a", firstName: "Ann", status: "Approved" }),
          applicationDto({ _id: "r", firstName: "Rui", status: "Rejected" }),
        ],
      },
    });
    renderDashboard();
    expect(await screen.findByText("Welcome, Ana!")).toBeInTheDocument();
    const row = (name: string) =>
      screen.getByText(`${name} Silva`, { selector: "td" }).closest("tr") as HTMLElement;

    expect(row("Pat")).toHaveClass("bg-yellow-50");
    expect(row("Ann")).toHaveClass("bg-green-50");
    expect(row("Rui")).toHaveClass("bg-red-50");
    expect(within(row("Pat")).getByText("Pending")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Submitted Date" })).toHaveClass(
      "hidden",
      "sm:table-cell",
    );

    const user = userEvent.setup();
    await user.click(within(row("Ann")).getByRole("button", { name: /Actions/ }));
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual([
      "View Details",
      "Download Visa Letter",
    ]);
    await user.keyboard("{Escape}");

    await user.click(within(row("Pat")).getByRole("button", { name: /Actions/ }));
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["View Details"]);
    await user.click(screen.getByRole("menuitem", { name: "View Details" }));
    expect(await screen.findByText("Details page")).toBeInTheDocument();
  }, 30_000);

  it("lists the same requests as cards for phones: meeting, dates, status and actions", async () => {
    stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/applications": {
        json: [
          applicationDto({ _id: "a", firstName: "Ann", status: "Approved" }),
          applicationDto({
            _id: "w",
            firstName: "Wen",
            status: "Rejected",
            withdrawnAt: "2030-01-08T00:00:00.000Z",
          }),
        ],
      },
    });
    renderDashboard();
    const cards = within(await screen.findByRole("list", { name: "My Applications" })).getAllByRole(
      "listitem",
    );
    expect(cards[0]?.parentElement?.parentElement).toHaveClass("sm:hidden");
    expect(cards[0]).toHaveTextContent("Dallas 2030");
    expect(cards[0]).toHaveTextContent("03/01/2030 – 03/07/2030");
    expect(cards[0]).toHaveTextContent("Approved");
    expect(within(cards[0] as HTMLElement).getByRole("button", { name: "Download Visa Letter" })).toHaveClass(
      "min-h-11",
    );
    expect(cards[1]).toHaveTextContent("Withdrawn");
    expect(
      within(cards[1] as HTMLElement).queryByRole("button", { name: "Download Visa Letter" }),
    ).toBeNull();
    expect(
      within(cards[1] as HTMLElement).getByRole("link", { name: /View details of Wen Silva/ }),
    ).toHaveAttribute("href", "/applications/w");
  });

  it("shows the empty state with a way to create an application", async () => {
    stubApi({ "GET /api/auth/me": { json: me }, "GET /api/applications": { json: [] } });
    renderDashboard();
    expect(await screen.findByText("No applications yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Create New Application" }));
    expect(await screen.findByText("New application page")).toBeInTheDocument();
  });

  it("explains a failed letter download", async () => {
    stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/applications": { json: [applicationDto({ status: "Approved" })] },
      "GET /api/applications/a1/pdf": { status: 409, json: { message: "Letter not available" } },
    });
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Actions/ }));
    await user.click(screen.getByRole("menuitem", { name: "Download Visa Letter" }));
    expect(await findAnnounced("assertive")).toHaveTextContent(
      "Failed to download PDF: Letter not available",
    );
  }, 30_000);
});
