import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Sets a user's password; their sessions issued before end. */
export function changeUserPassword({
  id,
  password,
}: {
  id: string;
  password: string;
}): Promise<{ message: string }> {
  return api(`/api/users/${encodeURIComponent(id)}/password`, { method: "PUT", body: { password } });
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
