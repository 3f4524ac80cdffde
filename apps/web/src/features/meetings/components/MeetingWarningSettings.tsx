import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import type { FormInput } from "./MeetingFormModal";

// An emptied box is no number (refused beside it), not a setting left out: the server would keep
// the old value without a word.
const asNumber = (v: unknown) => (v === "" || v === null || v === undefined ? Number.NaN : Number(v));

/** The meeting's data-quality warning settings, used when admins review its requests. */
export function MeetingWarningSettings({
  register,
  errors,
}: {
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-gray-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-gray-900">Warnings for reviewers</legend>
      <TextInput
        label="Passport valid after departure (months)"
        type="number"
        inputMode="numeric"
        min={0}
        max={60}
        hint="Warn when a passport expires sooner (0: never)."
        error={fieldError("Passport valid after departure", errors.passportValidityMonths)}
        {...register("passportValidityMonths", { setValueAs: asNumber })}
      />
      <TextInput
        label="Travel days allowed outside the meeting"
        type="number"
        inputMode="numeric"
        min={0}
        max={365}
        hint="Warn when arrival or departure is further from the meeting."
        error={fieldError("Travel days allowed", errors.datesToleranceDays)}
        {...register("datesToleranceDays", { setValueAs: asNumber })}
      />
    </fieldset>
  );
}
