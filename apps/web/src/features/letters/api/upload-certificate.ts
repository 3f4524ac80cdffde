import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrganisationDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { organisationKey } from "./organisation";

/** Replaces the signing certificate with a PKCS#12 file and its passphrase (checked by the server). */
export function useUploadCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, passphrase }: { file: File; passphrase: string }) => {
      const form = new FormData();
      form.append("passphrase", passphrase);
      form.append("file", file);
      return api<OrganisationDto>("/api/letters/certificate", { method: "POST", form });
    },
    onSuccess: (org) => client.setQueryData(organisationKey, org),
  });
}
