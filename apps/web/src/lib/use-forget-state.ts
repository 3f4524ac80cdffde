import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/** A history entry's state without `keys` (null when nothing else is left). */
export function stateWithout(state: unknown, keys: readonly string[]): Record<string, unknown> | null {
  if (!state || typeof state !== "object") return null;
  const rest = Object.entries(state).filter(([k]) => !keys.includes(k));
  return rest.length > 0 ? Object.fromEntries(rest) : null;
}

/**
 * What a move carries to a page in the history entry's state for one use (a line to say, a row to
 * focus) is taken off the entry once used, so a reload or a later Back to the entry shows the page
 * plainly. The callback replaces the entry (same address, the rest of its state kept); it does
 * nothing when the entry carries none of `keys`.
 */
export function useForgetState(keys: readonly string[]): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = location;
  return useCallback(() => {
    if (!state || typeof state !== "object" || !keys.some((k) => k in state)) return;
    navigate({ pathname, search, hash }, { replace: true, state: stateWithout(state, keys) });
  }, [navigate, pathname, search, hash, state, keys]);
}
