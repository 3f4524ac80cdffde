import { useCallback, useState } from "react";

/** A file download's busy flag and failure, for buttons that say 'Exporting...' and then why it failed. */
export function useDownload<A>(download: (arg: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(
    async (arg: A) => {
      setBusy(true);
      setError(null);
      try {
        await download(arg);
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    },
    [download],
  );
  return { busy, error, run, clearError: () => setError(null) };
}
