import { createTestApp } from "../../apps/api/src/test/test-app.js";

export interface Route {
  method: string;
  /** Fastify pattern, e.g. /api/applications/:id/pdf */
  path: string;
  params: string[];
}

/**
 * Every route the server registers, read from the app itself (built on an in-memory database),
 * so routes added later are covered without editing this list.
 */
export async function discoverRoutes(): Promise<Route[]> {
  const t = await createTestApp();
  try {
    return parseRouteTree(t.app.printRoutes({ commonPrefix: false }));
  } finally {
    await t.close();
  }
}

/** Parses Fastify's printRoutes tree ("├── /api/x (GET, HEAD)" with 4-column indentation). */
export function parseRouteTree(tree: string): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split("\n")) {
    const m = /^([│\s]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? "").length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + (m[2] ?? "");
    stack[depth] = path;
    for (const method of (m[3] ?? "").split(",").map((s) => s.trim())) {
      if (!method || method === "HEAD" || method === "OPTIONS") continue;
      routes.push({ method, path, params: [...path.matchAll(/:(\w+)/g)].map((p) => p[1] as string) });
    }
  }
  return routes;
}

/** Routes anyone may call; every other route needs a session (spec §7). */
export const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password/:token",
  "GET /api/verify/:reference",
]);

export const isPublic = (r: Route) => PUBLIC_ROUTES.has(`${r.method} ${r.path}`);
