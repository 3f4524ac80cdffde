export const USER_MESSAGES = {
  notFound: "User not found",
  created: "User created successfully",
  updated: "User updated successfully",
  deleted: "User deleted successfully",
  passwordChanged: "Password changed successfully",
  lastAdminDemote: "The last admin cannot be demoted. Make another user an admin first.",
  lastAdminDelete: "The last admin cannot be deleted. Make another user an admin first.",
  deleteSelf: "You cannot delete your own account. Ask another admin to do it.",
} as const;

type Target = { id: string; isAdmin: boolean };

/** Why a role change must not happen (the product must always keep an admin), or null. */
export function roleChangeRefusal(target: Target, makeAdmin: boolean, adminCount: number): string | null {
  if (target.isAdmin && !makeAdmin && adminCount <= 1) return USER_MESSAGES.lastAdminDemote;
  return null;
}

/**
 * Why an admin must not delete this user, or null. Deleting oneself would end the session
 * mid-action and could leave nobody able to administer; the last admin is kept for the same reason.
 */
export function userDeletionRefusal(actorId: string, target: Target, adminCount: number): string | null {
  if (target.id === actorId) return USER_MESSAGES.deleteSelf;
  if (target.isAdmin && adminCount <= 1) return USER_MESSAGES.lastAdminDelete;
  return null;
}
