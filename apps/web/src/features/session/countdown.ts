import { SESSION_WARNING_SECONDS } from "@visa/domain";
import { useEffect, useState } from "react";
import { onApiEvent } from "../../lib/api-client";
import { getSession, tokenExpiry } from "../../lib/session";

/**
 * Seconds left before the token expires when inside the warning window (0 = expired),
 * or null while more than SESSION_WARNING_SECONDS remain or the token carries no expiry.
 */
export function warningSecondsLeft(expSeconds: number | null, nowMs: number): number | null {
  if (expSeconds === null) return null;
  const left = Math.max(0, Math.ceil(expSeconds - nowMs / 1000));
  return left <= SESSION_WARNING_SECONDS ? left : null;
}

/** 299 -> "4:59" */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Whole minutes for the warning text, rounded up so "0" never shows while time remains. */
export function minutesLeft(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

function currentExpiry(): number | null {
  const token = getSession()?.token;
  return token ? tokenExpiry(token) : null;
}

/**
 * Watches the stored token's real expiry: null until the warning window, then the seconds left,
 * recomputed every second from the clock (so a sleeping laptop catches up at once) and at every
 * successful API response (which may follow a refresh in another tab).
 */
export function useSessionCountdown(token: string | null): number | null {
  const [left, setLeft] = useState(() => warningSecondsLeft(token ? tokenExpiry(token) : null, Date.now()));
  useEffect(() => {
    if (!token) {
      setLeft(null);
      return;
    }
    const update = () => setLeft(warningSecondsLeft(currentExpiry(), Date.now()));
    update();
    const timer = setInterval(update, 1000);
    const unsubscribe = onApiEvent((e) => {
      if (e.type === "success") update();
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [token]);
  return left;
}
