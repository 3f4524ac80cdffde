import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { applicationKey } from "./application";

/**
 * Attaches a supporting document (POST /api/upload/:id, multipart field `file`). An upload is the
 * owner acting on the request, so the history is read again: the messages before it are seen.
 */
export function useUploadDocument(applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api<DocumentDto>(`/api/upload/${encodeURIComponent(applicationId)}`, { method: "POST", form });
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: applicationKey(applicationId) }),
        qc.invalidateQueries({ queryKey: queryKeys.applicationHistory(applicationId) }),
        qc.invalidateQueries({ queryKey: queryKeys.unseenMessages }),
      ]),
  });
}
