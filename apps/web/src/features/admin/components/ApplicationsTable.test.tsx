import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationSummaryDto } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../lib/testing";
import { ApplicationsTable } from "./ApplicationsTable";

const LONG = `${"Wolfeschlegelsteinhausenbergerdorff".repeat(2)}Wolfeschlegelsteinhausenberger`;
const EMAIL = "a.very.long.address.for.a.delegate@subsidiary.example-organisation.org";

const row = {
  _id: "a1",
  firstName: "Ana",
  lastName: LONG,
  email: EMAIL,
  status: "Pending",
  createdAt: "2030-01-02T15:00:00.000Z",
  visaAppointmentDate: null,
  withdrawnAt: null,
  warnings: [],
} as unknown as ApplicationSummaryDto;

function renderTable() {
  const noop = () => {};
  return renderAt(
    "/admin",
    <ApplicationsTable
      applications={[row]}
      sortBy="status"
      sortDirection="asc"
      onSort={noop}
      onDownloadPdf={noop}
      onDelete={noop}
      onApprove={noop}
      onReject={noop}
      detailHref={(a) => `/admin/applications/${a._id}?meeting=m1`}
      selected={new Set()}
      onToggle={noop}
      onToggleAll={noop}
    />,
  );
}

describe("the admin's applications table", () => {
  it("links each name to its detail page, so it opens in a new tab too, and keeps View in the menu", async () => {
    const view = renderTable();
    const link = screen.getByRole("link", { name: `Ana ${LONG}` });
    expect(link).toHaveAttribute("href", "/admin/applications/a1?meeting=m1");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: `Actions for Ana ${LONG}` }));
    await user.click(screen.getByRole("menuitem", { name: "View" }));
    expect(view.router.state.location.pathname).toBe("/admin/applications/a1");
  });

  it("wraps a long name and truncates a long e-mail with its whole text as a title, so Actions stays in view", () => {
    renderTable();
    const link = screen.getByRole("link", { name: `Ana ${LONG}` });
    expect(link).toHaveClass("[overflow-wrap:anywhere]");
    expect(link.closest("td")).not.toHaveClass("whitespace-nowrap");
    const email = within(screen.getAllByRole("row")[1] as HTMLElement).getByText(EMAIL);
    expect(email).toHaveClass("truncate");
    expect(email).toHaveAttribute("title", EMAIL);
  });
});
