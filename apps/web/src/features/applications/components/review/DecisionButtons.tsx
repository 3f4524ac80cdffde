import { Button } from "../../../../components/Button";

export interface DecisionButtonsProps {
  canApprove: boolean;
  canReject: boolean;
  /**
   * Whether '& next' is offered: whenever the page was opened from a list, also on its last
   * request, where it decides and says that nothing follows.
   */
  withNext: boolean;
  /**
   * While a decision is sent or the next request is asked for: Approve waits (marked busy, not
   * disabled, so a failed decision leaves focus on the button pressed).
   */
  busy: boolean;
  onApprove: (thenNext: boolean) => void;
  onReject: (thenNext: boolean) => void;
}

/** The review page's Approve and Reject, each also '& next', with their keyboard shortcuts. */
export function DecisionButtons({
  canApprove,
  canReject,
  withNext,
  busy,
  onApprove,
  onReject,
}: DecisionButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      {canApprove && (
        <>
          <Button size="sm" onClick={() => onApprove(false)} busy={busy} aria-keyshortcuts="a">
            Approve
          </Button>
          {withNext && (
            <Button size="sm" onClick={() => onApprove(true)} busy={busy} aria-keyshortcuts="Shift+A">
              Approve &amp; next
            </Button>
          )}
        </>
      )}
      {canReject && (
        <>
          <Button size="sm" variant="danger" onClick={() => onReject(false)} aria-keyshortcuts="r">
            Reject
          </Button>
          {withNext && (
            <Button size="sm" variant="danger" onClick={() => onReject(true)} aria-keyshortcuts="Shift+R">
              Reject &amp; next
            </Button>
          )}
        </>
      )}
    </div>
  );
}
