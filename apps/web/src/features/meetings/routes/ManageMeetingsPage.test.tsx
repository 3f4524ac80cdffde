import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MeetingDto } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findAnnounced, json, renderAt, stubApi } from "../../../lib/testing";
import ManageMeetingsPage from "./ManageMeetingsPage";

const MEETINGS: MeetingDto[] = [
  {
    _id: "m2",
    name: "Tokyo 2026",
    location: "Tokyo",
    startDate: "2026-10-05T00:00:00.000Z",
    endDate: "2026-10-09T00:00:00.000Z",
    isActive: false,
    pickUpOffered: false,
    pickUpPlace: "",
    reviewDays: null,
  },
  {
    _id: "m1",
    name: "Dallas 2026",
    location: "Dallas, TX",
    startDate: "2026-03-01T00:00:00.000Z",
    endDate: "2026-03-06T00:00:00.000Z",
    isActive: true,
    pickUpOffered: true,
    pickUpPlace: "DFW airport",
    reviewDays: 10,
  },
];

let network: ReturnType<typeof stubApi>;
beforeEach(() => {
  network = stubApi({
    "GET /api/meetings": () => json(MEETINGS),
    "DELETE /api/meetings/m1": () =>
      json({ message: "This meeting has 3 applications and cannot be deleted" }, 409),
    "POST /api/meetings": () => json({ ...MEETINGS[1], _id: "m3" }, 201),
    "PUT /api/meetings/m2": () => json(MEETINGS[0]),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("ManageMeetingsPage", () => {
  it("lists meetings by start date with their days in US format and whether they are active", async () => {
    renderAt("/admin/meetings", <ManageMeetingsPage />);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("heading").textContent)).toEqual([
      "Dallas 2026",
      "Tokyo 2026",
    ]);
    expect(items[0]).toHaveTextContent("03/01/2026 - 03/06/2026");
    expect(items[0]).toHaveTextContent("Active");
    expect(items[1]).toHaveTextContent("Inactive");
  });

  it("shows the server's reason when a meeting with applications cannot be deleted", async () => {
    renderAt("/admin/meetings", <ManageMeetingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Dallas 2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Meeting" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Meeting" }));
    expect(await findAnnounced("assertive", dialog)).toHaveTextContent(
      "This meeting has 3 applications and cannot be deleted",
    );
  });

  it("adds a meeting with days sent as UTC midnight and requires every field", async () => {
    renderAt("/admin/meetings", <ManageMeetingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Add New Meeting" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Meeting" });
    // The form opens on its first field, to type into at once.
    await waitFor(() => expect(within(dialog).getByLabelText(/Name/)).toHaveFocus());
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Meeting" }));
    expect(await within(dialog).findByText("Name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Location is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Start Date is required")).toBeInTheDocument();
    expect(network.calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Name/), "Lisbon 2027");
    await userEvent.type(within(dialog).getByLabelText(/Start Date/), "2027-05-03");
    await userEvent.type(within(dialog).getByLabelText(/End Date/), "2027-05-07");
    await userEvent.type(within(dialog).getByLabelText(/Location/), "Lisbon");
    await userEvent.click(within(dialog).getByLabelText("Active (show in application form)"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Meeting" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = network.calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      name: "Lisbon 2027",
      startDate: "2027-05-03T00:00:00.000Z",
      endDate: "2027-05-07T00:00:00.000Z",
      location: "Lisbon",
      isActive: false,
      pickUpOffered: false,
      pickUpPlace: "",
      reviewDays: null,
      passportValidityMonths: 6,
      datesToleranceDays: 7,
    });
  });

  it("refuses an end before the start beside the end date, and asks the pick-up place when offered", async () => {
    renderAt("/admin/meetings", <ManageMeetingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Add New Meeting" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Meeting" });
    await userEvent.type(within(dialog).getByLabelText(/Name/), "Hà Nội 2027");
    await userEvent.type(within(dialog).getByLabelText(/Start Date/), "2027-05-07");
    await userEvent.type(within(dialog).getByLabelText(/End Date/), "2027-05-03");
    await userEvent.type(within(dialog).getByLabelText(/Location/), "Hà Nội");
    await userEvent.click(within(dialog).getByLabelText("Airport pick-up offered"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Meeting" }));
    const end = within(dialog).getByLabelText(/End Date/);
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription("End date must be on or after the start date"),
    );
    await waitFor(() => expect(end).toHaveFocus());
    expect(within(dialog).getByLabelText(/Pick-up place/)).toHaveAccessibleDescription(
      /Pick-up place is required when airport pick-up is offered/,
    );
    expect(network.calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.clear(end);
    await userEvent.type(end, "2027-05-09");
    await userEvent.type(within(dialog).getByLabelText(/Pick-up place/), "Nội Bài airport");
    await userEvent.type(within(dialog).getByLabelText(/Expected review time/), "10");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Meeting" }));
    await waitFor(() => expect(network.calls.some((c) => c.method === "POST")).toBe(true));
    const post = network.calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({
      pickUpOffered: true,
      pickUpPlace: "Nội Bài airport",
      reviewDays: 10,
    });
  });

  it("edits a meeting from its current values", async () => {
    renderAt("/admin/meetings", <ManageMeetingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Tokyo 2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Meeting" });
    expect(within(dialog).getByLabelText(/Start Date/)).toHaveValue("2026-10-05");
    expect(within(dialog).getByLabelText("Active (show in application form)")).not.toBeChecked();
    await userEvent.click(within(dialog).getByLabelText("Active (show in application form)"));
    // Only a change the letters print warns that they will be replaced.
    const warning = /replaces every letter already issued for this meeting/;
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Location/), " (Hall B)");
    expect(within(dialog).getByText(warning)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(network.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = network.calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({
      isActive: true,
      startDate: "2026-10-05T00:00:00.000Z",
    });
  });

  it("refuses an emptied warning setting beside its field instead of keeping the old value", async () => {
    renderAt("/admin/meetings", <ManageMeetingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Tokyo 2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Meeting" });
    const months = within(dialog).getByLabelText(/Passport valid after departure/);
    await userEvent.clear(months);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(months).toHaveAccessibleDescription(/Passport valid after departure must be a number of months/),
    );
    expect(network.calls.some((c) => c.method === "PUT")).toBe(false);

    await userEvent.type(months, "0");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(network.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(network.calls.find((c) => c.method === "PUT")?.body).toMatchObject({ passportValidityMonths: 0 });
  });
});
