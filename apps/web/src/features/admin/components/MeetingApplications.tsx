import type { ApplicationDto, MeetingDto } from "@visa/domain";
import { useEffect, useState } from "react";
import { Banner } from "../../../components/Banner";
import { Pagination } from "../../../components/Pagination";
import { SearchBox } from "../../../components/SearchBox";
import { Spinner } from "../../../components/Spinner";
import { reasonOr } from "../../../lib/failure-message";
import { downloadApplicationPdf } from "../api/download-application-pdf";
import { useAdminApplications } from "../api/get-admin-applications";
import type { useListParams } from "../lib/use-list-params";
import { ApplicationsTable } from "./ApplicationsTable";
import { DeleteApplicationDialog } from "./DeleteApplicationDialog";
import { MeetingToolbar } from "./MeetingToolbar";

export interface MeetingApplicationsProps {
  meeting: MeetingDto;
  list: ReturnType<typeof useListParams>;
}

/** The selected meeting's applications: toolbar, search, sortable table, pages, delete. */
export function MeetingApplications({ meeting, list }: MeetingApplicationsProps) {
  const { page, sortBy, sortDirection, search, setPage } = list;
  const apps = useAdminApplications({ meetingId: meeting._id, page, sortBy, sortDirection, search });
  const [deleting, setDeleting] = useState<ApplicationDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pages = apps.data?.pagination.pages ?? 0;

  // Deleting the last row of the last page would leave the admin on an empty page.
  useEffect(() => {
    if (!apps.isPlaceholderData && pages > 0 && page > pages) setPage(pages);
  }, [apps.isPlaceholderData, page, pages, setPage]);

  const downloadPdf = (a: ApplicationDto) =>
    downloadApplicationPdf(a).catch(() => window.alert("Failed to download PDF. Please try again."));

  const rows = apps.data?.applications ?? [];
  return (
    <div className="space-y-4">
      <MeetingToolbar meeting={meeting} />
      {notice && (
        <Banner kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          value={search}
          onSearch={list.setSearch}
          label="Search applications by name or email"
          placeholder="Search by name or email..."
        />
        {rows.length > 0 && apps.data && (
          <p className="text-sm text-gray-600" aria-live="polite">
            Showing {rows.length} of {apps.data.pagination.total} applications for {meeting.name}
          </p>
        )}
      </div>
      {apps.isPending ? (
        <Spinner label="Loading applications..." />
      ) : apps.isError ? (
        <Banner kind="error">{reasonOr(apps.error, "Failed to load applications")}</Banner>
      ) : rows.length === 0 ? (
        <p className="rounded-lg bg-white py-10 text-center text-sm text-gray-600 ring-1 ring-gray-200">
          {search ? "No applications found matching your search." : "No applications found."}
        </p>
      ) : (
        <div className={apps.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <ApplicationsTable
            applications={rows}
            sortBy={sortBy}
            sortDirection={sortDirection}
            onSort={list.toggleSort}
            onDownloadPdf={downloadPdf}
            onDelete={setDeleting}
          />
        </div>
      )}
      <Pagination page={page} pages={pages} onPageChange={setPage} label="Application pages" />
      <DeleteApplicationDialog
        application={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(a) => {
          setDeleting(null);
          setNotice(`Application of ${a.firstName} ${a.lastName} deleted`);
        }}
      />
    </div>
  );
}
