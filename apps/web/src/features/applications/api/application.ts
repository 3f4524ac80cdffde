import { useQuery } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const applicationKey = queryKeys.application;

/**
 * Whether the approved letter is on its way by mail: it goes to the owner's address once that is
 * verified (never before), or for an imported request without an owner to the file's address.
 * The owner's, not the viewer's: an admin reading someone's request follows the applicant's mail.
 */
function letterMailOnItsWay(app: ApplicationDto | undefined): boolean {
  if (app?.status !== "Approved" || app.letterEmailed) return false;
  return app.userId === null || app.userId.emailVerified;
}

/** One application (GET /api/applications/:id). */
export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: () => api<ApplicationDto>(`/api/applications/${encodeURIComponent(id)}`),
    // The letter is mailed in the background after approval: look again until it has gone, so
    // 'Letter emailed' turns to Yes without a reload.
    refetchInterval: (q) => (letterMailOnItsWay(q.state.data) && q.state.dataUpdateCount < 40 ? 3000 : false),
  });
}
