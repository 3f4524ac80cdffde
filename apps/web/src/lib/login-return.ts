import type { StoredSession } from "./session";

/**
 * What /login is sent in its location state: why the last session ended, the signed-in page (path
 * and query, as the address bar showed it) to return to after signing in, and the account whose
 * session ended in this tab before (none for a page opened while signed out).
 */
export interface LoginState {
  message?: string;
  from?: string;
  /** userId of the account that was signed in here: only it goes back to `from`. */
  account?: string;
}

/** Where a sign-in lands when there is no page to return to (spec: /, the dashboard). */
const DEFAULT_LANDING = "/";

// Only ever resolved against, never visited: a path that leaves it leaves this site.
const THIS_SITE = "http://portal.invalid";

/**
 * Where a sign-in goes: the remembered page when it is a path of this site that the user's role may
 * open and, if an account's session ended here, the same account signed in (on a shared computer
 * the next person would be sent to the last one's application); otherwise the dashboard. The state
 * comes from a location, so nothing in it is trusted.
 */
export function pathAfterLogin(state: unknown, signedIn: Pick<StoredSession, "userId" | "userRole">): string {
  if (typeof state !== "object" || state === null) return DEFAULT_LANDING;
  const { from, account } = state as Record<string, unknown>;
  if (typeof from !== "string") return DEFAULT_LANDING;
  if (account !== undefined && account !== signedIn.userId) return DEFAULT_LANDING;
  const role = signedIn.userRole;
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
