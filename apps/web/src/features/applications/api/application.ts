import { useQuery } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const applicationKey = queryKeys.application;

/**
 * One application (GET /api/applications/:id). `awaitLetterMail`: whether an approved letter not
 * yet e-mailed is on its way, so the page looks again until it has gone.
 */
export function useApplication(id: string, { awaitLetterMail = true }: { awaitLetterMail?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: () => api<ApplicationDto>(`/api/applications/${encodeURIComponent(id)}`),
    // The letter is mailed in the background after approval: look again until it has gone, so
    // 'Letter emailed' turns to Yes without a reload.
    refetchInterval: (q) =>
      awaitLetterMail &&
      q.state.data?.status === "Approved" &&
      !q.state.data.letterEmailed &&
      q.state.dataUpdateCount < 40
        ? 3000
        : false,
  });
}
