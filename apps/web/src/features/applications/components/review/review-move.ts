import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useForgetState } from "../../../../lib/use-forget-state";

/**
 * What '& next' tells the next request's page, in the history entry's state: the decision it
 * took on the one before, which the page reads out (focus goes to its heading, so the answer is
 * not otherwise heard) and shows.
 */
export interface ReviewMove {
  decided: string;
}

const KEYS = ["decided"] as const;

/** The decision a move to this page carries, or null. */
export function readReviewMove(state: unknown): string | null {
  const decided = (state as Partial<ReviewMove> | null)?.decided;
  return typeof decided === "string" ? decided : null;
}

/**
 * The line '& next' left for this request's page, said once: it stays while the reviewer is on
 * the page, but is taken off the history entry at once, so a reload or a later Back to the page
 * shows it plainly. A move to another request without a decision clears it.
 */
export function useReviewMoveLine(): string | null {
  const location = useLocation();
  const carried = readReviewMove(location.state);
  const forget = useForgetState(KEYS);
  const [shown, setShown] = useState({ key: location.key, path: location.pathname, line: carried });
  if (shown.key !== location.key) {
    // The entry replaced without the line (same page) keeps it on screen; another page has its own.
    const line = carried ?? (shown.path === location.pathname ? shown.line : null);
    setShown({ key: location.key, path: location.pathname, line });
  }
  useEffect(() => {
    if (carried !== null) forget();
  }, [carried, forget]);
  return shown.key === location.key ? shown.line : carried;
}
