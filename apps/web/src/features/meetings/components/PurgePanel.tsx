import { formatDayUS, type PurgePreviewDto, type PurgeResultDto } from "@visa/domain";
import { useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { reasonOr } from "../../../lib/failure-message";
import { usePurgePreview } from "../api/purge";
import { PurgeConfirmDialog, plural } from "./PurgeConfirmDialog";
import { EligibleMeetingsTable, PastPurgesTable } from "./PurgeTables";

/**
 * 'Purge old applications' (product.md, privacy of passport data): what a purge would delete now,
 * the typed confirmation, and the counts earlier purges kept.
 */
export function PurgePanel() {
  const preview = usePurgePreview();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const onPurged = (result: PurgeResultDto) => {
    setConfirming(false);
    setNotice(
      result.total === 0
        ? "Nothing was purged: no eligible meeting has applications any more."
        : `Purged ${plural(result.total, "application")} of ${plural(result.meetings.length, "meeting")}. Their counts are kept below.`,
    );
  };

  return (
    <section aria-labelledby="purge-title" className="space-y-4 border-t border-gray-200 pt-6">
      <h2 id="purge-title" className="text-xl font-semibold text-gray-900">
        Purge old applications
      </h2>
      {notice && (
        <Banner kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {preview.isPending ? (
        <p className="py-4 text-sm text-gray-600" role="status">
          Loading purge overview...
        </p>
      ) : preview.isError ? (
        <Banner kind="error">{reasonOr(preview.error, "Failed to load the purge overview")}</Banner>
      ) : (
        <PurgeOverview
          data={preview.data}
          onPurge={() => {
            setNotice(null);
            setConfirming(true);
          }}
        />
      )}
      <PurgeConfirmDialog
        open={confirming}
        meetingCount={preview.data?.eligible.length ?? 0}
        applicationCount={preview.data?.eligible.reduce((sum, m) => sum + m.total, 0) ?? 0}
        onClose={() => setConfirming(false)}
        onPurged={onPurged}
      />
    </section>
  );
}

function PurgeOverview({ data, onPurge }: { data: PurgePreviewDto; onPurge: () => void }) {
  const eligibleCount = data.eligible.reduce((sum, m) => sum + m.total, 0);
  return (
    <>
      <p className="text-sm text-gray-700">
        Applications hold passport numbers and birthdates. Those of meetings that ended more than{" "}
        <strong>{data.purgeAfterDays} days</strong> ago (before {formatDayUS(data.cutoffDate)}) can be purged:
        the applications and their documents are deleted and their letters revoked; the meetings and the
        counts by status are kept.{" "}
        {data.schedule === "daily"
          ? "The server also purges them by itself once a day."
          : "The server does not purge by itself; only this button does."}
      </p>
      {data.eligible.length === 0 ? (
        <p className="text-sm text-gray-600">No meetings have applications old enough to purge.</p>
      ) : (
        <EligibleMeetingsTable meetings={data.eligible} />
      )}
      <div>
        <Button variant="danger" onClick={onPurge} disabled={data.eligible.length === 0}>
          Purge old applications
        </Button>
        {data.eligible.length > 0 && (
          <span className="ml-3 text-sm text-gray-600">
            {plural(eligibleCount, "application")} of {plural(data.eligible.length, "meeting")}
          </span>
        )}
      </div>
      <h3 className="pt-2 font-semibold text-gray-900">Past purges</h3>
      {data.purges.length === 0 ? (
        <p className="text-sm text-gray-600">No purges yet.</p>
      ) : (
        <PastPurgesTable purges={data.purges} kept={data.kept} />
      )}
    </>
  );
}
