import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Saves an edited application (PUT /api/applications/:id). */
export function useUpdateApplication(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      api<ApplicationDto>(`/api/applications/${encodeURIComponent(id)}`, { method: "PUT", body: payload }),
    // Lists, stats and this detail may all show the changed fields or status.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
