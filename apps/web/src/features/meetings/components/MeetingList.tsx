import { formatDayUS, type MeetingDto } from "@visa/domain";
import { Button } from "../../../components/Button";

export interface MeetingListProps {
  meetings: MeetingDto[];
  onEdit: (m: MeetingDto) => void;
  onDelete: (m: MeetingDto) => void;
}

/** One card per meeting, earliest first: name, place, days, whether the form offers it. */
export function MeetingList({ meetings, onEdit, onDelete }: MeetingListProps) {
  if (meetings.length === 0) {
    return <p className="py-8 text-center text-sm text-gray-600">No meetings yet.</p>;
  }
  return (
    <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      {meetings.map((m) => (
        <li key={m._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="break-words font-semibold text-gray-900">{m.name}</h3>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  m.isActive ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-700"
                }`}
              >
                {m.isActive ? "Active" : "Inactive"}
              </span>
            </div>
            <p className="mt-1 break-words text-sm text-gray-700">{m.location}</p>
            <p className="text-sm text-gray-600">
              {formatDayUS(m.startDate)} - {formatDayUS(m.endDate)}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" size="sm" onClick={() => onEdit(m)} aria-label={`Edit ${m.name}`}>
              Edit
            </Button>
            <Button variant="danger" size="sm" onClick={() => onDelete(m)} aria-label={`Delete ${m.name}`}>
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
