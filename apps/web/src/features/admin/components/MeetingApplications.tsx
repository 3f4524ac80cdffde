import type { ApplicationSummaryDto, MeetingDto } from "@visa/domain";
import { useEffect, useRef, useState } from "react";
import { Banner } from "../../../components/Banner";
import { DecisionNotice } from "../../../components/DecisionNotice";
import { Pagination } from "../../../components/Pagination";
import { RejectDialog } from "../../../components/RejectDialog";
import { SearchBox } from "../../../components/SearchBox";
import { Spinner } from "../../../components/Spinner";
import { reasonOr } from "../../../lib/failure-message";
import { listPlaceQuery } from "../../../lib/list-query";
import {
  BulkIncompleteError,
  bulkKind,
  bulkSummary,
  useBulkAction,
  useRejection,
} from "../../../lib/review-actions";
import { useDecisionFocus } from "../../../lib/use-decision-focus";
import { downloadApplicationPdf } from "../api/download-application-pdf";
import { useAdminApplications } from "../api/get-admin-applications";
import { leftTheList, rejectionOf, seenOf } from "../lib/list-decisions";
import { useKeepInView } from "../lib/use-keep-in-view";
import type { useListParams } from "../lib/use-list-params";
import { useReturnFocus } from "../lib/use-return-focus";
import { ApplicationsTable } from "./ApplicationsTable";
import { BulkBar } from "./BulkBar";
import { DeleteApplicationDialog } from "./DeleteApplicationDialog";
import { ListFilters } from "./ListFilters";
import { MeetingToolbar } from "./MeetingToolbar";
import { PageSizeSelect } from "./PageSizeSelect";

export interface MeetingApplicationsProps {
  meeting: MeetingDto;
  list: ReturnType<typeof useListParams>;
}

