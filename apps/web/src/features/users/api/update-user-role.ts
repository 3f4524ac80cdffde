import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { getSession, saveSession } from "../../../lib/session";

/** Promotes a user to admin or demotes an admin (never the last one: the server refuses). */
export function updateUserRole({
  id,
  isAdmin,
}: {
  id: string;
  isAdmin: boolean;
}): Promise<{ message: string }> {
  return api(`/api/users/${encodeURIComponent(id)}/role`, { method: "PUT", body: { isAdmin } });
}

export function useUpdateUserRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: (_answer, { id, isAdmin }) => {
      // The server reads the role from the database at once; an admin who demoted themself
      // leaves the admin area instead of meeting 403s.
      const session = getSession();
      if (session && session.userId === id) saveSession({ ...session, userRole: isAdmin ? "admin" : "user" });
      return qc.invalidateQueries({ queryKey: queryKeys.users });
    },
  });
}
