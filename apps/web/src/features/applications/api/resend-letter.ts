import { api } from "../../../lib/api-client";

/** Admin: e-mail the approved letter to the applicant again (the server queues it). */
export function resendLetter(applicationId: string): Promise<{ message: string }> {
  return api(`/api/applications/${encodeURIComponent(applicationId)}/letter/resend`, { method: "POST" });
}
