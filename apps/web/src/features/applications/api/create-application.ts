import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Submits a new application (POST /api/applications, meeting as its id). */
export function useCreateApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      api<ApplicationDto>("/api/applications", { method: "POST", body: payload }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
