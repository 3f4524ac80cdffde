/**
 * What '& next' tells the next request's page, in the history entry's state: the decision it
 * took on the one before, which the page reads out (focus goes to its heading, so the answer is
 * not otherwise heard) and shows.
 */
export interface ReviewMove {
  decided: string;
}

/** The decision a move to this page carries, or null. */
export function readReviewMove(state: unknown): string | null {
  const decided = (state as Partial<ReviewMove> | null)?.decided;
  return typeof decided === "string" ? decided : null;
}
