import type { AuthTokenDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { saveSession } from "../../../lib/session";

/** Renews the session with a fresh token (POST /api/auth/refresh) and stores it. */
export async function refreshSession(): Promise<void> {
  const res = await api<AuthTokenDto>("/api/auth/refresh", { method: "POST" });
  saveSession({ token: res.token, userId: res.userId, userRole: res.role });
}
