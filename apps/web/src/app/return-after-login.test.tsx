import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AUTH_MESSAGES } from "@visa/domain";
import type { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applicationDto, me, meeting } from "../features/applications/test-data";
import { clearSession, saveSession } from "../lib/session";
import { renderRoutes, stubApi } from "../lib/testing";
import { routes } from "./routes";

type Role = "admin" | "user";

const application = applicationDto({ _id: "a1" });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearSession();
});
afterEach(() => vi.unstubAllGlobals());

/** The accounts that sign in: Ana (u1) owns application a1; Ben (u2) shares her computer. */
const ACCOUNTS: Record<string, string> = { "ana@example.com": "u1", "ben@example.com": "u2" };

/**
 * The server as the pages read it. Signing in answers with `role`; while `expired` is set, the
 * application's page answers 401, as it does once a session has ended on the server.
 */
function stubServer(role: Role, { expired = false } = {}) {
  const server = { expired };
  const { calls } = stubApi({
    "POST /api/auth/login": (req) => {
      server.expired = false;
      const userId = ACCOUNTS[(req.body as { email: string }).email] ?? "u1";
      return { json: { token: "t.k.n", userId, role, expiresAt: "" } };
    },
    "POST /api/auth/logout": { json: { message: "Logged out" } },
    "GET /api/auth/me": { json: { ...me, isAdmin: role === "admin", role } },
    "GET /api/meetings": { json: [meeting] },
    "GET /api/applications/stats": { json: { total: 50, pending: 50, approved: 0, rejected: 0 } },
    "GET /api/applications": (req) =>
      req.url.searchParams.has("meetingId")
        ? { json: { applications: [application], pagination: { total: 50, page: 3, pages: 5 } } }
        : { json: [application] },
    "GET /api/applications/a1": () =>
      server.expired ? { status: 401, json: { message: "Unauthorized" } } : { json: application },
  });
  return { server, calls };
}

function signedInAs(role: Role) {
  saveSession({ token: "t.k.n", userId: "u1", userRole: role });
}

/** Where the router is: path and query. */
function place(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}

async function signIn(email = "ana@example.com") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), "secret1");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

/** Ana (u1) is on `path` when the server ends her session: the page sends her to /login. */
async function expireOn(path: string) {
  signedInAs("user");
  stubServer("user", { expired: true });
  const rendered = renderRoutes(routes, path);
  await waitFor(() => expect(place(rendered.router)).toBe("/login"));
  expect(await screen.findByText(AUTH_MESSAGES.sessionExpired)).toBeInTheDocument();
  return rendered;
}

/** /login as a redirect leaves it, with a page to return to. */
function loginWith(from: unknown) {
  return renderRoutes(routes, { pathname: "/login", state: { from } } as unknown as string);
}

/** Waits for the login form (the redirect has happened), then signs in through it. */
async function signInAfterRedirect(router: ReturnType<typeof createMemoryRouter>) {
  await waitFor(() => expect(place(router)).toBe("/login"));
  await signIn();
}

