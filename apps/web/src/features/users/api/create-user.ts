import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateUserInput } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Creates an account, optionally an admin. */
export function createUser(input: CreateUserInput): Promise<{ message: string }> {
  return api("/api/users", { method: "POST", body: input });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Imported applications with this e-mail now belong to the new account.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.users }),
        qc.invalidateQueries({ queryKey: queryKeys.applications }),
      ]),
  });
}
