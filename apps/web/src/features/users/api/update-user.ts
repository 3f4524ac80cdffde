import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateUserInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Changes a user's name and e-mail. */
export function updateUser({
  id,
  input,
}: {
  id: string;
  input: UpdateUserInput;
}): Promise<{ message: string }> {
  return api(`/api/users/${encodeURIComponent(id)}`, { method: "PUT", body: input });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
