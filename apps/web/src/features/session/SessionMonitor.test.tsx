import { act, fireEvent, screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "../../app/guards";
import { getSession, saveSession } from "../../lib/session";
import { fakeToken, renderRoutes, stubApi } from "../../lib/testing";
import { formatCountdown, warningSecondsLeft } from "./countdown";

const NOW = Date.parse("2030-01-01T12:00:00.000Z");
const nowSeconds = NOW / 1000;

function LoginProbe() {
  const state = useLocation().state as { message?: string } | null;
  return <p>Login page {state?.message}</p>;
}

async function renderSignedIn(secondsLeft: number) {
  saveSession({ token: fakeToken(nowSeconds + secondsLeft), userId: "u1", userRole: "user" });
  const utils = renderRoutes(
    [
      { path: "/login", element: <LoginProbe /> },
      { element: <RequireAuth />, children: [{ path: "/", element: <p>Dashboard</p> }] },
    ],
    "/",
  );
  // The monitor is a lazy chunk: let its import settle, then let React render it.
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  await tick(0);
  return utils;
}

async function tick(seconds: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(seconds * 1000);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("countdown arithmetic", () => {
  it("formats m:ss and stays silent until five minutes remain", () => {
    expect(formatCountdown(300)).toBe("5:00");
    expect(formatCountdown(59)).toBe("0:59");
    expect(warningSecondsLeft(nowSeconds + 301, NOW)).toBeNull();
    expect(warningSecondsLeft(nowSeconds + 300, NOW)).toBe(300);
    expect(warningSecondsLeft(nowSeconds - 10, NOW)).toBe(0);
  });
});

describe("session timeout warning", () => {
  it("appears five minutes before expiry, counts down each second and logs out at zero", async () => {
    await renderSignedIn(302);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await tick(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await tick(1);
    const dialog = screen.getByRole("dialog", { name: "Session Timeout Warning" });
    expect(dialog).toHaveTextContent("5:00");
    expect(dialog).toHaveTextContent(
      "Your session will expire in 5 minutes. Please save your work and refresh the page to continue.",
    );

    await tick(1);
    expect(screen.getByRole("dialog")).toHaveTextContent("4:59");
    await tick(238);
    expect(screen.getByRole("dialog")).toHaveTextContent("1:01");

    await tick(61);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(screen.getByText(/Login page/)).toHaveTextContent("Session expired. Please log in again.");
  });

  it("hidden with Escape, comes back for the last minute, then stays hidden until logout", async () => {
    await renderSignedIn(200);
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Session Timeout Warning" }), { key: "Escape" });
    await tick(0);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await tick(139);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await tick(1);
    expect(screen.getByRole("dialog", { name: "Session Timeout Warning" })).toHaveTextContent("1:00");

    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await tick(30);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await tick(30);
    expect(getSession()).toBeNull();
    expect(screen.getByText(/Login page/)).toHaveTextContent("Session expired. Please log in again.");
  });

  it("shows at once when less than five minutes remain", async () => {
    await renderSignedIn(90);
    expect(screen.getByRole("dialog", { name: "Session Timeout Warning" })).toHaveTextContent("1:30");
  });

  it("Logout Now ends the session on the server, clears it and goes to /login", async () => {
    const { calls } = stubApi({ "POST /api/auth/logout": { json: { message: "Logged out" } } });
    await renderSignedIn(120);
    fireEvent.click(screen.getByRole("button", { name: "Logout Now" }));
    await tick(0);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/auth/logout"]);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem("userRole")).toBeNull();
    expect(screen.getByText(/Login page/)).toBeInTheDocument();
  });

  it("Refresh Session stores the fresh token from the server in place, without reloading", async () => {
    const fresh = fakeToken(nowSeconds + 3600, "u1");
    const { calls } = stubApi({
      "POST /api/auth/refresh": { json: { token: fresh, userId: "u1", role: "user", expiresAt: "" } },
    });
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    await renderSignedIn(120);
    fireEvent.click(screen.getByRole("button", { name: "Refresh Session" }));
    await tick(0);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/auth/refresh"]);
    expect(getSession()?.token).toBe(fresh);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("restarts from the new expiry when the token is renewed", async () => {
    await renderSignedIn(100);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await act(async () => {
      saveSession({ token: fakeToken(nowSeconds + 3600), userId: "u1", userRole: "user" });
    });
    await tick(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await tick(200);
    expect(getSession()).not.toBeNull();
  });
});
