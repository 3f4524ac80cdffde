import type { ApplicationDto } from "@visa/domain";
import { useNavigate } from "react-router";
import { Menu, type MenuAction } from "../../../components/Menu";
import { formatDateEastern } from "../../../lib/dates";
import { StatusBadge } from "./StatusBadge";
import { normalStatus, statusRowClass } from "./status";

export interface MyApplicationsTableProps {
  applications: ApplicationDto[];
  onDownload: (app: ApplicationDto) => void;
  /** How many messages of the secretariat the applicant has not seen, by application. */
  newMessages?: ReadonlyMap<string, number>;
}

/** 'My Applications': one tinted row per application with its Actions menu. */
export function MyApplicationsTable({ applications, onDownload, newMessages }: MyApplicationsTableProps) {
  const navigate = useNavigate();
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-100 text-left text-xs font-semibold uppercase tracking-wide text-gray-700">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-4">
              Meeting
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4">
              Name
            </th>
            <th scope="col" className="hidden px-2 py-3 sm:px-4 sm:table-cell">
              Submitted Date
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4">
              Status
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4">
              <span className="sr-only sm:not-sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {applications.map((app) => {
            const name = `${app.firstName} ${app.lastName}`;
            const items: MenuAction[] = [
              { label: "View Details", onClick: () => navigate(`/applications/${app._id}`) },
            ];
            if (normalStatus(app.status) === "approved") {
              items.push({ label: "Download Visa Letter", onClick: () => onDownload(app) });
            }
            return (
              <tr
                key={app._id}
                className={statusRowClass(app.status, Boolean(app.withdrawnAt))}
                data-status={normalStatus(app.status)}
              >
                {/* Long words wrap anywhere, so a long name never pushes Actions out of view. */}
                <td className="px-2 py-3 sm:px-4 text-gray-900 [overflow-wrap:anywhere]">
                  {app.meeting?.name ?? ""}
                </td>
                <td className="px-2 py-3 sm:px-4 text-gray-900 [overflow-wrap:anywhere]">{name}</td>
                <td className="hidden px-2 py-3 sm:px-4 text-gray-700 sm:table-cell">
                  {formatDateEastern(app.createdAt)}
                </td>
                <td className="px-2 py-3 sm:px-4">
                  <StatusBadge
                    status={app.status}
                    withdrawn={Boolean(app.withdrawnAt)}
                    changesRequested={Boolean(app.changesRequested)}
                    newMessages={newMessages?.get(app._id)}
                  />
                </td>
                <td className="px-2 py-3 sm:px-4">
                  <Menu items={items} ariaLabel={`Actions for ${name}, ${app.meeting?.name ?? ""}`} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
