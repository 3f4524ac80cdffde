import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { renderRoutes, stubApi } from "../../../lib/testing";
import { applicationDto, me, meeting } from "../test-data";
import { fillRequired } from "../test-form";
import DashboardPage from "./DashboardPage";
import NewApplicationPage from "./NewApplicationPage";

const hanoi = {
  ...meeting,
  _id: "6a1d2e3f-4b5c-4d7e-8f90-a1b2c3d4e5f6",
  name: "Hà Nội 2030",
  location: "Hà Nội",
};
const orlando = {
  ...meeting,
  _id: "7b2e3f40-5c6d-4e8f-9a01-b2c3d4e5f607",
  name: "Orlando 2030",
  pickUpOffered: true,
  pickUpPlace: "Orlando International Airport",
  reviewDays: 7,
};

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  vi.stubGlobal("alert", vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe("the meeting's own questions", () => {
  it("asks about pick-up only where the chosen meeting offers it, naming its place", async () => {
    stubApi({ "GET /api/auth/me": { json: me }, "GET /api/meetings/active": { json: [hanoi, orlando] } });
    renderRoutes([{ path: "/applications/new", element: <NewApplicationPage /> }], "/applications/new");
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    const travel = screen.getByRole("group", { name: "Travel Information" });
    expect(within(travel).queryByRole("checkbox")).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Meeting/), hanoi._id);
    expect(within(travel).queryByRole("checkbox")).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Meeting/), orlando._id);
    expect(
      within(travel).getByRole("checkbox", { name: "Pick-up at Orlando International Airport?" }),
    ).toBeVisible();
  }, 30_000);

  it("after submitting, the dashboard says the request was received and what happens next", async () => {
    const created = applicationDto({ _id: "new1", meeting: orlando });
    let sent = false;
    stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/meetings/active": { json: [orlando] },
      "POST /api/applications": () => {
        sent = true;
        return { status: 201, json: created };
      },
      "GET /api/applications": () => ({ json: sent ? [created] : [] }),
    });
    renderRoutes(
      [
        { path: "/applications/new", element: <NewApplicationPage /> },
        { path: "/", element: <DashboardPage /> },
      ],
      "/applications/new",
    );
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByRole("status", {}, { timeout: 5_000 })).toHaveTextContent(
      "Your request for Orlando 2030 was received.",
    );
    const next = screen.getByRole("region", { name: "What happens next" });
    expect(next).toHaveTextContent("Requests for this meeting are usually reviewed within 7 days.");
    expect(next).toHaveTextContent("You will get an e-mail when it is decided.");
  }, 30_000);

  it("shows the review desk's warnings before sending, and sends only on Submit anyway", async () => {
    const earlier = applicationDto({ _id: "old1", meeting: orlando, passportNumber: "X1" });
    const { calls } = stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/meetings/active": { json: [orlando] },
      "GET /api/applications": { json: [earlier] },
      "POST /api/applications": { status: 201, json: applicationDto({ _id: "new2", meeting: orlando }) },
    });
    renderRoutes(
      [
        { path: "/applications/new", element: <NewApplicationPage /> },
        { path: "/", element: <p>Dashboard page</p> },
      ],
      "/applications/new",
    );
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    const dialog = await screen.findByRole("dialog", { name: "Please check before sending" });
    expect(dialog).toHaveTextContent("Another request for this meeting has the same passport number.");
    await user.click(within(dialog).getByRole("button", { name: "Go back and check" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(screen.getByLabelText(/^Passport Number/)).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    const again = await screen.findByRole("dialog", { name: "Please check before sending" });
    await user.click(within(again).getByRole("button", { name: "Submit anyway" }));
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  }, 30_000);
});
