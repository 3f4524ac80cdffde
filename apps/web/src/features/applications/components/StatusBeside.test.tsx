import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { renderAt, renderRoutes, stubApi } from "../../../lib/testing";
import { applicationDto } from "../test-data";
import { ApplicationDetail } from "./detail/ApplicationDetail";
import { MyApplicationCards } from "./MyApplicationCards";
import { MyApplicationsTable } from "./MyApplicationsTable";

beforeEach(() => saveSession({ token: "t.k.n", userId: "u1", userRole: "user" }));
afterEach(() => vi.unstubAllGlobals());

const corrected = [
  applicationDto({ _id: "c", firstName: "Cai", changesRequested: true }),
  applicationDto({ _id: "p", firstName: "Pat" }),
];

describe("'Changes requested' beside the status, on the applicant's side", () => {
  it("shows it in the dashboard's row, only for the request the secretariat asked to correct", () => {
    renderAt("/", <MyApplicationsTable applications={corrected} onDownload={() => {}} />);
    const row = (name: string) =>
      screen.getByText(`${name} Silva`, { selector: "td" }).closest("tr") as HTMLElement;
    expect(within(row("Cai")).getByText("Pending")).toBeInTheDocument();
    expect(within(row("Cai")).getByText("Changes requested")).toBeInTheDocument();
    expect(within(row("Pat")).queryByText("Changes requested")).toBeNull();
  });

  it("shows it on the phone's card", () => {
    renderAt("/", <MyApplicationCards applications={corrected} onDownload={() => {}} />);
    const [cai, pat] = screen.getAllByRole("listitem");
    expect(within(cai as HTMLElement).getByText("Changes requested")).toBeInTheDocument();
    expect(within(pat as HTMLElement).queryByText("Changes requested")).toBeNull();
  });

  it("shows it under STATUS on the detail page", async () => {
    stubApi({
      "GET /api/applications/a1": { json: applicationDto({ changesRequested: true }) },
      "GET /api/applications/a1/history": { json: [] },
    });
    renderRoutes([{ path: "/x", element: <ApplicationDetail id="a1" admin={false} /> }], "/x");
    const status = (await screen.findByText("Status", { selector: "dt" })).nextElementSibling as HTMLElement;
    expect(status).toHaveTextContent("Pending");
    expect(within(status).getByText("Changes requested")).toBeInTheDocument();
  });
});
