import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findAnnounced, renderAt, stubApi } from "../../../lib/testing";
import ForgotPasswordPage from "./ForgotPasswordPage";

afterEach(() => vi.unstubAllGlobals());

describe("forgot password", () => {
  it("reads out that the instructions are sent, with focus on the page's heading", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({ "POST /api/auth/forgot-password": { json: { message: "sent" } } });
    renderAt("/forgot-password", <ForgotPasswordPage />);
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, "ana@example.org");
    await user.click(screen.getByRole("button", { name: "Send reset instructions" }));
    // A polite live region, read out by a screen reader.
    expect(await findAnnounced("polite")).toHaveTextContent(
      "Check your email for password reset instructions",
    );
    // As after the other account forms, focus leaves the field for the page's heading, from
    // which the confirmation below it is read and Tab goes on.
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Reset your password" })).toHaveFocus(),
    );
    expect(api.calls.map((c) => c.body)).toEqual([{ email: "ana@example.org" }]);
  });

  it("keeps focus in the form when the request fails, and says so at once", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ "POST /api/auth/forgot-password": { status: 500, json: { message: "Boom" } } });
    renderAt("/forgot-password", <ForgotPasswordPage />);
    await user.type(screen.getByLabelText(/^Email/), "ana@example.org");
    await user.click(screen.getByRole("button", { name: "Send reset instructions" }));
    expect(await findAnnounced("assertive")).toHaveTextContent("Error requesting password reset");
    expect(screen.getByRole("button", { name: "Send reset instructions" })).toHaveFocus();
  });
});
