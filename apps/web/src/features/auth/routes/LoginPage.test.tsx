import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession } from "../../../lib/session";
import { findAnnounced, renderRoutes, stubApi } from "../../../lib/testing";
import LoginPage from "./LoginPage";

afterEach(() => vi.unstubAllGlobals());

function renderLogin(state?: { message: string }) {
  return renderRoutes(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/", element: <p>Dashboard page</p> },
    ],
    state ? ({ pathname: "/login", state } as unknown as string) : "/login",
  );
}

async function signIn(email = "ana@example.com", password = "secret1") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("login", () => {
  it("warns that this portal is separate from the official one and links onwards", () => {
    stubApi({});
    renderLogin();
    expect(screen.getByText(/not affiliated with the official standards portal/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Register/ })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("link", { name: /Forgot your password/ })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("turns 'User not found' into the no-account text with the separate-portal note", async () => {
    stubApi({ "POST /api/auth/login": { status: 404, json: { message: "User not found" } } });
    renderLogin();
    await signIn();
    const alert = await findAnnounced("assertive");
    expect(alert).toHaveTextContent("No account found with this email address");
    expect(alert).toHaveTextContent("separate from the official standards portal");
  });

  it("shows the retry hint for a wrong password, not the session-expired logout", async () => {
    const { calls } = stubApi({
      "POST /api/auth/login": { status: 401, json: { message: "Incorrect password" } },
    });
    renderLogin();
    await signIn();
    const alert = await findAnnounced("assertive");
    expect(alert).toHaveTextContent("Incorrect password. Please try again, or use Forgot Password");
    expect(alert).not.toHaveTextContent("Session expired");
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("maps 'Invalid credentials' and falls back to 'Invalid email or password'", async () => {
    let message = "Invalid credentials";
    stubApi({ "POST /api/auth/login": () => ({ status: 400, json: { message } }) });
    renderLogin();
    await signIn();
    expect(await findAnnounced("assertive")).toHaveTextContent(
      "Invalid email or password. Please check your credentials and try again.",
    );
    message = "Something unexpected";
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
  });

  it("stores token, userId and role and goes to the dashboard", async () => {
    const { calls } = stubApi({
      "POST /api/auth/login": { json: { token: "t.k.n", userId: "u9", role: "admin", expiresAt: "" } },
    });
    renderLogin();
    await signIn("Ana@Example.com");
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: "ana@example.com", password: "secret1" });
    expect(getSession()).toEqual({ token: "t.k.n", userId: "u9", userRole: "admin" });
  });

  it("checks the fields before calling the server", async () => {
    const { calls } = stubApi({});
    renderLogin();
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("calls a typed address that is not one invalid", async () => {
    const { calls } = stubApi({});
    renderLogin();
    await signIn("ana.example.com");
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the message a redirect brought, e.g. after a password reset", () => {
    stubApi({});
    renderLogin({ message: "Password reset successful. Please log in." });
    expect(screen.getByText("Password reset successful. Please log in.")).toBeInTheDocument();
  });
});
