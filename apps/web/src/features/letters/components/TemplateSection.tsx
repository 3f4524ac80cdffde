import { useId, useState } from "react";
import { Banner } from "../../../components/Banner";
import { controlClass } from "../../../components/FormField";
import { Spinner } from "../../../components/Spinner";
import { useMeetings } from "../../../lib/use-meetings";
import { useLetterTemplate } from "../api/letter-template";
import { errorText } from "../lib/error-text";
import { TemplateEditor } from "./TemplateEditor";

/** Picks a meeting and edits its letter template. */
export function TemplateSection() {
  const selectId = useId();
  const meetings = useMeetings();
  const [chosen, setChosen] = useState<string | null>(null);
  const meetingId = chosen ?? meetings.data?.[0]?._id ?? null;
  const template = useLetterTemplate(meetingId);

  if (meetings.isPending) return <Spinner label="Loading meetings..." />;
  if (meetings.isError)
    return <Banner kind="error">{errorText(meetings.error, "Failed to load meetings")}</Banner>;
  if (meetings.data.length === 0) {
    return (
      <p className="text-sm text-gray-600">Add a meeting first: each meeting has its own letter template.</p>
    );
  }
  return (
    <div className="space-y-4">
      <div className="max-w-md">
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-gray-800">
          Meeting
        </label>
        <select
          id={selectId}
          className={controlClass}
          value={meetingId ?? ""}
          onChange={(e) => setChosen(e.target.value)}
        >
          {meetings.data.map((m) => (
            <option key={m._id} value={m._id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      {template.isPending ? (
        <Spinner label="Loading template..." />
      ) : template.isError ? (
        <Banner kind="error">{errorText(template.error, "Failed to load the template")}</Banner>
      ) : (
        <TemplateEditor key={template.data.meetingId} template={template.data} />
      )}
    </div>
  );
}
