import { ApiError } from "./api-client";

/** No room left on the server to store a write: its message says nothing was saved and to try later. */
const INSUFFICIENT_STORAGE = 507;

/**
 * The server's own reason for a refused request (4xx other than 401, e.g. "last admin", a full
 * disk's 507, or a fault the server explains with `tryAgain`, e.g. a bulk resend that queued
 * nothing), else null. Other 5xx answers and network failures carry nothing a user can act on.
 */
export function serverReason(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status === 401) return null;
  const refused = err.status >= 400 && err.status < 500;
  return refused || err.status === INSUFFICIENT_STORAGE || err.tryAgain ? err.message || null : null;
}

/** The server's reason when it gave one, else the screen's fixed text (spec §8). */
export function reasonOr(err: unknown, fallback: string): string {
  return serverReason(err) ?? fallback;
}

/** The screen's fixed text followed by the server's reason when it gave one. */
export function withReason(err: unknown, fallback: string): string {
  const reason = serverReason(err);
  return reason ? `${fallback}: ${reason}` : fallback;
}
