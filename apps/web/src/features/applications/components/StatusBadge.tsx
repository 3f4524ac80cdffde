import { statusBadgeClass, statusLabel } from "./status";

/**
 * The status as a coloured pill with a capitalised label; a request its applicant withdrew shows
 * 'Withdrawn' (its status on the wire stays Rejected).
 */
export function StatusBadge({ status, withdrawn = false }: { status: string; withdrawn?: boolean }) {
  const style = withdrawn ? "bg-gray-100 text-gray-800 ring-gray-300" : statusBadgeClass(status);
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}`}
    >
      {withdrawn ? "Withdrawn" : statusLabel(status)}
    </span>
  );
}
