import type { ApplicationDto } from "@visa/domain";
import { useState } from "react";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { ApiError } from "../../../../lib/api-client";
import { downloadVisaLetter } from "../../api/downloads";
import { resendLetter } from "../../api/resend-letter";

/** Shown once approved: the letter is ready, with its download button (and, for admins, resend by e-mail). */
export function ApprovedBanner({ app, admin = false }: { app: ApplicationDto; admin?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function resend() {
    if (sending) return;
    setSending(true);
    setError(null);
    setSent(null);
    try {
      setSent((await resendLetter(app._id)).message);
    } catch (e) {
      setError(
        e instanceof ApiError ? `Failed to resend the letter: ${e.message}` : "Failed to resend the letter",
      );
    } finally {
      setSending(false);
    }
  }

  async function download() {
    if (busy) return;
    setBusy(true);
    setError(null);
    setError(await downloadVisaLetter(app));
    setBusy(false);
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-green-900">
          <p className="font-semibold">This application has been approved.</p>
          <p className="text-sm">The visa invitation letter is ready to download.</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {admin && (
            <Button variant="secondary" onClick={resend} aria-disabled={sending || undefined}>
              {sending ? "Sending..." : "Resend letter by e-mail"}
            </Button>
          )}
          <Button
            onClick={download}
            aria-disabled={busy || undefined}
            className="bg-green-700 hover:bg-green-800"
          >
            {busy ? "Generating..." : "Download Visa Letter"}
          </Button>
        </div>
      </div>
      {sent && (
        <Banner kind="success" onDismiss={() => setSent(null)}>
          {sent}
        </Banner>
      )}
      {error && (
        <Banner kind="error" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      )}
    </div>
  );
}
