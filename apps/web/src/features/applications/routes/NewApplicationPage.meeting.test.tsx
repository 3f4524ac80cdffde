import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDto } from "@visa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { renderRoutes, stubApi } from "../../../lib/testing";
import { applicationDto, me, meeting } from "../test-data";
import { fillRequired, typeInto } from "../test-form";
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

/** The new-application form for Orlando filled with valid values; `mine` are the applicant's others. */
async function filledOrlandoForm(mine: ApplicationDto[]) {
  const network = stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings/active": { json: [orlando] },
    "GET /api/applications": { json: mine },
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
  return { calls: network.calls, user };
}

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

  /** Submits a request as this account, and answers the dashboard's two notices. */
  async function submitAs(account: typeof me) {
    const created = applicationDto({ _id: "new1", meeting: orlando });
    let sent = false;
    stubApi({
      "GET /api/auth/me": { json: account },
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
    const text = await screen.findByText(/was received\./, {}, { timeout: 5_000 });
    const received = text.closest("[data-banner]") as HTMLElement;
    return { received, next: screen.getByRole("region", { name: "What happens next" }) };
  }

  it("after submitting, the dashboard says the request was received and what happens next", async () => {
    const { received, next } = await submitAs(me);
    expect(received).toHaveTextContent("Your request for Orlando 2030 was received.");
    expect(received).toHaveTextContent("A confirmation is on its way by e-mail.");
    expect(next).toHaveTextContent("Requests for this meeting are usually reviewed within 7 days.");
    expect(next).toHaveTextContent("You will get an e-mail when it is decided.");
  }, 30_000);

  it("promises an account whose address is not verified e-mail only once it is verified", async () => {
    const { received, next } = await submitAs({ ...me, emailVerified: false });
    expect(received).toHaveTextContent("Your request for Orlando 2030 was received.");
    expect(received).not.toHaveTextContent(/e-mail/);
    expect(next).toHaveTextContent("The portal e-mails only verified addresses: verify yours");
    expect(next).toHaveTextContent(
      "Once approved, the signed letter can be downloaded here, and is e-mailed to you once your address is verified.",
    );
    expect(next).not.toHaveTextContent(/You will get an e-mail/);
  }, 30_000);

  it("shows the review desk's warnings before sending, and sends only on Submit anyway", async () => {
    const earlier = applicationDto({ _id: "old1", meeting: orlando, passportNumber: "X1" });
    const { calls, user } = await filledOrlandoForm([earlier]);
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

  it("names each warning of the shared rules at submit: passport, travel dates and birthdate", async () => {
    const { calls, user } = await filledOrlandoForm([]);
    // The meeting runs March 2 to 6, 2030: 7 days either side and a passport valid 6 months after.
    for (const [label, value] of [
      [/^Date of Birth/, "2024-05-05"],
      [/^Passport Expiration Date/, "2030-06-01"],
      [/^Date of Arrival/, "2030-02-01"],
      [/^Date of Departure/, "2030-03-20"],
    ] as const) {
      await user.clear(screen.getByLabelText(label));
      await typeInto(user, label, value);
    }
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    const dialog = await screen.findByRole("dialog", { name: "Please check before sending" });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "The passport expires less than 6 months after the departure date; many countries refuse a visa for it.",
      "The arrival date is more than 7 days away from the meeting's dates.",
      "The departure date is more than 7 days away from the meeting's dates.",
      "The date of birth makes the applicant 5 years old at the meeting; it may be mistyped.",
    ]);
    expect(dialog).not.toHaveTextContent("same passport");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    // Warnings never block: the applicant may send it as it is.
    await user.click(within(dialog).getByRole("button", { name: "Submit anyway" }));
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  }, 30_000);
});
