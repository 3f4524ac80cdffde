import { type ApplicationDto, formatDayUS } from "@visa/domain";
import { Link } from "react-router";
import { StatusBadge } from "./StatusBadge";
import { normalStatus, statusRowClass } from "./status";

export interface MyApplicationCardsProps {
  applications: ApplicationDto[];
  onDownload: (app: ApplicationDto) => void;
  /** How many messages of the secretariat the applicant has not seen, by application. */
  newMessages?: ReadonlyMap<string, number>;
}

const action =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** 'My Applications' on a phone: one card per request (meeting, dates, status, actions), nothing clipped. */
export function MyApplicationCards({ applications, onDownload, newMessages }: MyApplicationCardsProps) {
  return (
    <ul className="space-y-3" aria-label="My Applications">
      {applications.map((app) => {
        const name = `${app.firstName} ${app.lastName}`;
        return (
          <li
            key={app._id}
            className={`rounded-lg border border-gray-200 p-4 shadow-sm ${statusRowClass(app.status, Boolean(app.withdrawnAt))}`}
            data-status={normalStatus(app.status)}
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="min-w-0 break-words font-semibold text-gray-900">{app.meeting?.name ?? ""}</h3>
              <StatusBadge
                status={app.status}
                withdrawn={Boolean(app.withdrawnAt)}
                changesRequested={Boolean(app.changesRequested)}
                newMessages={newMessages?.get(app._id)}
              />
            </div>
            <p className="mt-1 break-words text-sm text-gray-800">{name}</p>
            <p className="text-sm text-gray-700">
              {formatDayUS(app.dateOfArrival)} – {formatDayUS(app.dateOfDeparture)}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link
                to={`/applications/${app._id}`}
                className={`${action} bg-white text-gray-800 ring-1 ring-inset ring-gray-300 hover:bg-gray-50`}
                aria-label={`View details of ${name}, ${app.meeting?.name ?? ""}`}
              >
                View Details
              </Link>
              {normalStatus(app.status) === "approved" && (
                <button
                  type="button"
                  onClick={() => onDownload(app)}
                  className={`${action} bg-blue-700 text-white hover:bg-blue-800`}
                >
                  Download Visa Letter
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
