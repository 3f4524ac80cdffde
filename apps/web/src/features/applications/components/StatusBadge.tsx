import { statusBadgeClass, statusLabel } from "./status";

/** The status as a coloured pill with a capitalised label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusBadgeClass(status)}`}
    >
      {statusLabel(status)}
    </span>
  );
}
