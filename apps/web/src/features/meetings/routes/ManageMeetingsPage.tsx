import type { MeetingDto } from "@visa/domain";
import { useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { reasonOr } from "../../../lib/failure-message";
import { sortByStartDate } from "../../../lib/initial-meeting";
import { useMeetings } from "../../../lib/use-meetings";
import { useDeleteMeeting } from "../api/delete-meeting";
import { MeetingFormModal } from "../components/MeetingFormModal";
import { MeetingList } from "../components/MeetingList";
import { PurgePanel } from "../components/PurgePanel";

/** 'Upcoming Meetings': add, edit, activate and delete meetings. */
export default function ManageMeetingsPage() {
  const meetings = useMeetings();
  const remove = useDeleteMeeting();
  const [editing, setEditing] = useState<MeetingDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<MeetingDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const openForm = (m: MeetingDto | null) => {
    setEditing(m);
    setFormOpen(true);
  };
  const askDelete = (m: MeetingDto) => {
    remove.reset();
    setDeleting(m);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        setDeleting(null);
        setNotice(`Meeting "${name}" deleted`);
      },
    });
  };

  return (
    <section aria-labelledby="meetings-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="meetings-title" className="text-xl font-semibold text-gray-900">
          Upcoming Meetings
        </h2>
        <Button onClick={() => openForm(null)}>Add New Meeting</Button>
      </div>
      {notice && (
        <Banner kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {meetings.isPending ? (
        <p className="py-8 text-center text-sm text-gray-600" role="status">
          Loading...
        </p>
      ) : meetings.isError ? (
        <Banner kind="error">{reasonOr(meetings.error, "Failed to load meetings")}</Banner>
      ) : (
        <MeetingList meetings={sortByStartDate(meetings.data)} onEdit={openForm} onDelete={askDelete} />
      )}
      <MeetingFormModal open={formOpen} meeting={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Meeting"
        confirmLabel="Delete Meeting"
        pending={remove.isPending}
        error={remove.isError ? reasonOr(remove.error, "Failed to delete meeting") : null}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <p>
          Delete the meeting <strong>{deleting?.name}</strong>? This cannot be undone. A meeting that still
          has applications cannot be deleted.
        </p>
      </ConfirmDialog>
      <PurgePanel />
    </section>
  );
}
