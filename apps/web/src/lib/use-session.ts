import { useSyncExternalStore } from "react";
import { getSession, onSessionChange, type StoredSession } from "./session";

let cached: StoredSession | null = null;
let cachedKey = "";

// useSyncExternalStore needs a stable snapshot: the same object while storage is unchanged.
function snapshot(): StoredSession | null {
  const s = getSession();
  const key = s ? `${s.token}|${s.userId}|${s.userRole}` : "";
  if (key !== cachedKey) {
    cachedKey = key;
    cached = s;
  }
  return cached;
}

/** The current session, re-rendering on login, logout, refresh and other tabs' changes. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(onSessionChange, snapshot, snapshot);
}
