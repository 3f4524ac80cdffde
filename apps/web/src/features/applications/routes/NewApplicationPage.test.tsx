import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { announced, findAnnounced, stubApi } from "../../../lib/testing";
import { applicationDto, me, meeting } from "../test-data";
import { fillRequired, renderNewApplication } from "../test-form";

const other = { ...meeting, _id: "6a1d2e3f-4b5c-4d7e-8f90-a1b2c3d4e5f6", name: "Kyoto 2030" };
let alert: ReturnType<typeof vi.fn>;

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  alert = vi.fn();
  vi.stubGlobal("alert", alert);
});
afterEach(() => vi.unstubAllGlobals());

describe("new application", () => {
  it("lists every missing required field and marks each one", async () => {
    const { calls } = stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/meetings/active": { json: [meeting, other] },
    });
    renderNewApplication();
    expect(await screen.findByDisplayValue("ana@example.com")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await findAnnounced("assertive")).toHaveTextContent(
      "Please fill in all required fields: Meeting, Date of Birth, Gender, Passport Number, Passport Issuing Country, Passport Expiration Date, Date of Arrival, Date of Departure, Company Name, Position, Company Mailing Address, City, Postal Code, Country, Phone",
    );
    const gender = screen.getByLabelText(/^Gender/);
    expect(gender).toHaveAttribute("aria-invalid", "true");
    expect(gender).toHaveAccessibleDescription("Gender is required");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  }, 30_000);

  it("says so when no meeting is open", async () => {
    stubApi({ "GET /api/auth/me": { json: me }, "GET /api/meetings/active": { json: [] } });
    renderNewApplication();
    expect(await screen.findByText("No active meetings available at this time.")).toBeInTheDocument();
    // What the page says as it opens, read with it: not announced.
    expect(announced("polite")).toEqual([]);
  });

  it("shows no form to fill when no meeting is open, only the way back", async () => {
    stubApi({ "GET /api/auth/me": { json: me }, "GET /api/meetings/active": { json: [] } });
    renderNewApplication();
    expect(await screen.findByText("No active meetings available at this time.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit Application" })).toBeNull();
    expect(screen.queryByLabelText(/^Passport Number/)).toBeNull();
    expect(screen.getByRole("link", { name: "Back to your applications" })).toHaveAttribute("href", "/");
  });

  it("sends calendar days as UTC-midnight timestamps and returns to the dashboard", async () => {
    const { calls } = stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/meetings/active": { json: [meeting, other] },
      "POST /api/applications": { status: 201, json: applicationDto() },
    });
    renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    await user.selectOptions(screen.getByLabelText(/^Meeting/), other._id);
    const type = async (label: RegExp, value: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    };
    await type(/^Date of Birth/, "1990-01-31");
    await user.selectOptions(screen.getByLabelText(/^Gender/), "Female");
    await type(/^Passport Number/, "X1234567");
    await user.selectOptions(screen.getByLabelText(/^Passport Issuing Country/), "BR");
    await type(/^Passport Expiration Date/, "2032-05-01");
    await type(/^Date of Arrival/, "2030-03-01");
    await type(/^Date of Departure/, "2030-03-07");
    await type(/^Company Name/, "Acme");
    await type(/^Position/, "Engineer");
    await type(/^Company Mailing Address \*?$/, "Rua A 1");
    await type(/^City/, "São Paulo");
    await type(/^State\/Province/, "SP");
    await type(/^Postal Code/, "01000-000");
    await user.selectOptions(screen.getByLabelText(/^Country/), "BR");
    await type(/^Phone/, "+55 11 5555 5555");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith("Application submitted successfully!");
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({
      meeting: other._id,
      firstName: "Ana",
      email: "ana@example.com",
      birthdate: "1990-01-31T00:00:00.000Z",
      dateOfArrival: "2030-03-01T00:00:00.000Z",
      passportIssuingCountry: "BR",
      gender: "Female",
    });
  }, 30_000);

  it("reports a refused submission inline and in an alert", async () => {
    stubApi({
      "GET /api/auth/me": { json: me },
      "GET /api/meetings/active": { json: [meeting] },
      "POST /api/applications": { status: 400, json: { message: "meeting is not open for applications" } },
    });
    renderNewApplication();
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue("ana@example.com");
    // A single open meeting is chosen for the user.
    expect(screen.getByLabelText(/^Meeting/)).toHaveValue(meeting._id);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    const message = "Failed to submit application: meeting is not open for applications";
    // At the top of the form, with focus, which reads it: not announced as well.
    const shown = (await screen.findByText(message)).closest("[data-form-alert]");
    await waitFor(() => expect(shown).toHaveFocus());
    expect(announced("assertive")).toEqual([]);
    expect(alert).toHaveBeenCalledWith(message);
  }, 30_000);
});
