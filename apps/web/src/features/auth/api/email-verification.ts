import { api } from "../../../lib/api-client";

/** Uses the link from the verification e-mail (POST /api/auth/verify-email/:token). */
export async function verifyEmail(token: string): Promise<{ message: string }> {
  return api(`/api/auth/verify-email/${encodeURIComponent(token)}`, { method: "POST", anonymous: true });
}
