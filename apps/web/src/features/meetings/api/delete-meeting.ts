import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Deletes a meeting; the server refuses (409) while applications belong to it. */
export function deleteMeeting(id: string): Promise<{ message: string }> {
  return api(`/api/meetings/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteMeeting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMeeting,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.meetings }),
  });
}
