import type { UserDto } from "@visa/domain";
import { useEffect } from "react";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { withReason } from "../../../lib/failure-message";
import { useDeleteUser } from "../api/delete-user";

export interface DeleteUserDialogProps {
  user: UserDto | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

/** Names the user and says their applications go with them: the server deletes both together. */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const remove = useDeleteUser();
  const { reset } = remove;
  useEffect(() => {
    if (user) reset();
  }, [user, reset]);

  return (
    <ConfirmDialog
      open={user !== null}
      title="Delete User"
      confirmLabel="Delete User"
      pending={remove.isPending}
      error={remove.isError ? withReason(remove.error, "Failed to delete user") : null}
      onConfirm={() =>
        user && remove.mutate(user._id, { onSuccess: () => onDeleted("User deleted successfully") })
      }
      onClose={onClose}
    >
      <p>
        Delete the user{" "}
        <strong>
          {user?.firstName} {user?.lastName}
        </strong>{" "}
        ({user?.email})?
      </p>
      <p>All of their applications and letters are deleted too. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
