import { APPLICATION_STATUSES, type ApplicationStatus } from "@visa/domain";
import { controlClass } from "../../../components/FormField";

export interface ListFiltersProps {
  status: ApplicationStatus | null;
  warnings: boolean;
  onStatus: (status: ApplicationStatus | null) => void;
  onWarnings: (on: boolean) => void;
}

/** The list's status filter and 'has warnings'. */
export function ListFilters({ status, warnings, onStatus, onWarnings }: ListFiltersProps) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <label className="flex items-center gap-2 text-sm text-gray-800">
        Status
        <select
          className={`${controlClass} w-auto`}
          value={status ?? ""}
          onChange={(e) => onStatus((e.target.value || null) as ApplicationStatus | null)}
        >
          <option value="">All</option>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" checked={warnings} onChange={(e) => onWarnings(e.target.checked)} />
        Has warnings
      </label>
    </div>
  );
}
