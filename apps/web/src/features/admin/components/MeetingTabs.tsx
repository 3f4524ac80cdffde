import { formatDayUS, type MeetingDto } from "@visa/domain";
import { useId } from "react";
import { controlClass } from "../../../components/FormField";
import { revealFocused } from "../lib/reveal-focused";

export interface MeetingTabsProps {
  /** Active meetings, by start date. */
  active: MeetingDto[];
  /** Inactive meetings, by start date: no tab, but their applications must stay reachable. */
  inactive: MeetingDto[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** One tab per active meeting (spec §2) and a picker for closed ones. */
export function MeetingTabs({ active, inactive, selectedId, onSelect }: MeetingTabsProps) {
  const selectId = useId();
  const inactiveSelected = inactive.some((m) => m._id === selectedId);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div
        role="group"
        aria-label="Meetings"
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
        onFocus={revealFocused}
      >
        {active.map((m) => {
          const selected = m._id === selectedId;
          return (
            <button
              key={m._id}
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(m._id)}
              title={`${m.location}, ${formatDayUS(m.startDate)} - ${formatDayUS(m.endDate)}`}
              className={`whitespace-nowrap rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                selected
                  ? "bg-blue-700 text-white ring-blue-700"
                  : "bg-white text-gray-800 ring-gray-300 hover:bg-gray-50"
              }`}
            >
              {m.name}
            </button>
          );
        })}
      </div>
      {inactive.length > 0 && (
        // Wide enough for its longest name (up to half the row); a longer one ends in "…" and its
        // whole name shows on hover.
        <div className="min-w-0 lg:max-w-[50%] lg:shrink-0">
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-gray-800">
            Inactive meetings
          </label>
          <select
            id={selectId}
            className={`${controlClass} truncate lg:w-auto lg:min-w-64 lg:max-w-full`}
            title={inactive.find((m) => m._id === selectedId)?.name}
            value={inactiveSelected ? (selectedId ?? "") : ""}
            onChange={(e) => e.target.value && onSelect(e.target.value)}
          >
            <option value="">Choose an inactive meeting</option>
            {inactive.map((m) => (
              <option key={m._id} value={m._id}>
                {m.name} ({formatDayUS(m.startDate)})
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
