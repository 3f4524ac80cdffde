import type { UserDto } from "@visa/domain";
import { useEffect } from "react";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { withReason } from "../../../lib/failure-message";
import { getSession } from "../../../lib/session";
import { useUpdateUserRole } from "../api/update-user-role";

export interface RoleChangeDialogProps {
  user: UserDto | null;
  onClose: () => void;
  onChanged: (message: string) => void;
}

/** What a role change does, said before it is done: promotion opens every passport, demoting oneself ends one's admin access. */
function consequence(user: UserDto, isSelf: boolean): { title: string; label: string; text: string } {
  const name = `${user.firstName} ${user.lastName}`;
  if (!user.isAdmin) {
    return {
      title: "Make Admin",
      label: "Make Admin",
      text: `${name} (${user.email}) will see every application in the system, with every passport number and birthdate, and can change or delete any account.`,
    };
  }
  if (isSelf) {
    return {
      title: "Remove Your Admin Role",
      label: "Remove My Admin Role",
      text: "Your admin access ends at once: you leave the admin area, and only another admin can give it back.",
    };
  }
  return {
    title: "Remove Admin Role",
    label: "Remove Admin Role",
    text: `${name} (${user.email}) loses the admin area at once and sees only their own applications.`,
  };
}

/** Confirms a promotion or demotion, naming its consequence; the server records who made it. */
export function RoleChangeDialog({ user, onClose, onChanged }: RoleChangeDialogProps) {
  const role = useUpdateUserRole();
  const { reset } = role;
  useEffect(() => {
    if (user) reset();
  }, [user, reset]);
  const isSelf = !!user && getSession()?.userId === user._id;
  const words = user ? consequence(user, isSelf) : { title: "", label: "", text: "" };

  return (
    <ConfirmDialog
      open={user !== null}
      title={words.title}
      confirmLabel={words.label}
      pendingLabel="Saving..."
      pending={role.isPending}
      error={role.isError ? withReason(role.error, "Failed to update user role") : null}
      onConfirm={() =>
        user &&
        role.mutate(
          { id: user._id, isAdmin: !user.isAdmin },
          {
            onSuccess: () =>
              onChanged(`${user.firstName} ${user.lastName} is now ${user.isAdmin ? "a user" : "an admin"}`),
          },
        )
      }
      onClose={onClose}
    >
      <p>{words.text}</p>
    </ConfirmDialog>
  );
}
