import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Promotes a user to admin or demotes an admin (never the last one: the server refuses). */
export function updateUserRole({
  id,
  isAdmin,
}: {
  id: string;
  isAdmin: boolean;
}): Promise<{ message: string }> {
  return api(`/api/users/${encodeURIComponent(id)}/role`, { method: "PUT", body: { isAdmin } });
}

export function useUpdateUserRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}
