import { api } from "../../../lib/api-client";

/** Asks for reset instructions by e-mail; the server answers the same for unknown addresses. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api("/api/auth/forgot-password", { method: "POST", body: { email }, anonymous: true });
}

/** Sets a new password with the token from the e-mail. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
    method: "POST",
    body: { password },
    anonymous: true,
  });
}
