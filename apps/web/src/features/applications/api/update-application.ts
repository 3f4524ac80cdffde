import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * Saves an edited application (PUT /api/applications/:id) made to the version last changed at
 * `editedVersion` (its updatedAt): the server refuses it (412) if the application changed since.
 */
export function useUpdateApplication(id: string, editedVersion: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      api<ApplicationDto>(`/api/applications/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: payload,
        headers: { "if-match": `"${editedVersion}"` },
      }),
    // Lists, stats and this detail may all show the changed fields or status; after a refusal,
    // the detail shows what changed meanwhile once the form is closed.
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
