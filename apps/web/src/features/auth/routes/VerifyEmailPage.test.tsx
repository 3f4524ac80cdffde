import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, saveSession } from "../../../lib/session";
import { renderAt, stubApi } from "../../../lib/testing";
import VerifyEmailPage from "./VerifyEmailPage";

const TOKEN = "a".repeat(43);
const INVALID = "This verification link is invalid or has expired. Sign in and send a new one.";

/** A signed-in account whose link is refused; `emailVerified` is what GET /api/auth/me says. */
function signedInWithUsedLink(emailVerified: boolean) {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  stubApi({
    [`POST /api/auth/verify-email/${TOKEN}`]: { status: 400, json: { message: INVALID } },
    "GET /api/auth/me": { json: { _id: "u1", email: "ana@example.com", emailVerified } },
  });
}

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => renderAt(`/verify-email/${TOKEN}`, <VerifyEmailPage />, "/verify-email/:token");

describe("a verification link used already", () => {
  it("tells a signed-in, verified user that the address is already verified", async () => {
    signedInWithUsedLink(true);
    renderPage();
    expect(await screen.findByText("Your e-mail address is already verified.")).toBeInTheDocument();
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it("keeps the server's message for a signed-in user whose address is not verified", async () => {
    signedInWithUsedLink(false);
    renderPage();
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
  });

  it("keeps the server's message, asking nothing more, when nobody is signed in", async () => {
    const { calls } = stubApi({
      [`POST /api/auth/verify-email/${TOKEN}`]: { status: 400, json: { message: INVALID } },
    });
    renderPage();
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([`/api/auth/verify-email/${TOKEN}`]);
  });

  it("still confirms a first use", async () => {
    stubApi({
      [`POST /api/auth/verify-email/${TOKEN}`]: { json: { message: "Your e-mail address is verified." } },
    });
    renderPage();
    expect(await screen.findByText(/^Your e-mail address is verified\./)).toBeInTheDocument();
  });
});
