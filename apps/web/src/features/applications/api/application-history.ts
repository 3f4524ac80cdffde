import { useQuery } from "@tanstack/react-query";
import type { HistoryEntryDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * An application's history as its reader may see it (GET /api/applications/:id/history): all of
 * it for admins; status changes, messages and requests for changes for the applicant. Under the
 * applications' key, so every change to applications refreshes it too.
 */
export function useApplicationHistory(id: string) {
  return useQuery({
    queryKey: queryKeys.applicationHistory(id),
    queryFn: () => api<HistoryEntryDto[]>(`/api/applications/${encodeURIComponent(id)}/history`),
  });
}
