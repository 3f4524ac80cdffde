/** Browser storage of the session (spec §3: token, userId and userRole). */
const KEYS = ["token", "userId", "userRole"] as const;
type Listener = () => void;
const listeners = new Set<Listener>();

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
  emit();
}

/** Logout clears token, userId and userRole. */
export function clearSession(): void {
  for (const k of KEYS) localStorage.removeItem(k);
  emit();
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

function emit() {
  for (const l of listeners) l();
}
