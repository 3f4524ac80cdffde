import type { ApplicationDto } from "@visa/domain";
import { useState } from "react";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { downloadVisaLetter } from "../../api/downloads";

/** Shown once approved: the letter is ready, with its download button. */
export function ApprovedBanner({ app }: { app: ApplicationDto }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
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
        <Button onClick={download} disabled={busy} className="bg-green-700 hover:bg-green-800">
          {busy ? "Generating..." : "Download Visa Letter"}
        </Button>
      </div>
      {error && (
        <Banner kind="error" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      )}
    </div>
  );
}
