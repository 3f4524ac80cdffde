import { zodResolver } from "@hookform/resolvers/zod";
import { dayToIso, type MeetingDto, meetingInputSchema, toDay } from "@visa/domain";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../../components/Button";
import { FormAlert } from "../../../components/FormAlert";
import { Checkbox, TextInput } from "../../../components/FormField";
import { Modal } from "../../../components/Modal";
import { fieldError } from "../../../lib/field-error";
import { focusFirstError, formRefusal } from "../../../lib/form-refusal";
import { useCreateMeeting } from "../api/create-meeting";
import { useUpdateMeeting } from "../api/update-meeting";
import { MeetingQuestions } from "./MeetingQuestions";
import { MeetingWarningSettings } from "./MeetingWarningSettings";

export type FormInput = z.input<typeof meetingInputSchema>;
type FormOutput = z.output<typeof meetingInputSchema>;

const EMPTY: FormInput = {
  name: "",
  startDate: "",
  endDate: "",
  location: "",
  isActive: true,
  pickUpOffered: false,
  pickUpPlace: "",
  reviewDays: null,
  passportValidityMonths: 6,
  datesToleranceDays: 7,
};

const LABELS = {
  name: "Name",
  startDate: "Start Date",
  endDate: "End Date",
  location: "Location",
  pickUpPlace: "Pick-up place",
  reviewDays: "Expected review time (days)",
  passportValidityMonths: "Passport valid after departure (months)",
  datesToleranceDays: "Travel days allowed outside the meeting",
};

function toForm(m: MeetingDto | null): FormInput {
  if (!m) return EMPTY;
  return {
    name: m.name,
    startDate: toDay(m.startDate) ?? "",
    endDate: toDay(m.endDate) ?? "",
    location: m.location,
    isActive: m.isActive,
    pickUpOffered: m.pickUpOffered,
    pickUpPlace: m.pickUpPlace,
    reviewDays: m.reviewDays,
    passportValidityMonths: m.passportValidityMonths ?? 6,
    datesToleranceDays: m.datesToleranceDays ?? 7,
  };
}

export interface MeetingFormModalProps {
  open: boolean;
  /** The meeting being edited, or null to add one. */
  meeting: MeetingDto | null;
  onClose: () => void;
}

/** 'Add New Meeting' / 'Edit Meeting' with the same schema the server checks. */
export function MeetingFormModal({ open, meeting, onClose }: MeetingFormModalProps) {
  const formId = useId();
  const create = useCreateMeeting();
  const update = useUpdateMeeting();
  const mutation = meeting ? update : create;
  const formRef = useRef<HTMLFormElement>(null);
  const [top, setTop] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(meetingInputSchema),
    defaultValues: toForm(meeting),
  });

  // Each opening starts from the meeting shown (or blank) and without an old error.
  useEffect(() => {
    if (open) {
      reset(toForm(meeting));
      setTop(null);
      create.reset();
      update.reset();
    }
  }, [open, meeting, reset, create.reset, update.reset]);

  // Letters print these: changing one replaces the letters issued for the meeting (the server's rule).
  const printed = watch(["name", "location", "startDate", "endDate"]);
  const was = toForm(meeting);
  const printedChanged =
    meeting !== null &&
    (printed[0] !== was.name ||
      printed[1] !== was.location ||
      printed[2] !== was.startDate ||
      printed[3] !== was.endDate);

  // The shared day schema says "must be a date" for an empty box; "is required" is what happened.
  const dayError = (label: string, name: "startDate" | "endDate") =>
    errors[name] && !getValues(name) ? `${label} is required` : fieldError(label, errors[name]);

  const onSubmit = handleSubmit(
    (values) => {
      setTop(null);
      const input = { ...values, startDate: dayToIso(values.startDate), endDate: dayToIso(values.endDate) };
      const done = {
        onSuccess: onClose,
        onError: (e: unknown) => {
          const refusal = formRefusal(e, LABELS, "Failed to save meeting");
          for (const [name, message] of Object.entries(refusal.fields)) {
            setError(name as keyof FormInput, { type: "server", message });
          }
          setTop(refusal.top);
          focusFirstError(formRef.current);
        },
      };
      if (meeting) update.mutate({ id: meeting._id, input }, done);
      else create.mutate(input, done);
    },
    () => focusFirstError(formRef.current),
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={meeting ? "Edit Meeting" : "Add New Meeting"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={mutation.isPending}>
            {mutation.isPending ? "Saving..." : meeting ? "Save Changes" : "Add Meeting"}
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {top && <FormAlert>{top}</FormAlert>}
        <TextInput
          label="Name"
          data-autofocus
          required
          error={fieldError("Name", errors.name)}
          {...register("name")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Start Date"
            type="date"
            required
            error={dayError("Start Date", "startDate")}
            {...register("startDate")}
          />
          <TextInput
            label="End Date"
            type="date"
            required
            error={dayError("End Date", "endDate")}
            {...register("endDate")}
          />
        </div>
        <TextInput
          label="Location"
          required
          error={fieldError("Location", errors.location)}
          {...register("location")}
        />
        {printedChanged && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            Letters print the meeting's name, location and dates: saving this change replaces every letter
            already issued for this meeting, and each applicant is e-mailed the new one.
          </p>
        )}
        <Checkbox label="Active (show in application form)" {...register("isActive")} />
        <MeetingQuestions
          register={register}
          errors={errors}
          pickUpOffered={Boolean(watch("pickUpOffered"))}
        />
        <MeetingWarningSettings register={register} errors={errors} />
      </form>
    </Modal>
  );
}
