import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/Button";

export interface BulkBarProps {
  count: number;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onResend: () => void;
  onClear: () => void;
  /**
   * The list the selection is made on (its filters and search): once it changes, 'Selection
   * cleared' no longer speaks of anything on screen and goes.
   */
  listKey: string;
}

/**
 * What to do with the selected rows: approve, reject (with a reason) or resend their letters. While
 * one is sent the buttons are busy, not disabled: a failure leaves focus on the button pressed.
 */
export function BulkBar({ count, busy, onApprove, onReject, onResend, onClear, listKey }: BulkBarProps) {
  // Clear selection takes the bar, and the keyboard's focus with it: a line in its place says the
  // selection is cleared and keeps focus there (Tab goes on to the table), read out as it takes
  // focus. It stays until a new selection or another list (a filter, the search): taken away as
  // focus leaves it, it would move the table under a clicking mouse.
  const [cleared, setCleared] = useState(false);
  // Dropped in the render that shows the other list, not an effect later: no frame says it there.
  const [clearedList, setClearedList] = useState(listKey);
  if (clearedList !== listKey) {
    setClearedList(listKey);
    setCleared(false);
  }
  const clearedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (count > 0) setCleared(false);
  }, [count]);
  useEffect(() => {
    if (cleared) clearedRef.current?.focus();
  }, [cleared]);
  if (count === 0) {
    if (!cleared) return null;
    return (
      <p
        ref={clearedRef}
        role="status"
        tabIndex={-1}
        className="rounded-lg px-4 py-2 text-sm text-gray-700 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        Selection cleared
      </p>
    );
  }
  return (
    <section
      aria-label="Selected applications"
      className="flex flex-wrap items-center gap-2 rounded-lg bg-blue-50 px-4 py-2 ring-1 ring-blue-200"
    >
      <span className="mr-2 text-sm font-medium text-blue-900">{count} selected</span>
      <Button size="sm" onClick={onApprove} busy={busy}>
        Approve selected
      </Button>
      <Button size="sm" variant="danger" onClick={onReject} busy={busy}>
        Reject selected
      </Button>
      <Button size="sm" variant="secondary" onClick={onResend} busy={busy}>
        Resend letters
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          onClear();
          setCleared(true);
        }}
      >
        Clear selection
      </Button>
    </section>
  );
}
