import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeetingDto, MeetingInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Creates a meeting; dates go as "YYYY-MM-DD" days. */
export function createMeeting(input: MeetingInput): Promise<MeetingDto> {
  return api<MeetingDto>("/api/meetings", { method: "POST", body: input });
}

export function useCreateMeeting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createMeeting,
    // Every meeting list (this screen, the active list of the form, admin tabs) starts with "meetings".
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.meetings }),
  });
}
