import { type ApplicationDto, DELETE_CONFIRMATION_WORD } from "@visa/domain";
import { useEffect, useState } from "react";
import { TextInput } from "../../../components/FormField";
import { useDeleteApplication } from "../api/delete-application";
import { withReason } from "../lib/failure-message";
import { ConfirmDialog } from "./ConfirmDialog";

export interface DeleteApplicationDialogProps {
  application: ApplicationDto | null;
  onClose: () => void;
  onDeleted: (app: ApplicationDto) => void;
}

/** 'Delete Application': the button stays disabled until the admin types the confirmation word. */
export function DeleteApplicationDialog({ application, onClose, onDeleted }: DeleteApplicationDialogProps) {
  const [typed, setTyped] = useState("");
  const remove = useDeleteApplication();
  const { reset } = remove;

  // A new target starts with an empty box and no old error.
  useEffect(() => {
    if (application) {
      setTyped("");
      reset();
    }
  }, [application, reset]);

  const confirmed = typed === DELETE_CONFIRMATION_WORD;
  const onConfirm = () => {
    if (!application || !confirmed) return;
    remove.mutate(application._id, { onSuccess: () => onDeleted(application) });
  };

  return (
    <ConfirmDialog
      open={application !== null}
      title="Delete Application"
      confirmLabel="Delete"
      pending={remove.isPending}
      canConfirm={confirmed}
      focusCancel={false}
      error={remove.isError ? withReason(remove.error, "Failed to delete application") : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        Delete the application of{" "}
        <strong>
          {application?.firstName} {application?.lastName}
        </strong>
        ? Its letter stops being valid. This cannot be undone.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <TextInput
          label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          data-autofocus
          spellCheck={false}
        />
      </form>
    </ConfirmDialog>
  );
}
