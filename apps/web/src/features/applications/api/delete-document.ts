import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { applicationKey } from "./application";

/** Removes a supporting document (DELETE on the document's own url). */
export function useDeleteDocument(applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (doc: DocumentDto) => api(doc.url, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: applicationKey(applicationId) }),
  });
}
