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
    // The letter is mailed in the background after approval: look again until it has gone, so
    // 'Letter emailed' turns to Yes without a reload.
    refetchInterval: (q) =>
      q.state.data?.status === "Approved" && !q.state.data.letterEmailed && q.state.dataUpdateCount < 40
        ? 3000
        : false,
  });
}
