import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrganisationDto } from "@visa/domain";
import { useEffect, useState } from "react";
import { api, apiBlob } from "../../../lib/api-client";
import { organisationKey } from "./organisation";

export type OrganisationImage = "logo" | "signature";

/**
 * The stored logo or signature as an object URL for an <img>, fetched with the session (the
 * image route is for admins). `version` refetches it after a change; the URL is revoked on change.
 */
export function useOrganisationImageUrl(which: OrganisationImage, present: boolean, version: string) {
  const query = useQuery({
    queryKey: [...organisationKey, which, version],
    queryFn: async () => (await apiBlob(`/api/letters/organisation/${which}`)).blob,
    enabled: present,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!present || !query.data) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [present, query.data]);
  return url;
}

/** Uploads a PNG or JPEG as the logo or the signature (multipart field "file"). */
export function useUploadOrganisationImage(which: OrganisationImage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api<OrganisationDto>(`/api/letters/organisation/${which}`, { method: "POST", form });
    },
    onSuccess: (org) => client.setQueryData(organisationKey, org),
  });
}

/** Removes the logo or the signature. */
export function useRemoveOrganisationImage(which: OrganisationImage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<OrganisationDto>(`/api/letters/organisation/${which}`, { method: "DELETE" }),
    onSuccess: (org) => client.setQueryData(organisationKey, org),
  });
}
