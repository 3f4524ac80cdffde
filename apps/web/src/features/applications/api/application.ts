import { useQuery } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const applicationKey = queryKeys.application;

/** One application (GET /api/applications/:id). */
export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: () => api<ApplicationDto>(`/api/applications/${encodeURIComponent(id)}`),
  });
}
