import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeetingDto, MeetingInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Replaces a meeting's fields, including whether it is active. */
export function updateMeeting({ id, input }: { id: string; input: MeetingInput }): Promise<MeetingDto> {
  return api<MeetingDto>(`/api/meetings/${encodeURIComponent(id)}`, { method: "PUT", body: input });
}

export function useUpdateMeeting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMeeting,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: queryKeys.meetings });
      // Applications embed their meeting's name and dates.
      qc.invalidateQueries({ queryKey: queryKeys.applications });
    },
  });
}
