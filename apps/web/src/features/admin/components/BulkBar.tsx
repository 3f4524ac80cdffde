import { Button } from "../../../components/Button";

export interface BulkBarProps {
  count: number;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onResend: () => void;
  onClear: () => void;
}

/** What to do with the selected rows: approve, reject (with a reason) or resend their letters. */
export function BulkBar({ count, busy, onApprove, onReject, onResend, onClear }: BulkBarProps) {
  if (count === 0) return null;
  return (
    <section
      aria-label="Selected applications"
      className="flex flex-wrap items-center gap-2 rounded-lg bg-blue-50 px-4 py-2 ring-1 ring-blue-200"
    >
      <span className="mr-2 text-sm font-medium text-blue-900">{count} selected</span>
      <Button size="sm" onClick={onApprove} disabled={busy}>
        Approve selected
      </Button>
      <Button size="sm" variant="danger" onClick={onReject} disabled={busy}>
        Reject selected
      </Button>
      <Button size="sm" variant="secondary" onClick={onResend} disabled={busy}>
        Resend letters
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  );
}
