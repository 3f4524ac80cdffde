/** Browser storage of the session (spec §3: token, userId and userRole). */
const KEYS = ["token", "userId", "userRole"] as const;
type Listener = () => void;
const listeners = new Set<Listener>();
// Why the last session ended (e.g. 'Session expired. Please log in again.'), shown on /login.
let logoutReason: string | null = null;
// Whether the user asked to log out and has not signed in since: /login then forgets their page.
let logoutChosen = false;
// The account whose session last ended in this tab (sessionStorage: the tab's, and it outlives a
// reload): a page remembered then is that account's, not the next person's to be sent to.
const ENDED_ACCOUNT_KEY = "endedAccount";

export interface StoredSession {
  token: string;
  userId: string;
  userRole: "admin" | "user";
}

/** The stored session, or null when signed out. */
export function getSession(): StoredSession | null {
  const token = localStorage.getItem("token");
  const userId = localStorage.getItem("userId");
  const userRole = localStorage.getItem("userRole");
  if (!token || !userId) return null;
  return { token, userId, userRole: userRole === "admin" ? "admin" : "user" };
}

export function saveSession(s: StoredSession): void {
  localStorage.setItem("token", s.token);
  localStorage.setItem("userId", s.userId);
  localStorage.setItem("userRole", s.userRole);
  logoutReason = null;
  logoutChosen = false;
  sessionStorage.removeItem(ENDED_ACCOUNT_KEY);
  emit();
}

/** Logout clears token, userId and userRole; `reason` is shown on the login page. */
export function clearSession(reason?: string): void {
  const ended = localStorage.getItem("userId") ?? endedAccount();
  for (const k of KEYS) localStorage.removeItem(k);
  // What the admin searched for (lib/list-query.ts) is not the next person's business.
  sessionStorage.clear();
  if (ended) sessionStorage.setItem(ENDED_ACCOUNT_KEY, ended);
  logoutReason = reason ?? null;
  emit();
}

/** The message of the last logout that had one (until the next login). */
export function lastLogoutReason(): string | null {
  return logoutReason;
}

/**
 * Marks the session's end as the user's own choice (Logout), before the server is asked: however
 * it then ends (a 401 included), there is no page to come back to.
 */
export function chooseLogout(): void {
  logoutChosen = true;
}

/**
 * Whether the session ended because the user logged out, rather than expiring or being refused
 * (until the next sign-in).
 */
export function logoutWasChosen(): boolean {
  return logoutChosen;
}

/**
 * The userId of the account whose session last ended in this tab (expired, refused or logged out),
 * until the next sign-in; null when this tab has not been signed in since it opened.
 */
export function endedAccount(): string | null {
  return sessionStorage.getItem(ENDED_ACCOUNT_KEY);
}

/** The token's expiry (seconds since the epoch) read from its payload, or null. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof json.exp === "number" ? json.exp : null;
  } catch {
    return null;
  }
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    // A session signed in there is a new one here too.
    if (e.key === "token" && e.newValue) logoutChosen = false;
    // Signed out there: this tab's pages were that account's.
    if (e.key === "userId" && e.oldValue && !e.newValue)
      sessionStorage.setItem(ENDED_ACCOUNT_KEY, e.oldValue);
    if (e.key === null || (KEYS as readonly string[]).includes(e.key)) emit();
  });
}

function emit() {
  for (const l of listeners) l();
}
