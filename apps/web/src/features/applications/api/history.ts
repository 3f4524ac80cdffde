import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApplicationStatus, NeighboursDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { type ListPlace, listApiParams } from "../../../lib/list-query";
import { queryKeys } from "../../../lib/query-keys";

/**
 * The previous and next application in the admin list the detail page was opened from, where it
 * stood there with the status it was seen with (a decision since may sort it elsewhere).
 */
export function useNeighbours(
  id: string,
  place: (ListPlace & { meetingId: string }) | null,
  seenStatus: ApplicationStatus,
) {
  return useQuery({
    queryKey: queryKeys.applicationNeighbours({ id, place, seenStatus }),
    queryFn: () => {
      const params = listApiParams(place as ListPlace & { meetingId: string });
      params.set("id", id);
      params.set("seenStatus", seenStatus);
      return api<NeighboursDto>(`/api/applications/neighbours?${params}`);
    },
    enabled: place !== null,
  });
}

/** An admin's note, message or request for changes on one application. */
export function useReviewNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, text }: { kind: "notes" | "messages" | "request-changes"; text: string }) =>
      api<{ message: string }>(`/api/applications/${encodeURIComponent(id)}/${kind}`, {
        method: "POST",
        body: { text },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
