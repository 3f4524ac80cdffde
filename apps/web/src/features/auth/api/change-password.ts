import type { AuthTokenDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { saveSession } from "../../../lib/session";

/**
 * Changes the signed-in user's password (POST /api/auth/change-password). The change ends every
 * session issued before it, this one too, so the fresh session the answer carries is kept.
 */
export async function changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  const res = await api<AuthTokenDto & { message: string }>("/api/auth/change-password", {
    method: "POST",
    body: { currentPassword, newPassword },
  });
  saveSession({ token: res.token, userId: res.userId, userRole: res.role });
}
