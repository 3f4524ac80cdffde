import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrganisationDto, OrganisationInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const organisationKey = queryKeys.organisation;

/** The organisation that issues letters (GET /api/letters/organisation, admins). */
export function useOrganisation() {
  return useQuery({
    queryKey: organisationKey,
    queryFn: () => api<OrganisationDto>("/api/letters/organisation"),
  });
}

/** Saves name, address, signatory and paper size (PUT /api/letters/organisation). */
export function useUpdateOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganisationInput) =>
      api<OrganisationDto>("/api/letters/organisation", { method: "PUT", body: input }),
    onSuccess: (org) => client.setQueryData(organisationKey, org),
  });
}
