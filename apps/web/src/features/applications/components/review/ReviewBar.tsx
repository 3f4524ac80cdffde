import type { ApplicationDto } from "@visa/domain";
import { type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "../../../../components/Button";
import { DecisionNotice } from "../../../../components/DecisionNotice";
import { RejectDialog } from "../../../../components/RejectDialog";
import { reasonOr } from "../../../../lib/failure-message";
import { listPlaceQuery, listReturnState, readListPlace } from "../../../../lib/list-query";
import { bulkSummary, useBulkAction, useRejection } from "../../../../lib/review-actions";
import { useDecisionFocus } from "../../../../lib/use-decision-focus";
import { DecisionButtons } from "./DecisionButtons";
import type { ReviewMove } from "./review-move";
import { ShortcutsDialog } from "./ShortcutsDialog";
import { useListNeighbours } from "./use-list-neighbours";
import { useReviewKeys } from "./use-review-keys";

/** The bar's links: 44 px high, tap targets on a phone, as the page's Back is while it loads. */
const BAR_LINK = "inline-flex min-h-11 items-center gap-1 text-sm text-blue-700 underline";

/** What the reviewer is told when the list as filtered has nothing more that way. */
const LIST_END = {
  next: "This was the last request of the list as filtered.",
  previous: "This was the first request of the list as filtered.",
} as const;

interface Notice {
  kind: "success" | "error" | "info";
  text: string;
  /** Whether it offers the way back to the list (its end is reached). */
  toList?: boolean;
  /** The status it speaks of: once the request has another (changes requested, an edit), it goes. */
  status: ApplicationDto["status"];
}

export interface ReviewBarProps {
  app: ApplicationDto;
  /**
   * Whether Approve and Reject are offered (buttons and keys): not while the request is being
   * edited, where a decision would be made on the stored fields, not the ones on screen.
   */
  decisions: boolean;
  /** When the request's query last answered (useDecisionFocus's `answeredAt`). */
  answeredAt: number;
}

/**
 * The top of the admin's detail page: back to the list's same place, previous / next in that
 * list, Approve and Reject (each also '& next'), and their keyboard shortcuts. A request its
 * applicant withdrew offers no decision: the server refuses one from here.
 */
export function ReviewBar({ app, decisions: offered, answeredAt }: ReviewBarProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const place = useMemo(() => readListPlace(new URLSearchParams(location.search)), [location.search]);
  const listed = place.meetingId ? { ...place, meetingId: place.meetingId } : null;
  // The status the reviewer found it with: where it stood in the list, whatever is decided here.
  const [seenStatus] = useState(app.status);
  const { listedNow, position, previous, next, neighboursNow } = useListNeighbours(
    app._id,
    listed,
    seenStatus,
  );
  const bulk = useBulkAction();
  const rejection = useRejection<{ next: boolean }>();
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // A decision takes its button away (and the dialog's): focus then goes to the answer.
  const focus = useDecisionFocus(app, answeredAt);

  // Back lands on the page this application is (or was) on, pages as long as the list's: Next may
  // have walked past the first one.
  const backPage = position > 0 ? Math.ceil(position / place.pageSize) : place.page;
  const backTo = `/admin${listPlaceQuery({ ...place, page: backPage })}`;
  // The list puts focus back on this request's row (or the one now in its place).
  const backState = listReturnState(app._id, position, place.pageSize);
  const hrefOf = (id: string) => `/admin/applications/${id}${location.search}`;
  const decisions = offered && !app.withdrawnAt;
  const canApprove = decisions && app.status !== "Approved";
  const canReject = decisions && app.status !== "Rejected";
  // While Next, Previous or '& next' asks which request is next (or previous) now.
  const [looking, setLooking] = useState(false);
  const lookUp = async (which: "previous" | "next") => {
    setLooking(true);
    return (await neighboursNow().finally(() => setLooking(false)))[which];
  };
  const go = async (which: "previous" | "next") => {
    const target = await lookUp(which);
    if (target) return navigate(hrefOf(target));
    setNotice({ kind: "info", text: LIST_END[which], toList: true, status: app.status });
    // Told where focus goes: Next (or Previous) leaves with what it links to.
    focus.toNotice();
  };
  // A plain click on Next or Previous asks first; one that opens a new tab follows the link.
  const goOnClick = (which: "previous" | "next") => (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!looking) go(which);
  };

  const decide = async (action: "approve" | "reject", thenNext: boolean, reason?: string) => {
    // The next one is taken before deciding: a decided request may leave the filtered list.
    const target = thenNext ? await lookUp("next") : null;
    bulk.mutate(
      { action, ids: [app._id], reason, seen: { [app._id]: app.status } },
      {
        onSuccess: (result) => {
          rejection.close();
          if (target && result.changed > 0) {
            const decided: ReviewMove = {
              decided: `${app.firstName} ${app.lastName}: ${action === "approve" ? "approved" : "rejected"}. Next request:`,
            };
            return navigate(hrefOf(target), { state: decided });
          }
          if (result.changed === 0)
            setNotice({ kind: "error", text: bulkSummary(result), status: app.status });
          else {
            const done = action === "approve" ? "Application approved" : "Application rejected";
            // '& next' on the last one of the list: decided, and nothing follows it there.
            const end = thenNext && listed !== null;
            const status = action === "approve" ? "Approved" : "Rejected";
            setNotice({
              kind: "success",
              text: end ? `${done}. ${LIST_END.next}` : done,
              toList: end,
              status,
            });
          }
          focus.refocus(null);
        },
        onError: (err) => {
          const text = reasonOr(err, "The decision failed; nothing was changed");
          if (action === "reject") rejection.failed(text);
          else setNotice({ kind: "error", text, status: app.status });
        },
      },
    );
  };
  // 'Application approved' above a request that changes were since requested on (Pending again)
  // would say what no longer holds: a notice goes when the request moves to another status.
  const shownStatus = useRef(app.status);
  useEffect(() => {
    if (shownStatus.current === app.status) return;
    shownStatus.current = app.status;
    setNotice((n) => (n && n.status !== app.status ? null : n));
  }, [app.status]);

  useReviewKeys(
    {
      approve: () => canApprove && decide("approve", false),
      approveNext: () => canApprove && decide("approve", true),
      reject: () => canReject && rejection.open({ next: false }),
      rejectNext: () => canReject && rejection.open({ next: true }),
      next: () => listed && go("next"),
      previous: () => listed && go("previous"),
      back: () => navigate(backTo, { state: backState }),
      help: () => setHelp(true),
    },
    !bulk.isPending && !looking,
  );

  // The arrows only point: a screen reader reads the links' words, not "left arrow".
  return (
    <div className="space-y-3">
      <nav aria-label="Review" className="flex flex-wrap items-center gap-2">
        <Link to={backTo} state={backState} className={`${BAR_LINK} hover:text-blue-900`}>
          <span aria-hidden="true">←</span> Back to the list
        </Link>
        {listed && (
          <span className="text-sm text-gray-600">
            {listedNow ? `${listedNow.position} of ${listedNow.total}` : ""}
          </span>
        )}
        <span className="flex-1" />
        {previous && (
          <Link to={hrefOf(previous)} onClick={goOnClick("previous")} className={BAR_LINK}>
            <span aria-hidden="true">‹</span> Previous
          </Link>
        )}
        {next && (
          <Link to={hrefOf(next)} onClick={goOnClick("next")} className={BAR_LINK}>
            Next <span aria-hidden="true">›</span>
          </Link>
        )}
        <Button size="sm" variant="ghost" onClick={() => setHelp(true)} aria-keyshortcuts="?">
          Shortcuts
        </Button>
      </nav>
      {app.withdrawnAt && (
        <p className="text-sm text-gray-700">
          The applicant withdrew this request. To reopen it, edit the request and set its status.
        </p>
      )}
      <DecisionButtons
        canApprove={canApprove}
        canReject={canReject}
        withNext={listed !== null}
        busy={bulk.isPending || looking}
        onApprove={(thenNext) => decide("approve", thenNext)}
        onReject={(thenNext) => rejection.open({ next: thenNext })}
      />
      {notice && (
        <DecisionNotice
          kind={notice.kind}
          text={notice.text}
          onDismiss={() => setNotice(null)}
          noticeRef={focus.noticeRef}
          held={focus.held}
        >
          {notice.toList && (
            <Link to={backTo} state={backState} className="font-medium underline">
              Back to the list
            </Link>
          )}
        </DecisionNotice>
      )}
      <RejectDialog
        open={rejection.rejecting !== null}
        subject={`${app.firstName} ${app.lastName}`}
        confirmLabel={rejection.rejecting?.next ? "Reject & next" : "Reject"}
        busy={bulk.isPending || looking}
        error={rejection.error}
        onClose={rejection.close}
        onReject={(reason) => {
          rejection.retry();
          decide("reject", rejection.rejecting?.next ?? false, reason);
        }}
      />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
