import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Deletes one application (its letter is revoked on the server). */
export function deleteApplication(id: string): Promise<{ message: string }> {
  return api(`/api/applications/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
