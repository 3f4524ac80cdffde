import { useMutation } from "@tanstack/react-query";
import type { AuthTokenDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { saveSession } from "../../../lib/session";

type PasswordAnswer = { message: string } & Partial<AuthTokenDto>;

/** Sets a user's password; every session they had ends. */
export function changeUserPassword({
  id,
  password,
}: {
  id: string;
  password: string;
}): Promise<PasswordAnswer> {
  return api(`/api/users/${encodeURIComponent(id)}/password`, { method: "PUT", body: { password } });
}

export function useChangeUserPassword() {
  return useMutation({
    mutationFn: changeUserPassword,
    // An admin changing their own password also ends their own session; the server hands back a
    // fresh one, which keeps them signed in.
    onSuccess: (answer) => {
      if (answer.token && answer.userId && answer.role) {
        saveSession({ token: answer.token, userId: answer.userId, userRole: answer.role });
      }
    },
  });
}
