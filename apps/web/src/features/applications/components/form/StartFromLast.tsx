import type { ApplicationDto } from "@visa/domain";
import { Button } from "../../../../components/Button";
import type { ApplicantValues } from "./fields";
import { fromLastApplication } from "./from-last-application";

export interface StartFromLastProps {
  applications: ApplicationDto[] | undefined;
  onUse: (values: Partial<ApplicantValues>) => void;
}

/** 'Start from my last application': everything but the trip, from the newest application. */
export function StartFromLast({ applications, onUse }: StartFromLastProps) {
  const last = applications?.reduce<ApplicationDto | undefined>(
    (newest, a) => (!newest || a.createdAt > newest.createdAt ? a : newest),
    undefined,
  );
  if (!last) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-800">
        Applied before? Your personal, passport and company details can be copied from your request for{" "}
        {last.meeting?.name ?? "an earlier meeting"}; the trip is left for you to fill in.
      </p>
      <Button
        variant="secondary"
        className="min-h-11 shrink-0"
        onClick={() => onUse(fromLastApplication(last))}
      >
        Start from my last application
      </Button>
    </div>
  );
}
