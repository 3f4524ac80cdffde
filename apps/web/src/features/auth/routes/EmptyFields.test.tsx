import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt, stubApi } from "../../../lib/testing";
import ForgotPasswordPage from "./ForgotPasswordPage";
import RegisterPage from "./RegisterPage";

afterEach(() => vi.unstubAllGlobals());

describe("an empty e-mail or password is missing, not invalid", () => {
  it("Register says 'Email is required' and 'Password is required', and still checks the length", async () => {
    const { calls } = stubApi({});
    renderAt("/register", <RegisterPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(screen.queryByText("Invalid email address")).toBeNull();
    expect(screen.queryByText(/at least 6 characters/)).toBeNull();

    await user.type(screen.getByLabelText(/^Email/), "ana");
    await user.type(screen.getByLabelText(/^Password/), "abc");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters long")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("Forgot password says 'Email is required'", async () => {
    const { calls } = stubApi({});
    renderAt("/forgot-password", <ForgotPasswordPage />);
    await userEvent.click(screen.getByRole("button", { name: "Send reset instructions" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.queryByText("Invalid email address")).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
