import { formatTimestampEastern, type HistoryEntryDto, isWithdrawal } from "@visa/domain";
import { Banner } from "../../../../components/Banner";
import { Spinner } from "../../../../components/Spinner";
import { useApplicationHistory } from "../../api/application-history";
import { statusLabel } from "../status";

function title(e: HistoryEntryDto): string {
  switch (e.kind) {
    case "status_changed":
      if (isWithdrawal(e)) return "You withdrew this request";
      return e.fromStatus
        ? `Status changed from ${statusLabel(e.fromStatus)} to ${statusLabel(e.toStatus ?? "")}`
        : `Status set to ${statusLabel(e.toStatus ?? "")}`;
    case "changes_requested":
      return "The secretariat asked for changes";
    case "message":
      return "Message from the secretariat";
    case "created":
      return "Request received";
    default:
      return "Updated";
  }
}

/** The status history's heading, where a banner about its entries jumps to. */
export const STATUS_HISTORY_ID = "status-history";

/**
 * The applicant's one history of their request, in their words: the secretariat's decisions with
 * their reasons, its messages and requests for changes, and their own withdrawal.
 */
export function StatusHistory({ id }: { id: string }) {
  const history = useApplicationHistory(id);
  return (
    <section
      aria-labelledby={STATUS_HISTORY_ID}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={STATUS_HISTORY_ID} tabIndex={-1} className="text-base font-semibold text-gray-900">
        Status history
      </h2>
      {history.isPending ? (
        <Spinner label="Loading history..." />
      ) : history.isError ? (
        <Banner kind="error" className="mt-3">
          Failed to load the history of this request
        </Banner>
      ) : history.data.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No decision yet: the request is waiting for review.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {history.data.map((e) => {
            // Their own withdrawal needs neither their name nor the reason the server records for it.
            const own = isWithdrawal(e);
            return (
              <li key={e._id} className="border-l-2 border-blue-200 pl-3 text-sm">
                <p className="font-medium text-gray-900">{title(e)}</p>
                <p className="text-xs text-gray-600">
                  {formatTimestampEastern(e.at)}
                  {e.by && !own ? ` · ${e.by.firstName} ${e.by.lastName}` : ""}
                </p>
                {e.reason && !own && (
                  <p className="mt-1 whitespace-pre-wrap break-words text-gray-800">Reason: {e.reason}</p>
                )}
                {e.text && <p className="mt-1 whitespace-pre-wrap break-words text-gray-800">{e.text}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
