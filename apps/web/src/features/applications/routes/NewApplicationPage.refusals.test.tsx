import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../../lib/session";
import { announced, stubApi } from "../../../lib/testing";
import { me, meeting } from "../test-data";
import { fillRequired, renderNewApplication } from "../test-form";

beforeEach(() => {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  vi.stubGlobal("alert", vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

async function submitRefused(answer: { status: number; json: unknown }) {
  stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings/active": { json: [meeting] },
    "POST /api/applications": answer,
  });
  renderNewApplication();
  const user = userEvent.setup({ delay: null });
  await screen.findByDisplayValue("ana@example.com");
  await fillRequired(user);
  await user.click(screen.getByRole("button", { name: "Submit Application" }));
}

describe("a refused submission", () => {
  it("marks the field it concerns in plain words and moves focus there", async () => {
    await submitRefused({
      status: 400,
      json: { message: "Departure must be on or after arrival", fields: ["dateOfDeparture"] },
    });
    const departure = screen.getByLabelText(/^Date of Departure/);
    await waitFor(() => expect(departure).toHaveAttribute("aria-invalid", "true"));
    expect(departure).toHaveAccessibleDescription("Departure must be on or after arrival");
    await waitFor(() => expect(departure).toHaveFocus());
    expect(window.alert).toHaveBeenCalledWith(
      "Failed to submit application: Departure must be on or after arrival",
    );
  }, 30_000);

  it("names a field by its label, not its key", async () => {
    await submitRefused({
      status: 400,
      json: { message: "postalCode must be at most 20 characters", fields: ["postalCode"] },
    });
    const postal = screen.getByLabelText(/^Postal Code/);
    await waitFor(() =>
      expect(postal).toHaveAccessibleDescription("Postal Code must be at most 20 characters"),
    );
    await waitFor(() => expect(postal).toHaveFocus());
  }, 30_000);

  it("marks every field of the required list, focusing the first", async () => {
    await submitRefused({
      status: 400,
      json: { message: "Please fill in all required fields: City, Phone", fields: ["city", "phone"] },
    });
    const city = screen.getByLabelText(/^City/);
    await waitFor(() => expect(city).toHaveAccessibleDescription("City is required"));
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription("Phone is required");
    await waitFor(() => expect(city).toHaveFocus());
  }, 30_000);

  it("shows a refusal of no field at the top and focuses it, which reads it once", async () => {
    await submitRefused({
      status: 409,
      json: { message: "An account can have at most 50 applications. Delete one you no longer need first." },
    });
    const alert = (
      await screen.findByText(/^Failed to submit application: An account can have at most 50 applications\./)
    ).closest("[data-banner]") as HTMLElement;
    // At the top of the form: before the first section.
    const firstSection = screen.getByRole("group", { name: "Meeting Selection" });
    expect(alert.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(alert.closest("[data-form-alert]")).toHaveFocus());
    // Said by focus: not announced as well.
    expect(announced("assertive")).toEqual([]);
  }, 30_000);
});
