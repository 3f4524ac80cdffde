import { useQuery } from "@tanstack/react-query";
import type { HistoryEntryDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** An application's history as its reader may see it (GET /api/applications/:id/history). */
export function useApplicationHistory(id: string) {
  return useQuery({
    // Under the application's keys, so every change to applications refreshes it too.
    queryKey: [...queryKeys.application(id), "history"],
    queryFn: () => api<HistoryEntryDto[]>(`/api/applications/${encodeURIComponent(id)}/history`),
  });
}
