import type { AuthTokenDto, RegisterInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { saveSession } from "../../../lib/session";

/** Creates the account, then stores its session like a login. */
export async function register(input: RegisterInput): Promise<AuthTokenDto> {
  const res = await api<AuthTokenDto>("/api/auth/register", { method: "POST", body: input, anonymous: true });
  saveSession({ token: res.token, userId: res.userId, userRole: res.role });
  return res;
}