/** The selected meeting's applications: toolbar, search, sortable table, pages, delete. */
export function MeetingApplications({ meeting, list }: MeetingApplicationsProps) {
  const { page, pageSize, sortBy, sortDirection, search, status, warnings, setPage } = list;
  const place = { meetingId: meeting._id, page, pageSize, sortBy, sortDirection, search, status, warnings };
  const apps = useAdminApplications(place);
  const [deleting, setDeleting] = useState<ApplicationSummaryDto | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "info" | "error"; text: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // What a rejection is asked for: the selection (on any page), or one row's Reject.
  const rejection = useRejection<ReturnType<typeof rejectionOf>>();
  const bulk = useBulkAction();
  const pages = apps.data?.pagination.pages ?? 0;
  const filterKey = `${meeting._id}|${status}|${warnings}|${search}`;

  // A selection belongs to the list it was made on (any of its pages, however long): another
  // meeting, filter or search starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter key is the trigger
  useEffect(() => setSelected(new Set()), [filterKey]);
  // The answer to a decision or deletion speaks of the meeting it was taken in.
  const [noticeMeeting, setNoticeMeeting] = useState(meeting._id);
  if (noticeMeeting !== meeting._id) {
    setNoticeMeeting(meeting._id);
    setNotice(null);
  }

  // The status each request showed when last listed here (on any page): a decision is made on that.
  const shown = useRef(new Map<string, string>());
  const focus = useDecisionFocus(apps.data, Math.max(apps.dataUpdatedAt, apps.errorUpdatedAt));
  // Rows kept from before may still hold the request a decision has since taken out.
  useReturnFocus(focus.tableRef, Boolean(apps.data) && !apps.isFetching && !apps.isPlaceholderData);
  /** `row`: the page's row the action was asked from (null: the selection). */
  const act = (action: "approve" | "reject" | "resend", ids: string[], row: number | null, reason?: string) =>
    bulk.mutate(
      { action, ids, reason, seen: seenOf(ids, shown.current) },
      {
        onSuccess: (result) => {
          // A selection may span pages: say how many it took out of the filtered list.
          const left = row === null ? leftTheList(result, status) : "";
          const text = [bulkSummary(result), left].filter(Boolean).join(". ");
          setNotice({ kind: bulkKind(result), text });
          setSelected(new Set());
          rejection.close();
          focus.refocus(row);
        },
        onError: (err) => {
          if (err instanceof BulkIncompleteError) {
            // Part of a large selection was done: said in the list's notice, the rest kept selected,
            // and, as after a whole selection, how many of the done part left the filtered list.
            const left = row === null ? leftTheList(err.done, status) : "";
            setNotice({ kind: "error", text: [err.message, left].filter(Boolean).join(" ") });
            setSelected(new Set(err.remaining));
            rejection.close();
            focus.refocus(row);
            return;
          }
          const text = reasonOr(err, "The action failed; nothing was changed");
          if (action === "reject") rejection.failed(text);
          else setNotice({ kind: "error", text });
        },
      },
    );

  // Deleting the last row of the last page would leave the admin on an empty page.
  useEffect(() => {
    if (!apps.isPlaceholderData && pages > 0 && page > pages) setPage(pages);
  }, [apps.isPlaceholderData, page, pages, setPage]);

  const downloadPdf = (a: ApplicationSummaryDto) =>
    downloadApplicationPdf(a).catch(() => window.alert("Failed to download PDF. Please try again."));

  const rows = apps.data?.applications ?? [];
  const pager = useRef<HTMLDivElement>(null);
  useKeepInView(pager, apps.data);
  for (const r of rows) shown.current.set(r._id, r.status);
  return (
    <div className="space-y-4">
      {/* Its downloads' answers and the import belong to one meeting. */}
      <MeetingToolbar key={meeting._id} meeting={meeting} />
      {notice && (
        <DecisionNotice
          kind={notice.kind}
          text={notice.text}
          onDismiss={() => setNotice(null)}
          noticeRef={focus.noticeRef}
          held={focus.held}
        />
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          value={search}
          onSearch={list.setSearch}
          label="Search applications by name, email, passport number or letter reference"
          placeholder="Search by name, email, passport or reference..."
        />
        {/* On the page from the start, so a screen reader reads each list's count as it comes, a
            list of none included (its visible message is the empty box below). */}
        <p className={rows.length > 0 ? "text-sm text-gray-600" : "sr-only"} aria-live="polite">
          {!apps.data
            ? ""
            : rows.length > 0
              ? `Showing ${rows.length} of ${apps.data.pagination.total} applications for ${meeting.name}`
              : `No applications to show for ${meeting.name}`}
        </p>
      </div>
      <ListFilters
        status={status}
        warnings={warnings}
        onStatus={list.setStatus}
        onWarnings={list.setWarnings}
      />
      <BulkBar
        count={selected.size}
        busy={bulk.isPending}
        onApprove={() => act("approve", [...selected], null)}
        onReject={() => rejection.open(rejectionOf([...selected], rows))}
        onResend={() => act("resend", [...selected], null)}
        onClear={() => setSelected(new Set())}
        listKey={filterKey}
      />
      {apps.isPending ? (
        <Spinner label="Loading applications..." />
      ) : apps.isError ? (
        <Banner kind="error">{reasonOr(apps.error, "Failed to load applications")}</Banner>
      ) : rows.length === 0 ? (
        <p className="rounded-lg bg-white py-10 text-center text-sm text-gray-600 ring-1 ring-gray-200">
          {search || status || warnings
            ? "No applications found matching your search."
            : "No applications found."}
        </p>
      ) : (
        <div
          ref={focus.tableRef}
          className={apps.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
        >
          <ApplicationsTable
            applications={rows}
            sortBy={sortBy}
            sortDirection={sortDirection}
            onSort={list.toggleSort}
            onDownloadPdf={downloadPdf}
            onDelete={setDeleting}
            onApprove={(a) => act("approve", [a._id], rows.indexOf(a))}
            onReject={(a) => rejection.open(rejectionOf([a._id], rows, rows.indexOf(a)))}
            detailHref={(a) => `/admin/applications/${a._id}${listPlaceQuery(place)}`}
            selected={selected}
            onToggle={(id) =>
              setSelected((prev) => {
                const next = new Set(prev);
                if (!next.delete(id)) next.add(id);
                return next;
              })
            }
            onToggleAll={(all) =>
              setSelected((prev) => {
                // The page's rows join or leave the selection; those picked on other pages stay.
                const next = new Set(prev);
                for (const r of rows) {
                  if (all) next.add(r._id);
                  else next.delete(r._id);
                }
                return next;
              })
            }
          />
        </div>
      )}
      <div ref={pager} className="flex flex-wrap items-center justify-center gap-x-6 gap-y-1">
        <Pagination page={page} pages={pages} onPageChange={setPage} label="Application pages" />
        {rows.length > 0 && <PageSizeSelect value={pageSize} onChange={list.setPageSize} />}
      </div>
      <RejectDialog
        open={rejection.rejecting !== null}
        subject={rejection.rejecting?.subject ?? ""}
        busy={bulk.isPending}
        error={rejection.error}
        onClose={rejection.close}
        onReject={(reason) => {
          rejection.retry();
          act("reject", rejection.rejecting?.ids ?? [], rejection.rejecting?.row ?? null, reason);
        }}
      />
      <DeleteApplicationDialog
        application={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(a) => {
          setDeleting(null);
          setNotice({ kind: "success", text: `Application of ${a.firstName} ${a.lastName} deleted` });
          focus.refocus(rows.findIndex((r) => r._id === a._id));
        }}
      />
    </div>
  );
}
