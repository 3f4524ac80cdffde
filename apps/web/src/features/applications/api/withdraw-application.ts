import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Withdraws the applicant's own Pending or Approved request (POST /api/applications/:id/withdraw). */
export function useWithdrawApplication(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ApplicationDto>(`/api/applications/${encodeURIComponent(id)}/withdraw`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
