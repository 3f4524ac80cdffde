import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { applicationKey } from "./application";

/** Attaches a supporting document (POST /api/upload/:id, multipart field `file`). */
export function useUploadDocument(applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api<DocumentDto>(`/api/upload/${encodeURIComponent(applicationId)}`, { method: "POST", form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: applicationKey(applicationId) }),
  });
}
