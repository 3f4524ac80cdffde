import { ApiError } from "../../../lib/api-client";

/** The server's reason for a refused request (a 4xx with a message), else the screen's own text. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.message) {
    return err.message;
  }
  return fallback;
}
