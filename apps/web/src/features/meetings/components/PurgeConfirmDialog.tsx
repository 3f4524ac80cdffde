import { PURGE_CONFIRMATION_WORD, type PurgeResultDto } from "@visa/domain";
import { useEffect } from "react";
import { TypedConfirmDialog } from "../../../components/TypedConfirmDialog";
import { withReason } from "../../../lib/failure-message";
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
  const purge = usePurgeOldApplications();
  const { reset } = purge;

  // Each opening starts with no old error.
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  return (
    <TypedConfirmDialog
      open={open}
      title="Purge Old Applications"
      word={PURGE_CONFIRMATION_WORD}
      confirmLabel="Purge"
      busyLabel="Purging..."
      busy={purge.isPending}
      error={purge.isError ? withReason(purge.error, "Failed to purge applications") : null}
      onConfirm={() => purge.mutate(PURGE_CONFIRMATION_WORD, { onSuccess: onPurged })}
      onClose={onClose}
      body={
        <p>
          Delete the <strong>{plural(applicationCount, "application")}</strong> of{" "}
          <strong>{plural(meetingCount, "meeting")}</strong>, with their documents? Their letters stop being
          valid. Only the counts by status are kept; the meetings stay. This cannot be undone.
        </p>
      }
    />
  );
}

/** "1 meeting", "3 meetings". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
