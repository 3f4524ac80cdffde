import type { ApplicationStatus, MeetingStatsDto } from "@visa/domain";

const CARDS = [
  { key: "total", label: "Total Applications", tone: "text-gray-900", status: null },
  { key: "pending", label: "Pending Review", tone: "text-yellow-700", status: "Pending" },
  { key: "approved", label: "Approved", tone: "text-green-700", status: "Approved" },
  { key: "rejected", label: "Rejected", tone: "text-red-700", status: "Rejected" },
] as const;

export interface StatCardsProps {
  stats: MeetingStatsDto | undefined;
  /** The status the list shows (null: all); its card is marked. */
  selected?: ApplicationStatus | null;
  /** A click on a card filters the list by its status (Total shows all). */
  onPick?: (status: ApplicationStatus | null) => void;
}

/** The selected meeting's counts; a dash while they load or when they could not be read. */
export function StatCards({ stats, selected = null, onPick }: StatCardsProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {CARDS.map((c) => {
        const active = selected === c.status;
        return (
          <li key={c.key}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onPick?.(c.status)}
              className={`w-full rounded-lg bg-white p-4 text-left shadow-sm ring-1 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-700 ${
                active ? "ring-2 ring-blue-700" : "ring-gray-200"
              }`}
            >
              <span className="block text-sm font-medium text-gray-600">{c.label}</span>
              <span className={`mt-1 block text-3xl font-semibold ${c.tone}`}>
                {stats ? stats[c.key] : "–"}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
