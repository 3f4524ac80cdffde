import type { ApplicationDto } from "@visa/domain";
import { useState } from "react";
import { Button } from "../../../../components/Button";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { withReason } from "../../../../lib/failure-message";
import { useWithdrawApplication } from "../../api/withdraw-application";
import { normalStatus } from "../status";

/** Whether the owner may still withdraw the request (the server checks again). */
export function canWithdraw(app: ApplicationDto): boolean {
  const s = normalStatus(app.status);
  return !app.withdrawnAt && (s === "pending" || s === "approved");
}

/** 'Withdraw Request' with a confirmation naming what it does (an approved letter stops being valid). */
export function WithdrawRequest({ app, onWithdrawn }: { app: ApplicationDto; onWithdrawn?: () => void }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawApplication(app._id);
  const approved = normalStatus(app.status) === "approved";
  return (
    <>
      <Button variant="secondary" className="min-h-11" onClick={() => setOpen(true)}>
        Withdraw Request
      </Button>
      <ConfirmDialog
        open={open}
        title="Withdraw Request"
        confirmLabel="Withdraw Request"
        pendingLabel="Withdrawing..."
        pending={withdraw.isPending}
        error={withdraw.isError ? withReason(withdraw.error, "Failed to withdraw the request") : null}
        onConfirm={async () => {
          // Not mutate's own onSuccess: that is skipped once this button is gone, and the request
          // read again without it comes before the answer is handed back.
          const done = await withdraw.mutateAsync().then(
            () => true,
            () => false, // shown in the dialog from the mutation's state
          );
          if (!done) return;
          setOpen(false);
          onWithdrawn?.();
        }}
        onClose={() => {
          setOpen(false);
          withdraw.reset();
        }}
      >
        <p>
          Withdraw your request for {app.meeting?.name ?? "this meeting"}? The secretariat will no longer
          review it, and it cannot be edited afterwards.
        </p>
        {approved && (
          <p className="font-medium">
            Your letter will be revoked: anyone checking it will be told the request was withdrawn.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
