import { setImmediate as nextTurn } from "node:timers/promises";

/** How long a long task may hold the event loop before it lets other requests in. */
export const TURN_MS = 20;

/**
 * For a long piece of work done in steps (an import's rows): call the returned function between
 * steps; it resolves at once until the work has held the thread for `turnMs`, then after one turn
 * of the event loop, so `/api/health` and other requests are answered meanwhile.
 */
export function turnTaker(turnMs = TURN_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < turnMs) return;
    await nextTurn();
    since = performance.now();
  };
}
