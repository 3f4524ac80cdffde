import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LetterTemplateDto, LetterTemplateInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

const templateKey = queryKeys.letterTemplate;
const templateUrl = (meetingId: string) => `/api/letters/templates/${encodeURIComponent(meetingId)}`;

/** A meeting's letter template, or the default one (GET /api/letters/templates/:meetingId). */
export function useLetterTemplate(meetingId: string | null) {
  return useQuery({
    queryKey: templateKey(meetingId ?? ""),
    queryFn: () => api<LetterTemplateDto>(templateUrl(meetingId ?? "")),
    enabled: !!meetingId,
  });
}

/** Saves the meeting's own template (PUT). */
export function useSaveLetterTemplate(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LetterTemplateInput) =>
      api<LetterTemplateDto>(templateUrl(meetingId), { method: "PUT", body: input }),
    onSuccess: (t) => client.setQueryData(templateKey(meetingId), t),
  });
}

/** Drops the meeting's own template so its letters use the default again (DELETE). */
export function useResetLetterTemplate(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<LetterTemplateDto>(templateUrl(meetingId), { method: "DELETE" }),
    onSuccess: (t) => client.setQueryData(templateKey(meetingId), t),
  });
}
