import { formatDayUS } from "@visa/domain";
import { useEffect, useMemo } from "react";
import { Link } from "react-router";
import { Banner } from "../../../components/Banner";
import { Spinner } from "../../../components/Spinner";
import { reasonOr } from "../../../lib/failure-message";
import { chooseInitialMeeting, sortByStartDate } from "../../../lib/initial-meeting";
import { useMeetings } from "../../../lib/use-meetings";
import { useApplicationStats } from "../api/get-application-stats";
import { MeetingApplications } from "../components/MeetingApplications";
import { MeetingTabs } from "../components/MeetingTabs";
import { StatCards } from "../components/StatCards";
import { useListParams } from "../lib/use-list-params";

/** Admin home: a meeting's statistics and its applications. */
export default function AdminApplicationsPage() {
  const meetings = useMeetings();
  const list = useListParams();
  const all = useMemo(() => sortByStartDate(meetings.data ?? []), [meetings.data]);
  const initial = useMemo(() => chooseInitialMeeting(all), [all]);
  const picked = all.find((m) => m._id === list.pickedMeetingId) ?? null;
  const meeting = picked ?? initial;
  const stats = useApplicationStats(meeting?._id ?? null);

  // Spec §8: a statistics failure is only logged; the cards show dashes.
  useEffect(() => {
    if (stats.isError) console.error("Failed to load application statistics", stats.error);
  }, [stats.isError, stats.error]);

  return (
    <section aria-labelledby="applications-title" className="space-y-6">
      <StatCards stats={stats.data} selected={list.status} onPick={list.setStatus} />
      <div className="space-y-3">
        <h2 id="applications-title" className="text-xl font-semibold text-gray-900">
          Applications by Meeting
        </h2>
        {meetings.isPending ? (
          <Spinner label="Loading meetings..." />
        ) : meetings.isError ? (
          <Banner kind="error">{reasonOr(meetings.error, "Failed to load meetings")}</Banner>
        ) : all.length === 0 ? (
          <p className="text-sm text-gray-700">
            No meetings yet.{" "}
            <Link to="/admin/meetings" className="font-medium text-blue-700 underline">
              Add a meeting
            </Link>{" "}
            to start receiving applications.
          </p>
        ) : (
          <>
            <MeetingTabs
              active={all.filter((m) => m.isActive)}
              inactive={all.filter((m) => !m.isActive)}
              selectedId={meeting?._id ?? null}
              onSelect={list.setMeeting}
            />
            {!picked && meeting && (
              <p className="flex items-center gap-2 text-sm text-gray-700">
                <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-green-500" aria-hidden="true" />
                Auto-selected: {meeting.name} (starts {formatDayUS(meeting.startDate)})
              </p>
            )}
          </>
        )}
      </div>
      {/* Not keyed by meeting: its live regions stay on the page, so a switch of meeting is read
          out (the selection it drops, the new count) as a filter's is. */}
      {meeting && <MeetingApplications meeting={meeting} list={list} />}
    </section>
  );
}
