import { formatTimestampEastern, type HistoryEntryDto, isWithdrawal, revocationCause } from "@visa/domain";
import { Spinner } from "../../../components/Spinner";
import { useApplicationHistory } from "../api/application-history";

const FIELD_LABELS: Record<string, string> = {
  passportNumber: "passport number",
  birthdate: "date of birth",
};

/** One entry in plain words: what happened (the who and when are shown beside it). */
export function describeEntry(e: HistoryEntryDto): string {
  switch (e.kind) {
    case "created":
      return "Request created";
    case "fields_changed":
      return `Changed ${(e.changes ?? [])
        .map((c) =>
          c.from === undefined
            ? `${FIELD_LABELS[c.field] ?? c.field} (changed)`
            : `${c.field}: "${c.from}" → "${c.to}"`,
        )
        .join(", ")}`;
    case "status_changed":
      if (isWithdrawal(e))
        return `Withdrawn by the applicant (status changed from ${e.fromStatus} to ${e.toStatus})`;
      return `Status changed from ${e.fromStatus} to ${e.toStatus}${e.reason ? `. Reason: ${e.reason}` : ""}`;
    case "letter_issued":
      return `Letter ${e.text ?? ""} issued`;
    case "letter_revoked":
      return `Letter ${e.text ?? ""} revoked (${revocationCause(e.reason)})`;
    case "mail_sent":
      return `E-mail sent: ${e.text ?? ""}`;
    case "mail_failed":
      return `E-mail could not be sent: ${e.text ?? ""}`;
    case "imported":
      return `${e.text === "Created" ? "Created" : "Updated"} by an import${
        e.changes?.length ? `: ${e.changes.map((c) => c.field).join(", ")}` : ""
      }`;
    case "note":
      return `Internal note: ${e.text ?? ""}`;
    case "message":
      return `Message to the applicant: ${e.text ?? ""}`;
    case "changes_requested":
      return `Changes requested: ${e.text ?? ""}`;
  }
}

/**
 * An application's whole history for the secretariat, newest first, in their words (the
 * applicant reads theirs in `StatusHistory`).
 */
export function ApplicationHistory({ id, title = "History" }: { id: string; title?: string }) {
  const history = useApplicationHistory(id);
  if (history.isPending) return <Spinner label="Loading history..." />;
  if (history.isError) return <p className="text-sm text-red-700">The history could not be loaded.</p>;
  const entries = [...history.data].reverse();
  return (
    <section
      aria-labelledby={`history-${id}`}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id={`history-${id}`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">Nothing yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-gray-100 text-sm">
          {entries.map((e) => (
            <li key={e._id} className="py-2">
              <p className="whitespace-pre-line break-words text-gray-900">{describeEntry(e)}</p>
              <p className="text-xs text-gray-600">
                {formatTimestampEastern(e.at)}
                {e.by ? ` · ${e.by.firstName} ${e.by.lastName}` : " · the portal"}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
