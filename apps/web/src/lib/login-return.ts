import type { StoredSession } from "./session";

/**
 * What /login is sent in its location state: why the last session ended, and the signed-in page
 * (path and query, as the address bar showed it) to return to after signing in.
 */
export interface LoginState {
  message?: string;
  from?: string;
}

/** Where a sign-in lands when there is no page to return to (spec: /, the dashboard). */
const DEFAULT_LANDING = "/";

// Only ever resolved against, never visited: a path that leaves it leaves this site.
const THIS_SITE = "http://portal.invalid";

/**
 * Where a sign-in goes: `from` when it is a path of this site that the user's role may open,
 * otherwise the dashboard. `from` comes from a location's state, so nothing in it is trusted.
 */
export function pathAfterLogin(from: unknown, role: StoredSession["userRole"]): string {
  if (typeof from !== "string") return DEFAULT_LANDING;
  const pathname = sameSitePathname(from);
  if (pathname === null) return DEFAULT_LANDING;
  if (role !== "admin" && isAdminPath(pathname)) return DEFAULT_LANDING;
  return from;
}

/**
 * The pathname `value` resolves to, if it is a path of this site: it starts with one "/" (not "//"
 * or "/\", which browsers read as another host), and resolved as a browser would (which drops tabs
 * and line breaks, so "/\t/evil.example" is "//evil.example") it stays on this site, its path not
 * starting with "//" either (as "/.//evil.example" would).
 */
function sameSitePathname(value: string): string | null {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(value, THIS_SITE);
  } catch {
    return null;
  }
  if (url.origin !== THIS_SITE || url.pathname.startsWith("//")) return null;
  return url.pathname;
}

/** Whether the router would take the path to an admin page (it matches decoded and in any case). */
function isAdminPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return /^\/admin(\/|$)/i.test(decoded);
}
