/** Test helpers: a real router and query client around a screen, and a fake network. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { spokenText } from "./announce";

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. "/api/applications?page=2". */
  path: string;
  url: URL;
  /** JSON bodies parsed; FormData and other bodies as sent. */
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; json?: unknown } | Response;
type Handler = (req: RecordedRequest) => Answer | undefined;

/** A JSON answer, for handlers that build their own Response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/**
 * Replaces the browser's fetch (the network boundary) with answers keyed "METHOD /path" (the
 * path without its query). An answer is `{ status, json }`, a Response, or a function of the
 * request giving either. Unknown calls answer 404 so a missing stub shows up as a failure, not a
 * hang. Every request is recorded in `calls`, in order.
 */
export function stubApi(routes: Record<string, Handler | Answer>) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}));
    const raw = init.body;
    const body = typeof raw === "string" ? JSON.parse(raw) : raw;
    const req = { method: init.method ?? "GET", path: url.pathname + url.search, url, body, headers };
    calls.push(req);
    const route = routes[`${req.method} ${url.pathname}`];
    const answer = typeof route === "function" ? route(req) : route;
    if (!answer) return json({ message: "Not found" }, 404);
    if (answer instanceof Response) return answer.clone();
    const status = answer.status ?? 200;
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

/** A JWT-shaped token whose payload carries `exp` (the browser never checks the signature). */
export function fakeToken(expSeconds: number, userId = "u1"): string {
  const b64 = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ userId, role: "user", exp: expSeconds })}.signature`;
}

/** Renders routes in a memory router with a fresh query client (no retries). */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Renders one screen at a path (any other path shows "Elsewhere"), as the app would. */
export function renderAt(path: string, element: ReactElement, routePath = path.split("?")[0] ?? "/") {
  return renderRoutes(
    [
      { path: routePath, element },
      { path: "*", element: <p>Elsewhere</p> },
    ],
    path,
  );
}

/**
 * Replaces fetch with one that answers only when the test calls `answer` (with the last request's
 * Response): what a screen shows, and where focus is, while it waits.
 */
export function holdApi() {
  let answer: (r: Response) => void = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    ),
  );
  return { answer: (r: Response) => answer(r) };
}

/** What the page told screen readers in this test, oldest first: polite, or assertive (errors). */
export function announced(politeness: "polite" | "assertive"): string[] {
  const region = document.querySelector(`[data-live-announcer] [aria-live="${politeness}"]`);
  return Array.from(region?.children ?? [], (message) => message.textContent ?? "").filter(Boolean);
}

/**
 * What shows on screen (in `container`) the words last told to screen readers `politeness`ly
 * (polite for a status, assertive for an error): its banner, or the element that said them.
 */
export function getAnnounced(
  politeness: "polite" | "assertive",
  container: ParentNode = document,
): HTMLElement {
  const said = announced(politeness).at(-1);
  if (said === undefined) throw new Error(`Nothing was announced (${politeness})`);
  const shown = Array.from(container.querySelectorAll<HTMLElement>("[data-announced]")).find(
    (element) => spokenText(element) === said,
  );
  if (!shown) throw new Error(`"${said}" was announced (${politeness}) but nothing on screen says it`);
  return shown.closest<HTMLElement>("[data-banner]") ?? shown;
}

/**
 * The live region `element` is in (its own live role or `aria-live`, or an ancestor's), outside the
 * announcer's: an element that takes focus in one is read twice, once by focus and once as news.
 */
export function liveRegionOf(element: Element): Element | null {
  return element.closest(
    ':is([role="status"], [role="alert"], [role="log"], [aria-live]):not([aria-live="off"], [data-live-announcer] *)',
  );
}

/** `getAnnounced` once it is there. */
export function findAnnounced(politeness: "polite" | "assertive", container: ParentNode = document) {
  return waitFor(() => getAnnounced(politeness, container));
}
