import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";

// jsdom has no ResizeObserver; Headless UI menus watch their anchor with one. Nothing resizes here.
if (!("ResizeObserver" in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Renders a screen at a path with a fresh query cache, as the app would. */
export function renderAt(path: string, element: ReactElement, routePath = path.split("?")[0] ?? "/") {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: "*", element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

export interface Call {
  method: string;
  url: URL;
  body: BodyInit | null | undefined;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** Stands in for the network: each request goes to the first handler that answers it. */
export function fakeNetwork(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const call = { method: init?.method ?? "GET", url, body: init?.body };
    calls.push(call);
    for (const h of handlers) {
      const res = await h(call);
      if (res) return res;
    }
    return json({ message: "Not found" }, 404);
  };
  return { calls, fetchImpl };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A handler for one method and path. */
export function route(
  method: string,
  path: string,
  answer: (call: Call) => Response | Promise<Response>,
): Handler {
  return (call) => (call.method === method && call.url.pathname === path ? answer(call) : undefined);
}
