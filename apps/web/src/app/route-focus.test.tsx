import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useRef } from "react";
import { Link, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applicationDto, me } from "../features/applications/test-data";
import { saveSession } from "../lib/session";
import { renderRoutes, stubApi } from "../lib/testing";
import { RouteFocus } from "./route-focus";
import { routes } from "./routes";

afterEach(() => vi.unstubAllGlobals());

const application = applicationDto({ _id: "a1", firstName: "Ana", lastName: "Silva" });

/** The applicant's pages: the dashboard lists one request, which opens on its own page. */
function signedInApplicant() {
  saveSession({ token: "t.k.n", userId: "u1", userRole: "user" });
  stubApi({
    "GET /api/auth/me": { json: me },
    "GET /api/meetings": { json: [application.meeting] },
    "GET /api/applications": { json: [application] },
    "GET /api/applications/a1": { json: application },
    "GET /api/applications/a1/history": { json: [] },
  });
  return userEvent.setup({ delay: null });
}

const welcome = () => screen.findByRole("heading", { level: 1, name: /Welcome/ });

/** A page that puts focus in its own search box when it opens. */
function FocusingPage() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <main>
      <h1>Search</h1>
      <input ref={input} aria-label="Search for" />
    </main>
  );
}

describe("focus after moving to another page", () => {
  it("leaves focus alone on the first load", async () => {
    signedInApplicant();
    renderRoutes(routes, "/");
    await welcome();
    expect(document.activeElement).toBe(document.body);
  });

  it("puts focus on the new page's heading after a menu link and after 'View Details'", async () => {
    const user = signedInApplicant();
    renderRoutes(routes, "/");
    await welcome();

    await user.click(screen.getAllByRole("link", { name: "New Application" })[0] as HTMLElement);
    const form = await screen.findByRole("heading", { level: 1, name: "Visa Application" });
    await waitFor(() => expect(form).toHaveFocus());

    await user.click(screen.getAllByRole("link", { name: "Dashboard" })[0] as HTMLElement);
    await waitFor(async () => expect(await welcome()).toHaveFocus());

    await user.click(await screen.findByRole("button", { name: /Actions/ }));
    await user.click(await screen.findByRole("menuitem", { name: "View Details" }));
    // The request's heading comes with its data: focus waits for it.
    const details = await screen.findByRole("heading", { level: 1, name: "Application Details" });
    await waitFor(() => expect(details).toHaveFocus());
    // The page draws its heading again once the request has come: focus stays on it.
    await screen.findByRole("button", { name: "Withdraw Request" });
    expect(screen.getByRole("heading", { level: 1, name: "Application Details" })).toHaveFocus();
  }, 30_000);

  it("leaves focus where it is when only the query string changes", async () => {
    const user = signedInApplicant();
    const { router } = renderRoutes(routes, "/");
    await welcome();
    const link = screen.getAllByRole("link", { name: "New Application" })[1] as HTMLElement;
    await user.click(screen.getByRole("main"));
    link.focus();
    await router.navigate("/?page=2");
    expect(link).toHaveFocus();
  });

  it("leaves focus where a new page puts it itself", async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(
      [
        {
          element: (
            <>
              <RouteFocus />
              <Outlet />
            </>
          ),
          children: [
            { path: "/", element: <Link to="/search">Search</Link> },
            { path: "/search", element: <FocusingPage /> },
          ],
        },
      ],
      "/",
    );
    await user.click(screen.getByRole("link", { name: "Search" }));
    const input = await screen.findByRole("textbox", { name: "Search for" });
    expect(input).toHaveFocus();
  });
});

describe("'Skip to main content'", () => {
  it("is the first thing Tab reaches and moves focus into the main landmark", async () => {
    const user = signedInApplicant();
    renderRoutes(routes, "/");
    await welcome();
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("main")).toContainElement(document.activeElement as HTMLElement);
  });

  it("comes first on the public pages too", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({});
    renderRoutes(routes, "/login");
    await screen.findByRole("heading", { level: 1 });
    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();
  });
});
