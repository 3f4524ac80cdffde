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
  // focus, and by nothing else (a live role would have it read twice). It stays until a new
  // selection or another list (a filter, the search): taken away as focus leaves it, it would move
  // the table under a clicking mouse.
  const [cleared, setCleared] = useState(false);
  // A selection the list had when a filter or the search made another list: that list starts with
  // none, and a screen reader is told in the polite region below, focus left where the admin is.
  const [dropped, setDropped] = useState(0);
  // The list and selection of the last render. Another list's render drops the line there, not an
  // effect later (no frame says it there), and takes the old list's selection as `dropped`: the
  // list may empty the selection in the same render or in its effect after.
  const [shown, setShown] = useState({ listKey, count });
  if (shown.listKey !== listKey || shown.count !== count) {
    setShown({ listKey, count });
    if (shown.listKey !== listKey) {
      setCleared(false);
      setDropped(shown.count);
    } else if (count > 0) setDropped(0);
  }
  const clearedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (count > 0) setCleared(false);
  }, [count]);
  useEffect(() => {
    if (cleared) clearedRef.current?.focus();
  }, [cleared]);
  // Kept in the page with the bar, empty, so that what it is given is read out.
  const told = (
    <p aria-live="polite" className="sr-only">
      {count === 0 && dropped > 0
        ? `Selection of ${dropped} ${plural(dropped)} cleared: the list changed`
        : ""}
    </p>
  );
  // The region stays first, the same element whatever the bar shows beside it.
  return (
    <>
      {told}
      {count === 0 ? (
        cleared && (
          <p
            ref={clearedRef}
            tabIndex={-1}
            className="rounded-lg px-4 py-2 text-sm text-gray-700 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            Selection cleared
          </p>
        )
      ) : (
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
      )}
    </>
  );
}

const plural = (n: number) => (n === 1 ? "application" : "applications");
