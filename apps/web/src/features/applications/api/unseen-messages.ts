import { useQuery } from "@tanstack/react-query";
import type { UnseenMessagesDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * How many messages of the secretariat the signed-in user has not seen, per application of theirs
 * (GET /api/applications/unseen-messages). Under the applications' key, so acting on a request
 * (an edit, a withdrawal, an upload) refreshes it.
 */
export function useUnseenMessages() {
  return useQuery({
    queryKey: queryKeys.unseenMessages,
    queryFn: () => api<UnseenMessagesDto>("/api/applications/unseen-messages"),
    select: (rows) => new Map(rows.map((r) => [r.applicationId, r.count])),
  });
}
