import type { ApplicationDto } from "@visa/domain";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Banner } from "../../../components/Banner";
import { Spinner } from "../../../components/Spinner";
import { useMe } from "../../../lib/use-me";
import { downloadVisaLetter } from "../api/downloads";
import { useMyApplications } from "../api/my-applications";
import { useUnseenMessages } from "../api/unseen-messages";
import { MyApplicationCards } from "../components/MyApplicationCards";
import { MyApplicationsTable } from "../components/MyApplicationsTable";
import { NextSteps } from "../components/NextSteps";
import { VerifyAddressNotice } from "../components/VerifyAddressNotice";

const primaryLink =
  "inline-flex items-center justify-center rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** /: welcome text and the user's own applications. */
export default function DashboardPage() {
  const me = useMe();
  const apps = useMyApplications();
  const newMessages = useUnseenMessages().data;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // Just submitted (NewApplicationPage's navigation state): what happens next to that request.
  const submittedId = (useLocation().state as { submittedId?: string } | null)?.submittedId;
  const submitted = apps.data?.find((a) => a._id === submittedId);

  async function download(app: ApplicationDto) {
    setDownloadError(null);
    setDownloadError(await downloadVisaLetter(app));
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">
            {me.data ? `Welcome, ${me.data.firstName}!` : "Welcome!"}
          </h1>
          <p className="mt-1 text-sm text-gray-700">
            Request a visa invitation letter for a meeting, follow its status and download the letter once it
            is approved.
          </p>
        </div>
        <Link to="/applications/new" className={primaryLink}>
          New Application
        </Link>
      </div>

      {me.data && !me.data.emailVerified && <VerifyAddressNotice email={me.data.email} />}
      {submitted && (
        <div className="space-y-2">
          <Banner kind="success">
            Your request for {submitted.meeting?.name ?? "the meeting"} was received.
            {me.data?.emailVerified === false ? "" : " A confirmation is on its way by e-mail."}
          </Banner>
          <NextSteps app={submitted} />
        </div>
      )}

      <section aria-labelledby="my-applications" className="space-y-3">
        <h2 id="my-applications" className="text-lg font-semibold text-gray-900">
          My Applications
        </h2>
        {downloadError && (
          <Banner kind="error" onDismiss={() => setDownloadError(null)}>
            {downloadError}
          </Banner>
        )}
        {apps.isPending ? (
          <Spinner label="Loading applications..." />
        ) : apps.isError ? (
          <Banner kind="error">{apps.error.message || "Failed to load applications"}</Banner>
        ) : apps.data.length === 0 ? (
          <div className="rounded-lg border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
            <p className="text-gray-800">No applications yet</p>
            <Link to="/applications/new" className={`${primaryLink} mt-4`}>
              Create New Application
            </Link>
          </div>
        ) : (
          <>
            {/* A table from 640 px, cards below it: a phone shows every column's content unclipped. */}
            <div className="hidden sm:block">
              <MyApplicationsTable applications={apps.data} onDownload={download} newMessages={newMessages} />
            </div>
            <div className="sm:hidden">
              <MyApplicationCards applications={apps.data} onDownload={download} newMessages={newMessages} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
