import {
  formatDayUS,
  formatTimestampEastern,
  type PurgeCountsDto,
  type PurgeEligibleMeetingDto,
  type PurgeRecordDto,
} from "@visa/domain";
import type { ReactNode } from "react";

const TH = "px-4 py-2 font-semibold uppercase tracking-wide";
const TD = "whitespace-nowrap px-4 py-2 text-gray-700";
const COUNT_HEADERS = ["Total", "Pending", "Approved", "Rejected"] as const;

function CountCells({ counts }: { counts: PurgeCountsDto }) {
  return (
    <>
      {[counts.total, counts.pending, counts.approved, counts.rejected].map((n, i) => (
        <td key={COUNT_HEADERS[i]} className={`${TD} text-right tabular-nums`}>
          {n}
        </td>
      ))}
    </>
  );
}

function CountsTable(props: { caption: string; headers: string[]; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-gray-50 text-left text-xs text-gray-600">
          <tr>
            {props.headers.map((h) => (
              <th key={h} scope="col" className={TH}>
                {h}
              </th>
            ))}
            {COUNT_HEADERS.map((h) => (
              <th key={h} scope="col" className={`${TH} text-right`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{props.children}</tbody>
        {props.footer}
      </table>
    </div>
  );
}

/** The meetings a purge would empty now, with their applications counted by status. */
export function EligibleMeetingsTable({ meetings }: { meetings: PurgeEligibleMeetingDto[] }) {
  return (
    <CountsTable caption="Meetings eligible for purging" headers={["Meeting", "Ended"]}>
      {meetings.map((m) => (
        <tr key={m.meetingId}>
          <th scope="row" className={`${TD} text-left font-medium text-gray-900`}>
            {m.name}
          </th>
          <td className={TD}>{formatDayUS(m.endDate)}</td>
          <CountCells counts={m} />
        </tr>
      ))}
    </CountsTable>
  );
}

/** Past purges, newest first, with the counts each kept and their sum. */
export function PastPurgesTable({ purges, kept }: { purges: PurgeRecordDto[]; kept: PurgeCountsDto }) {
  return (
    <CountsTable
      caption="Past purges and the counts they kept"
      headers={["Meeting", "Ended", "Purged", "By"]}
      footer={
        <tfoot className="border-t border-gray-200 bg-gray-50 font-semibold">
          <tr>
            <th scope="row" colSpan={4} className={`${TD} text-left text-gray-900`}>
              All purges
            </th>
            <CountCells counts={kept} />
          </tr>
        </tfoot>
      }
    >
      {purges.map((p) => (
        <tr key={p._id}>
          <th scope="row" className={`${TD} text-left font-medium text-gray-900`}>
            {p.name}
          </th>
          <td className={TD}>{formatDayUS(p.endDate)}</td>
          <td className={TD}>{formatTimestampEastern(p.purgedAt)}</td>
          <td className={TD}>{p.trigger === "schedule" ? "Daily schedule" : "Admin"}</td>
          <CountCells counts={p} />
        </tr>
      ))}
    </CountsTable>
  );
}
