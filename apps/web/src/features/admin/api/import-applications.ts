import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResultDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Sends a CSV file; each row is created, updated or refused on its own. */
export function importApplications(file: File): Promise<ImportResultDto> {
  const form = new FormData();
  form.append("file", file);
  return api<ImportResultDto>("/api/applications/import", { method: "POST", form });
}

export function useImportApplications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importApplications,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
