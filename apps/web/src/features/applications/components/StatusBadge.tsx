import { ChangesRequestedBadge } from "../../../components/ChangesRequestedBadge";
import { StatusMark } from "../../../components/StatusMark";
import { statusBadgeClass, statusLabel } from "./status";

export interface StatusBadgeProps {
  status: string;
  /** The applicant withdrew it: 'Withdrawn' instead of the status (on the wire it stays Rejected). */
  withdrawn?: boolean;
  /** The secretariat asked for corrections: 'Changes requested' beside the status. */
  changesRequested?: boolean;
  /** Messages of the secretariat the applicant has not seen: 'New message' beside the status. */
  newMessages?: number;
}

/** The status as a coloured pill with a capitalised label, and what product.md shows beside it. */
export function StatusBadge({
  status,
  withdrawn = false,
  changesRequested = false,
  newMessages = 0,
}: StatusBadgeProps) {
  const style = withdrawn ? "bg-gray-100 text-gray-800 ring-gray-300" : statusBadgeClass(status);
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span
        className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}`}
      >
        {withdrawn ? "Withdrawn" : statusLabel(status)}
      </span>
      {changesRequested && !withdrawn && <ChangesRequestedBadge />}
      {newMessages > 0 && (
        <StatusMark>{newMessages > 1 ? `${newMessages} new messages` : "New message"}</StatusMark>
      )}
    </span>
  );
}
