import { type ApplicationSummaryDto, DELETE_CONFIRMATION_WORD } from "@visa/domain";
import { useEffect } from "react";
import { TypedConfirmDialog } from "../../../components/TypedConfirmDialog";
import { withReason } from "../../../lib/failure-message";
import { useDeleteApplication } from "../api/delete-application";

export interface DeleteApplicationDialogProps {
  application: ApplicationSummaryDto | null;
  onClose: () => void;
  onDeleted: (app: ApplicationSummaryDto) => void;
}

/** 'Delete Application': the button stays disabled until the admin types the confirmation word. */
export function DeleteApplicationDialog({ application, onClose, onDeleted }: DeleteApplicationDialogProps) {
  const remove = useDeleteApplication();
  const { reset } = remove;

  // A new target starts with no old error.
  useEffect(() => {
    if (application) reset();
  }, [application, reset]);

  return (
    <TypedConfirmDialog
      open={application !== null}
      title="Delete Application"
      word={DELETE_CONFIRMATION_WORD}
      confirmLabel="Delete"
      busy={remove.isPending}
      error={remove.isError ? withReason(remove.error, "Failed to delete application") : null}
      onConfirm={() =>
        application && remove.mutate(application._id, { onSuccess: () => onDeleted(application) })
      }
      onClose={onClose}
      body={
        <p>
          Delete the application of{" "}
          <strong>
            {application?.firstName} {application?.lastName}
          </strong>
          ? Its letter stops being valid. This cannot be undone.
        </p>
      }
    />
  );
}
