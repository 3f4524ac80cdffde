import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PurgePreviewDto } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { findAnnounced, getAnnounced, renderRoutes, stubApi } from "../../../lib/testing";
import { PurgePanel } from "./PurgePanel";

const PAST = {
  _id: "p1",
  meetingId: null,
  name: "Geneva 2024",
  startDate: "2024-05-06T00:00:00.000Z",
  endDate: "2024-05-10T00:00:00.000Z",
  purgedAt: "2026-02-10T15:30:00.000Z",
  trigger: "schedule" as const,
  total: 40,
  pending: 5,
  approved: 30,
  rejected: 5,
};

const PREVIEW: PurgePreviewDto = {
  purgeAfterDays: 180,
  cutoffDate: "2026-01-02T00:00:00.000Z",
  schedule: "off",
  eligible: [
    {
      meetingId: "m1",
      name: "Dallas 2025",
      startDate: "2025-03-03T00:00:00.000Z",
      endDate: "2025-03-07T00:00:00.000Z",
      total: 4,
      pending: 1,
      approved: 2,
      rejected: 1,
    },
    {
      meetingId: "m2",
      name: "Lisbon 2025",
      startDate: "2025-06-02T00:00:00.000Z",
      endDate: "2025-06-06T00:00:00.000Z",
      total: 1,
      pending: 0,
      approved: 1,
      rejected: 0,
    },
  ],
  purges: [PAST],
  kept: { total: 40, pending: 5, approved: 30, rejected: 5 },
};

const AFTER: PurgePreviewDto = {
  ...PREVIEW,
  eligible: [],
  purges: [
    {
      ...PAST,
      _id: "p2",
      meetingId: "m1",
      name: "Dallas 2025",
      trigger: "admin",
      total: 4,
      pending: 1,
      approved: 2,
      rejected: 1,
      purgedAt: "2026-07-01T14:00:00.000Z",
    },
    PAST,
  ],
  kept: { total: 44, pending: 6, approved: 32, rejected: 6 },
};

const render = () => renderRoutes([{ path: "/admin/meetings", element: <PurgePanel /> }], "/admin/meetings");
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);

beforeEach(() => saveSession({ token: "t.k.n", userId: "a1", userRole: "admin" }));
afterEach(() => vi.unstubAllGlobals());

describe("PurgePanel", () => {
  it("shows the retention, the eligible meetings and the counts past purges kept", async () => {
    stubApi({ "GET /api/admin/purge": { json: PREVIEW } });
    render();
    const eligible = await screen.findByRole("table", { name: "Meetings eligible for purging" });
    expect(screen.getByText(/ended more than/)).toHaveTextContent(
      "ended more than 180 days ago (before 01/02/2026) can be purged",
    );
    expect(screen.getByText(/does not purge by itself/)).toBeInTheDocument();
    const dallas = within(eligible).getByRole("row", { name: /Dallas 2025/ });
    expect(cells(dallas)).toEqual(["03/07/2025", "4", "1", "2", "1"]);

    const past = screen.getByRole("table", { name: "Past purges and the counts they kept" });
    const geneva = within(past).getByRole("row", { name: /Geneva 2024/ });
    expect(cells(geneva)).toEqual([
      "05/10/2024",
      "02/10/2026, 10:30 AM EST",
      "Daily schedule",
      "40",
      "5",
      "30",
      "5",
    ]);
    expect(cells(within(past).getByRole("row", { name: /All purges/ }))).toEqual(["40", "5", "30", "5"]);
  });

  it("purges only after the admin types Purge, then reports it and shows the new counts", async () => {
    let purged = false;
    const { calls } = stubApi({
      "GET /api/admin/purge": () => ({ json: purged ? AFTER : PREVIEW }),
      "POST /api/admin/purge": () => {
        purged = true;
        return {
          json: {
            meetings: [
              { meetingId: "m1", name: "Dallas 2025", purged: 4 },
              { meetingId: "m2", name: "Lisbon 2025", purged: 1 },
            ],
            total: 5,
          },
        };
      },
    });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Purge old applications" }));
    const dialog = await screen.findByRole("dialog", { name: "Purge Old Applications" });
    expect(dialog).toHaveTextContent("Delete the 5 applications of 2 meetings");
    const confirm = within(dialog).getByRole("button", { name: "Purge" });
    expect(confirm).toBeDisabled();
    const box = within(dialog).getByLabelText("Type Purge to confirm");
    await userEvent.type(box, "purge");
    expect(confirm).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, "Purge");
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ confirm: "Purge" }]);
    expect(getAnnounced("polite")).toHaveTextContent("Purged 5 applications of 2 meetings.");
    expect(await screen.findByText("No meetings have applications old enough to purge.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Purge old applications" })).toBeDisabled();
    const past = screen.getByRole("table", { name: "Past purges and the counts they kept" });
    expect(cells(within(past).getByRole("row", { name: /Dallas 2025/ }))).toContain("Admin");
    expect(cells(within(past).getByRole("row", { name: /All purges/ }))).toEqual(["44", "6", "32", "6"]);
  });

  it("keeps the dialog open with the reason when the purge fails", async () => {
    stubApi({
      "GET /api/admin/purge": { json: PREVIEW },
      "POST /api/admin/purge": { status: 400, json: { message: "Type Purge to confirm the purge" } },
    });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Purge old applications" }));
    const dialog = await screen.findByRole("dialog", { name: "Purge Old Applications" });
    await userEvent.type(within(dialog).getByLabelText("Type Purge to confirm"), "Purge{Enter}");
    expect(await findAnnounced("assertive", dialog)).toHaveTextContent(
      "Failed to purge applications: Type Purge to confirm the purge",
    );
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByText(/^Purged \d/)).not.toBeInTheDocument();
  });

  it("says when nothing is eligible or was ever purged, and reports a failed load", async () => {
    stubApi({
      "GET /api/admin/purge": { json: { ...PREVIEW, schedule: "daily", eligible: [], purges: [] } },
    });
    const first = render();
    expect(await screen.findByText("No meetings have applications old enough to purge.")).toBeInTheDocument();
    expect(screen.getByText("No purges yet.")).toBeInTheDocument();
    expect(screen.getByText(/purges them by itself once a day/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Purge old applications" })).toBeDisabled();
    first.unmount();

    stubApi({ "GET /api/admin/purge": { status: 500, json: { message: "Internal server error" } } });
    render();
    expect(await findAnnounced("assertive")).toHaveTextContent("Failed to load the purge overview");
  });
});
