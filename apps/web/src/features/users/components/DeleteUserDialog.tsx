import { DELETE_CONFIRMATION_WORD, type UserDto } from "@visa/domain";
import { useEffect } from "react";
import { TypedConfirmDialog } from "../../../components/TypedConfirmDialog";
import { withReason } from "../../../lib/failure-message";
import { useDeleteUser } from "../api/delete-user";

export interface DeleteUserDialogProps {
  user: UserDto | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

/**
 * Names the user and says their applications and letters go with them (the server deletes them
 * together), and, like deleting one application, waits for the word to be typed.
 */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const remove = useDeleteUser();
  const { reset } = remove;
  useEffect(() => {
    if (user) reset();
  }, [user, reset]);

  return (
    <TypedConfirmDialog
      open={user !== null}
      title="Delete User"
      word={DELETE_CONFIRMATION_WORD}
      confirmLabel="Delete User"
      busy={remove.isPending}
      error={remove.isError ? withReason(remove.error, "Failed to delete user") : null}
      onConfirm={() =>
        user && remove.mutate(user._id, { onSuccess: () => onDeleted("User deleted successfully") })
      }
      onClose={onClose}
      body={
        <>
          <p>
            Delete the user{" "}
            <strong>
              {user?.firstName} {user?.lastName}
            </strong>{" "}
            ({user?.email})?
          </p>
          <p>All of their applications and letters are deleted too. This cannot be undone.</p>
        </>
      }
    />
  );
}
