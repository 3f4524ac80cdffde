import {
  type ApplicationSummaryDto,
  type ApplicationWarning,
  formatDayUS,
  formatTimestampEastern,
} from "@visa/domain";
import { Link, useNavigate } from "react-router";
import { ChangesRequestedBadge } from "../../../components/ChangesRequestedBadge";
import { Menu } from "../../../components/Menu";
import type { SortDirection, SortField } from "../api/get-admin-applications";
import { appointmentDueIn } from "../lib/appointment-due";

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-yellow-100 text-yellow-800",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
};

/** Status compared case-insensitively and shown with a capital first letter (spec §4). */
export function capitalise(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}

export interface ApplicationsTableProps {
  applications: ApplicationSummaryDto[];
  sortBy: SortField;
  sortDirection: SortDirection;
  onSort: (field: SortField) => void;
  onDownloadPdf: (app: ApplicationSummaryDto) => void;
  onDelete: (app: ApplicationSummaryDto) => void;
  onApprove: (app: ApplicationSummaryDto) => void;
  onReject: (app: ApplicationSummaryDto) => void;
  /** Where the detail page is: the list's place travels with it, so Back returns here. */
  detailHref: (app: ApplicationSummaryDto) => string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
}

function SortHeader(props: {
  field: SortField;
  label: string;
  sortBy: SortField;
  sortDirection: SortDirection;
  onSort: (field: SortField) => void;
}) {
  const current = props.sortBy === props.field;
  const ariaSort = current ? (props.sortDirection === "asc" ? "ascending" : "descending") : "none";
  return (
    <th scope="col" aria-sort={ariaSort} className="px-1 py-1">
      {/* 44 px high, a tap target on a phone; its padding keeps the label where the others are. */}
      <button
        type="button"
        onClick={() => props.onSort(props.field)}
        className="inline-flex min-h-11 items-center gap-1 px-2 font-semibold uppercase tracking-wide hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        {props.label}
        <span aria-hidden="true" className={current ? "text-gray-900" : "text-gray-400"}>
          {current ? (props.sortDirection === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** Around each row's checkbox: a 44 px area that ticks it, a tap target on a phone. */
const CHECK_AREA = "flex min-h-11 min-w-11 cursor-pointer items-center justify-center";

/** A page of applications; scrolls sideways on narrow screens instead of squeezing columns. */
export function ApplicationsTable(props: ApplicationsTableProps) {
  const navigate = useNavigate();
  const sort = { sortBy: props.sortBy, sortDirection: props.sortDirection, onSort: props.onSort };
  return (
    <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50 text-left text-xs text-gray-600">
          <tr>
            <th scope="col" className="w-10 px-1 py-1">
              <label className={CHECK_AREA}>
                <input
                  type="checkbox"
                  aria-label="Select all applications on this page"
                  checked={
                    props.applications.length > 0 &&
                    props.applications.every((a) => props.selected.has(a._id))
                  }
                  onChange={(e) => props.onToggleAll(e.target.checked)}
                />
              </label>
            </th>
            <th scope="col" className="px-3 py-3 font-semibold uppercase tracking-wide">
              Name
            </th>
            <th scope="col" className="px-3 py-3 font-semibold uppercase tracking-wide">
              Email
            </th>
            <SortHeader field="createdAt" label="Date" {...sort} />
            <SortHeader field="status" label="Status" {...sort} />
            <SortHeader field="visaAppointmentDate" label="Visa Appointment" {...sort} />
            <th
              scope="col"
              className="sticky right-0 bg-gray-50 px-3 py-3 font-semibold uppercase tracking-wide"
            >
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {props.applications.map((a) => {
            const name = `${a.firstName} ${a.lastName}`;
            const approved = a.status.toLowerCase() === "approved";
            // Open requests whose visa appointment is within 14 days are highlighted.
            const dueIn =
              a.withdrawnAt || a.status === "Rejected" ? null : appointmentDueIn(a.visaAppointmentDate);
            return (
              <tr
                key={a._id}
                className={dueIn !== null ? "bg-orange-50 hover:bg-orange-100" : "bg-white hover:bg-gray-50"}
                data-due={dueIn !== null || undefined}
              >
                <td className="px-1 py-1">
                  <label className={CHECK_AREA}>
                    <input
                      type="checkbox"
                      aria-label={`Select ${name}`}
                      checked={props.selected.has(a._id)}
                      onChange={() => props.onToggle(a._id)}
                    />
                  </label>
                </td>
                {/* A link, so the detail page also opens in a new tab; long names wrap anywhere. */}
                <td className="min-w-40 px-3 py-3 text-gray-900">
                  <Link
                    to={props.detailHref(a)}
                    className="font-medium text-blue-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
                  >
                    {name}
                  </Link>
                  <WarningBadge app={a} />
                  {a.changesRequested && <ChangesRequestedBadge className="ml-2" />}
                </td>
                <td className="px-3 py-3 text-gray-700">
                  <span className="block max-w-56 truncate" title={a.email}>
                    {a.email}
                  </span>
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-gray-700">
                  {formatTimestampEastern(a.createdAt)}
                </td>
                <td className="px-3 py-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[a.status.toLowerCase()] ?? ""}`}
                  >
                    {capitalise(a.status)}
                  </span>
                  {a.withdrawnAt && (
                    <span className="ml-1 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">
                      Withdrawn
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-gray-700">
                  {a.visaAppointmentDate ? formatDayUS(a.visaAppointmentDate) : "—"}
                  {dueIn !== null && (
                    <span className="ml-2 font-semibold text-orange-900">
                      {dueIn === 0 ? "today" : `in ${dueIn} day${dueIn === 1 ? "" : "s"}`}
                    </span>
                  )}
                </td>
                {/* Kept at the right edge while the row scrolls sideways on a phone: Tab from the
                    name to its Actions would otherwise scroll the name out of sight. */}
                <td className="sticky right-0 bg-inherit px-3 py-3 text-right">
                  <Menu
                    ariaLabel={`Actions for ${name}`}
                    items={[
                      { label: "View", onClick: () => navigate(props.detailHref(a)) },
                      ...(a.status !== "Approved"
                        ? [{ label: "Approve", onClick: () => props.onApprove(a) }]
                        : []),
                      ...(a.status !== "Rejected"
                        ? [{ label: "Reject", onClick: () => props.onReject(a) }]
                        : []),
                      ...(approved ? [{ label: "Download PDF", onClick: () => props.onDownloadPdf(a) }] : []),
                      { label: "Delete", onClick: () => props.onDelete(a), danger: true },
                    ]}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A warning as one line of text: its message, and a duplicate's other requests by name and status. */
function warningText({ message, others = [] }: ApplicationWarning): string {
  if (others.length === 0) return message;
  const named = others.map((o) => `${o.firstName} ${o.lastName} (${o.status})`).join(", ");
  return `${message} ${others.length === 1 ? "The other request" : "The other requests"}: ${named}.`;
}

/** "⚠ 2" beside a name when the request has data-quality warnings; the title lists them. */
function WarningBadge({ app }: { app: ApplicationSummaryDto }) {
  const warnings = app.warnings ?? [];
  if (warnings.length === 0) return null;
  const text = warnings.map(warningText).join(" ");
  return (
    <span
      title={text}
      className="ml-2 inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
    >
      <span aria-hidden="true">⚠ </span>
      {warnings.length} {warnings.length === 1 ? "warning" : "warnings"}
      <span className="sr-only">: {text}</span>
    </span>
  );
}
