import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Checkbox, TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import type { FormInput } from "./MeetingFormModal";

export interface MeetingQuestionsProps {
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  pickUpOffered: boolean;
}

/** What the meeting asks and tells its applicants: airport pick-up (where), expected review time. */
export function MeetingQuestions({ register, errors, pickUpOffered }: MeetingQuestionsProps) {
  return (
    <fieldset className="space-y-3 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">For applicants</legend>
      <Checkbox label="Airport pick-up offered" {...register("pickUpOffered")} />
      {pickUpOffered && (
        <TextInput
          label="Pick-up place"
          required
          hint="The form asks 'Pick-up at {place}?', e.g. Orlando International Airport."
          error={fieldError("Pick-up place", errors.pickUpPlace)}
          {...register("pickUpPlace")}
        />
      )}
      <TextInput
        label="Expected review time (days)"
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        hint="Shown to applicants after they submit. Leave empty if you cannot say."
        error={fieldError("Expected review time", errors.reviewDays)}
        {...register("reviewDays", { setValueAs: (v) => (v === "" || v === null ? null : Number(v)) })}
      />
    </fieldset>
  );
}
