import type { MeetingStatsDto } from "@visa/domain";

const CARDS = [
  { key: "total", label: "Total Applications", tone: "text-gray-900" },
  { key: "pending", label: "Pending Review", tone: "text-yellow-700" },
  { key: "approved", label: "Approved", tone: "text-green-700" },
] as const;

/** The selected meeting's counts; a dash while they load or when they could not be read. */
export function StatCards({ stats }: { stats: MeetingStatsDto | undefined }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {CARDS.map((c) => (
        <div key={c.key} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <dt className="text-sm font-medium text-gray-600">{c.label}</dt>
          <dd className={`mt-1 text-3xl font-semibold ${c.tone}`}>{stats ? stats[c.key] : "–"}</dd>
        </div>
      ))}
    </dl>
  );
}
