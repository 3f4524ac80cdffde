import { PURGE_CONFIRMATION_WORD, type PurgeResultDto } from "@visa/domain";
import { useEffect, useState } from "react";
import { TextInput } from "../../../components/FormField";
import { ConfirmDialog } from "../../admin/components/ConfirmDialog";
import { withReason } from "../../admin/lib/failure-message";
import { usePurgeOldApplications } from "../api/purge";

export interface PurgeConfirmDialogProps {
  open: boolean;
  meetingCount: number;
  applicationCount: number;
  onClose: () => void;
  onPurged: (result: PurgeResultDto) => void;
}

/** 'Purge Old Applications': the button stays disabled until the admin types the confirmation word. */
export function PurgeConfirmDialog({
  open,
  meetingCount,
  applicationCount,
  onClose,
  onPurged,
}: PurgeConfirmDialogProps) {
  const [typed, setTyped] = useState("");
  const purge = usePurgeOldApplications();
  const { reset } = purge;

  // Each opening starts with an empty box and no old error.
  useEffect(() => {
    if (open) {
      setTyped("");
      reset();
    }
  }, [open, reset]);

  const confirmed = typed === PURGE_CONFIRMATION_WORD;
  const onConfirm = () => {
    if (!confirmed || purge.isPending) return;
    purge.mutate(typed, { onSuccess: onPurged });
  };

  return (
    <ConfirmDialog
      open={open}
      title="Purge Old Applications"
      confirmLabel="Purge"
      pendingLabel="Purging..."
      pending={purge.isPending}
      canConfirm={confirmed}
      focusCancel={false}
      error={purge.isError ? withReason(purge.error, "Failed to purge applications") : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        Delete the <strong>{plural(applicationCount, "application")}</strong> of{" "}
        <strong>{plural(meetingCount, "meeting")}</strong>, with their documents? Their letters stop being
        valid. Only the counts by status are kept; the meetings stay. This cannot be undone.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <TextInput
          label={`Type ${PURGE_CONFIRMATION_WORD} to confirm`}
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

/** "1 meeting", "3 meetings". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
