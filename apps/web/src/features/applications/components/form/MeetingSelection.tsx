import { formatDayUS, type MeetingDto } from "@visa/domain";
import { Banner } from "../../../../components/Banner";
import { SelectInput } from "../../../../components/FormField";
import { Spinner } from "../../../../components/Spinner";
import { Section } from "./controls";
import type { BoundField } from "./fields";

export interface MeetingSelectionProps {
  f: BoundField;
  meetings: MeetingDto[] | undefined;
  loading: boolean;
  failed: boolean;
}

const optionLabel = (m: MeetingDto) =>
  `${m.name} — ${m.location} (${formatDayUS(m.startDate)} – ${formatDayUS(m.endDate)})`;

/** The meeting the letter is for, from the active meetings only (the page says when there are none). */
export function MeetingSelection({ f, meetings, loading, failed }: MeetingSelectionProps) {
  return (
    <Section title="Meeting Selection">
      <div className="sm:col-span-2">
        {loading ? (
          <Spinner label="Loading meetings..." />
        ) : failed ? (
          <Banner kind="error">Failed to load meetings. Please try again later.</Banner>
        ) : (
          <SelectInput
            label={f.label}
            required={f.required}
            error={f.error}
            placeholder="Select a meeting..."
            options={(meetings ?? []).map((m) => ({ value: m._id, label: optionLabel(m) }))}
            {...f.reg}
          />
        )}
      </div>
    </Section>
  );
}
