import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession, saveSession } from "../lib/session";
import { fakeToken, renderRoutes, stubApi } from "../lib/testing";
import { AppLayout } from "./AppLayout";

afterEach(() => vi.unstubAllGlobals());

function renderSignedIn() {
  saveSession({ token: fakeToken(Date.now() / 1000 + 3600), userId: "u1", userRole: "user" });
  return renderRoutes(
    [{ element: <AppLayout />, children: [{ path: "/", element: <p>Dashboard page</p> }] }],
    "/",
  );
}

describe("the header's sign-out buttons", () => {
  it.each([
    ["Logout", "POST /api/auth/logout"],
    ["Log out everywhere", "POST /api/auth/logout-everywhere"],
  ])("%s ends the session on the server, then here", async (name, call) => {
    const { calls } = stubApi({ [call]: { json: { message: "ok" } } });
    renderSignedIn();
    const [desktop] = screen.getAllByRole("button", { name });
    fireEvent.click(desktop as HTMLElement);
    await waitFor(() => expect(getSession()).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([call]);
    expect(calls[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  it("still signs out here when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    renderSignedIn();
    const [desktop] = screen.getAllByRole("button", { name: "Logout" });
    fireEvent.click(desktop as HTMLElement);
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
