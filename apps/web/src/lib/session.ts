/** Browser storage of the session (spec §3: token, userId and userRole). */
const KEYS = ["token", "userId", "userRole"] as const;
type Listener = () => void;
const listeners = new Set<Listener>();
// Why the last session ended (e.g. 'Session expired. Please log in again.'), shown on /login.
let logoutReason: string | null = null;

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
  emit();
}

/** Logout clears token, userId and userRole; `reason` is shown on the login page. */
export function clearSession(reason?: string): void {
  for (const k of KEYS) localStorage.removeItem(k);
  // What the admin searched for (lib/list-query.ts) is not the next person's business.
  sessionStorage.clear();
  logoutReason = reason ?? null;
  emit();
}

/** The message of the last logout that had one (until the next login). */
export function lastLogoutReason(): string | null {
  return logoutReason;
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
    if (e.key === null || (KEYS as readonly string[]).includes(e.key)) emit();
  });
}

function emit() {
  for (const l of listeners) l();
}