describe("signing in returns to the page that sent the user to /login", () => {
  it("opens an admin deep link, with its query, after signing in from a signed-out browser", async () => {
    const { calls } = stubServer("admin");
    const { router } = renderRoutes(routes, `/admin?meeting=${meeting._id}&status=pending&page=3`);
    await signInAfterRedirect(router);
    await waitFor(() => expect(place(router)).toBe(`/admin?meeting=${meeting._id}&status=pending&page=3`));
    // The list itself asks for that meeting, filter and page.
    await waitFor(() =>
      expect(
        calls.some((c) => c.path.startsWith("/api/applications?") && c.url.searchParams.get("page") === "3"),
      ).toBe(true),
    );
    const list = calls.find((c) => c.path.startsWith("/api/applications?"));
    expect(list?.url.searchParams.get("meetingId")).toBe(meeting._id);
    expect(list?.url.searchParams.get("status")).toBe("Pending");
  });

  it("opens an applicant's deep link after signing in", async () => {
    stubServer("user");
    const { router } = renderRoutes(routes, "/applications/a1");
    await signInAfterRedirect(router);
    await waitFor(() => expect(place(router)).toBe("/applications/a1"));
    expect(await screen.findByRole("heading", { name: "Application Details" })).toBeInTheDocument();
  });

  it("comes back to the page whose session expired (a 401), after the expiry message", async () => {
    const { router } = await expireOn("/applications/a1");
    await signIn();
    await waitFor(() => expect(place(router)).toBe("/applications/a1"));
    // The page renders again once the new session's queries answer: look for the heading it keeps.
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Application Details" })).toBeInTheDocument(),
    );
  });

  it("sends another account to its dashboard, not to the page of the session that expired", async () => {
    const { router } = await expireOn("/applications/a1?tab=history");
    // Ben signs in on the tab Ana's session expired in: Ana's application is not his to open.
    await signIn("ben@example.com");
    await waitFor(() => expect(place(router)).toBe("/"));
    expect(await screen.findByRole("heading", { name: /Welcome/ })).toBeInTheDocument();
  });

  it("remembers whose page it was when the tab is reloaded on it after the session expired", async () => {
    const expired = await expireOn("/applications/a1");
    // The tab reloads Ana's page (the address is in its history); the tab's storage still knows.
    expired.unmount();
    const reloaded = renderRoutes(routes, "/applications/a1");
    await signInAfterRedirect(reloaded.router);
    await waitFor(() => expect(place(reloaded.router)).toBe("/applications/a1"));
    reloaded.unmount();

    // Ana's session ends again; Ben reloads her page and signs in.
    clearSession();
    const again = renderRoutes(routes, "/applications/a1");
    await waitFor(() => expect(place(again.router)).toBe("/login"));
    await signIn("ben@example.com");
    await waitFor(() => expect(place(again.router)).toBe("/"));
  });

  it("opens a link opened in a tab nobody was signed in to for whoever signs in", async () => {
    stubServer("user");
    const { router } = renderRoutes(routes, "/applications/new");
    await waitFor(() => expect(place(router)).toBe("/login"));
    await signIn("ben@example.com");
    await waitFor(() => expect(place(router)).toBe("/applications/new"));
  });

  it("sends an applicant to their dashboard, not to the admin page they were sent from", async () => {
    stubServer("user");
    const { router, unmount } = renderRoutes(routes, "/admin/users?page=2");
    await signInAfterRedirect(router);
    await waitFor(() => expect(place(router)).toBe("/"));
    expect(await screen.findByRole("heading", { name: /Welcome/ })).toBeInTheDocument();

    // An admin sent from the same page goes back to it.
    unmount();
    clearSession();
    vi.unstubAllGlobals();
    stubServer("admin");
    const admin = renderRoutes(routes, "/admin/users?page=2");
    await signInAfterRedirect(admin.router);
    await waitFor(() => expect(place(admin.router)).toBe("/admin/users?page=2"));
  });

  it.each(["//evil.example", "https://evil.example/admin", "/\\evil.example", "/\t/evil.example"])(
    "ignores a page to return to that is not on this site: %j",
    async (from) => {
      stubServer("admin");
      const offSite = loginWith(from);
      await signIn();
      await waitFor(() => expect(place(offSite.router)).toBe("/"));

      // The same form honours a path of this site.
      offSite.unmount();
      clearSession();
      const onSite = loginWith("/admin/meetings");
      await signIn();
      await waitFor(() => expect(place(onSite.router)).toBe("/admin/meetings"));
    },
  );

  it("lands on the dashboard after a Logout, but on the page after an expiry", async () => {
    signedInAs("user");
    const { server } = stubServer("user");
    const { router } = renderRoutes(routes, "/applications/a1");
    expect(await screen.findByRole("heading", { name: "Application Details" })).toBeInTheDocument();
    const [logout] = screen.getAllByRole("button", { name: "Logout" });
    fireEvent.click(logout as HTMLElement);
    await signInAfterRedirect(router);
    await waitFor(() => expect(place(router)).toBe("/"));
    expect(await screen.findByRole("heading", { name: /Welcome/ })).toBeInTheDocument();

    // The next session ends on a page (the server answers 401): that page is remembered.
    server.expired = true;
    await router.navigate("/applications/a1?again=1");
    await signInAfterRedirect(router);
    await waitFor(() => expect(place(router)).toBe("/applications/a1?again=1"));
  });

  it("does not remember the page when Logout finds the session already ended (a 401)", async () => {
    signedInAs("user");
    stubServer("user");
    const { router } = renderRoutes(routes, "/applications/a1");
    expect(await screen.findByRole("heading", { name: "Application Details" })).toBeInTheDocument();
    vi.unstubAllGlobals();
    stubApi({
      "POST /api/auth/logout": { status: 401, json: { message: "Unauthorized" } },
      "POST /api/auth/login": { json: { token: "t.k.n", userId: "u1", role: "user", expiresAt: "" } },
      "GET /api/auth/me": { json: me },
      "GET /api/applications": { json: [application] },
    });
    const [logout] = screen.getAllByRole("button", { name: "Logout" });
    fireEvent.click(logout as HTMLElement);
    await signInAfterRedirect(router);
    await waitFor(() => expect(place(router)).toBe("/"));
  });
});
