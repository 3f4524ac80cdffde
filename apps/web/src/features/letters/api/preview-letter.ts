import { useMutation } from "@tanstack/react-query";
import type { LetterPreviewInput } from "@visa/domain";
import { apiBlob } from "../../../lib/api-client";

/** A PDF of the template filled with sample data, before it is saved (POST /api/letters/preview). */
export function usePreviewLetter() {
  return useMutation({
    mutationFn: async (input: LetterPreviewInput) =>
      (await apiBlob("/api/letters/preview", { method: "POST", body: input })).blob,
  });
}
