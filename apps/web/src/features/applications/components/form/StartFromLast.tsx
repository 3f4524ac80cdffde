import type { ApplicationDto } from "@visa/domain";
import { useState } from "react";
import { Button } from "../../../../components/Button";
import { Modal } from "../../../../components/Modal";
import { type ApplicantValues, FIELD_LABELS } from "./fields";
import { type CopyPlan, fromLastApplication, planCopy } from "./from-last-application";

export interface StartFromLastProps {
  applications: ApplicationDto[] | undefined;
  /** What the form holds when the button is pressed. */
  current: () => Partial<ApplicantValues>;
  /** Values the form filled in by itself (the account's name and e-mail): a copy replaces them. */
  prefilled?: Partial<ApplicantValues>;
  onUse: (values: Partial<ApplicantValues>) => void;
}

const labels = (fields: (keyof ApplicantValues)[]) => fields.map((k) => FIELD_LABELS[k]).join(", ");

/**
 * 'Start from my last application': everything but the trip, from the newest application. Fields
 * the user already typed differently are kept unless they choose to replace them.
 */
export function StartFromLast({ applications, current, prefilled, onUse }: StartFromLastProps) {
  const [asking, setAsking] = useState<CopyPlan | null>(null);
  const [outcome, setOutcome] = useState("");
  const last = applications?.reduce<ApplicationDto | undefined>(
    (newest, a) => (!newest || a.createdAt > newest.createdAt ? a : newest),
    undefined,
  );
  if (!last) return null;
  const meeting = last.meeting?.name ?? "an earlier meeting";

  const copy = (plan: CopyPlan, replace: boolean) => {
    setAsking(null);
    const values = replace ? { ...plan.fill, ...plan.replace } : plan.fill;
    onUse(values);
    const count = Object.keys(values).length;
    const copied = `Copied ${count} ${count === 1 ? "field" : "fields"} from your request for ${meeting}.`;
    if (plan.typed.length === 0) setOutcome(copied);
    else if (replace) setOutcome(`${copied} Replaced what you had typed in: ${labels(plan.typed)}.`);
    else setOutcome(`${copied} Kept as you typed: ${labels(plan.typed)}.`);
  };

  const start = () => {
    const plan = planCopy(current(), fromLastApplication(last), prefilled);
    if (plan.typed.length > 0) setAsking(plan);
    else copy(plan, false);
  };

  return (
    <div className="rounded-lg border border-gray-200 bg-white px-4 py-3 shadow-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-800">
          Applied before? Your personal, passport and company details can be copied from your request for{" "}
          {meeting}; the trip is left for you to fill in.
        </p>
        <Button variant="secondary" className="min-h-11 shrink-0" onClick={start}>
          Start from my last application
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-gray-800 empty:mt-0">
        {outcome}
      </p>
      <Modal
        open={asking !== null}
        onClose={() => setAsking(null)}
        title="Keep what you typed?"
        footer={
          <>
            <Button variant="secondary" className="min-h-11" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button variant="secondary" className="min-h-11" onClick={() => asking && copy(asking, true)}>
              Replace them
            </Button>
            <Button className="min-h-11" onClick={() => asking && copy(asking, false)} data-autofocus>
              Keep what I typed
            </Button>
          </>
        }
      >
        <p>
          You already typed something else in {asking?.typed.length === 1 ? "this field" : "these fields"}{" "}
          than your request for {meeting} holds:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {asking?.typed.map((k) => (
            <li key={k}>{FIELD_LABELS[k]}</li>
          ))}
        </ul>
        <p className="mt-2">
          'Keep what I typed' copies only the other fields; 'Replace them' copies everything.
        </p>
      </Modal>
    </div>
  );
}
