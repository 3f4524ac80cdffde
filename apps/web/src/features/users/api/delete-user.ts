import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Deletes a user and their applications (never oneself, never the last admin). */
export function deleteUser(id: string): Promise<{ message: string }> {
  return api(`/api/users/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.users }),
        qc.invalidateQueries({ queryKey: queryKeys.applications }),
      ]),
  });
}
