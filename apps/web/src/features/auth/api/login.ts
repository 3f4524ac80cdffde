import type { AuthTokenDto, LoginInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { saveSession } from "../../../lib/session";

/** Signs in and stores token, userId and userRole. Anonymous: a 401 here is a wrong password. */
export async function login(input: LoginInput): Promise<AuthTokenDto> {
  const res = await api<AuthTokenDto>("/api/auth/login", { method: "POST", body: input, anonymous: true });
  saveSession({ token: res.token, userId: res.userId, userRole: res.role });
  return res;
}
