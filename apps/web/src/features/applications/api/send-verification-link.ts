import { api } from "../../../lib/api-client";

/** Admin: mail an account a new link to verify its own address (the server sends it). */
export function sendVerificationLink(userId: string): Promise<{ message: string }> {
  return api(`/api/users/${encodeURIComponent(userId)}/verification-link`, { method: "POST" });
}
