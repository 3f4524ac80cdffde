import { useCallback, useEffect, useRef, useState } from "react";

const DIALOG = "[role='dialog']";
/** A placing that waits for no refreshed list. */
const NOW = Symbol("now");

/**
 * Where keyboard focus goes after a decision (or a deletion) from the admin list. The control
 * that had it when the answer came goes away with the refreshed list: the decided row's Actions
 * button when the row leaves the filtered list, the bulk bar's button when the selection is
 * cleared, the dialog's button when it closes. Focus would fall to the page's top, or to whatever
 * the dialog finds to give it back to (the search box typed in before); instead, once the
 * refreshed list is on screen, it goes to the Actions button of the row now in the decided one's
 * place, or (for a bulk decision, or an emptied page) to the answer's notice. When that control
 * is still there (the row stays in the list), focus stays where it is.
 *
 * The review page of one request does the same with its plain Approve and Reject: the decided
 * request's buttons go, and focus goes to the answer's notice (its tableRef stays unused); so it
 * does when Next finds the end of the list (`toNotice`).
 *
 * A screen reader says the notice when focus lands on it: announced as well, it would be read
 * twice. So the notice's words are held (`held`, for `DecisionNotice`) from the decision until
 * focus is placed, and announced then only when focus went elsewhere (or stayed where it was).
 *
 * `list`: the list's data as it renders (on the review page, the request); a change of it is the
 * refreshed list. `answeredAt`: when its query last answered (`dataUpdatedAt`, or `errorUpdatedAt`
 * after a failure): an answer that leaves the list as it was (a resend, a refusal, a failed
 * refresh) moves no focus, and lets the notice speak.
 */
export function useDecisionFocus(list: unknown, answeredAt: number) {
  const tableRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const pending = useRef<{
    row: number | null;
    list: unknown;
    answeredAt: number;
    from: Element | null;
  } | null>(null);
  // A refocus asked after the refreshed list is already on screen runs on the render it asks for.
  const [asked, setAsked] = useState(0);
  const [held, setHeld] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ask is the trigger too
  useEffect(() => {
    const p = pending.current;
    // Nothing to place (or a placing cut short by a newer list): the notice speaks for itself.
    if (!p) return setHeld(false);
    if (list === p.list) {
      // The list answered unchanged: focus stays where it is, and the notice is announced.
      if (answeredAt !== p.answeredAt) setHeld(false);
      return;
    }
    pending.current = null;
    // A dialog's button goes with the dialog, closed by the same answer.
    const stays = p.from && p.from !== document.body && p.from.isConnected && !p.from.closest(DIALOG);
    if (stays) return setHeld(false);
    let later = 0;
    const place = (tries: number) => {
      // A closing dialog leaves the page a moment later and then gives focus back to what had it
      // before (the search box, say): focus moves on once it has.
      if (document.querySelector(DIALOG) && tries > 0) {
        later = window.setTimeout(() => place(tries - 1));
        return;
      }
      const rows = tableRef.current?.querySelectorAll("tbody tr") ?? [];
      const row = p.row === null || rows.length === 0 ? null : rows[Math.min(p.row, rows.length - 1)];
      (row?.querySelector<HTMLElement>("button[aria-haspopup]") ?? noticeRef.current)?.focus();
      setHeld(false);
    };
    later = window.setTimeout(() => place(20));
    return () => window.clearTimeout(later);
  }, [list, asked, answeredAt]);

  /** After a decision on the row at `row` (its index on the page), or on the selection (null). */
  const refocus = useCallback(
    (row: number | null) => {
      pending.current = { row, list, answeredAt, from: document.activeElement };
      setAsked((n) => n + 1);
      setHeld(true);
    },
    [list, answeredAt],
  );
  /** To the notice shown with this answer, which decided nothing (the end of the list, say). */
  const toNotice = useCallback(() => {
    pending.current = { row: null, list: NOW, answeredAt: 0, from: null };
    setAsked((n) => n + 1);
    setHeld(true);
  }, []);
  return { tableRef, noticeRef, refocus, toNotice, held };
}
