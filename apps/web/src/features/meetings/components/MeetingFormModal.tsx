import { zodResolver } from "@hookform/resolvers/zod";
import { dayToIso, type MeetingDto, meetingInputSchema, toDay } from "@visa/domain";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { Checkbox, TextInput } from "../../../components/FormField";
import { Modal } from "../../../components/Modal";
import { reasonOr } from "../../../lib/failure-message";
import { fieldError } from "../../../lib/field-error";
import { useCreateMeeting } from "../api/create-meeting";
import { useUpdateMeeting } from "../api/update-meeting";

type FormInput = z.input<typeof meetingInputSchema>;
type FormOutput = z.output<typeof meetingInputSchema>;

const EMPTY: FormInput = { name: "", startDate: "", endDate: "", location: "", isActive: true };

function toForm(m: MeetingDto | null): FormInput {
  if (!m) return EMPTY;
  return {
    name: m.name,
    startDate: toDay(m.startDate) ?? "",
    endDate: toDay(m.endDate) ?? "",
    location: m.location,
    isActive: m.isActive,
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
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(meetingInputSchema),
    defaultValues: toForm(meeting),
  });

  // Each opening starts from the meeting shown (or blank) and without an old error.
  useEffect(() => {
    if (open) {
      reset(toForm(meeting));
      create.reset();
      update.reset();
    }
  }, [open, meeting, reset, create.reset, update.reset]);

  // The shared day schema says "must be a date" for an empty box; "is required" is what happened.
  const dayError = (label: string, name: "startDate" | "endDate") =>
    errors[name] && !getValues(name) ? `${label} is required` : fieldError(label, errors[name]);

  const onSubmit = handleSubmit((values) => {
    const input = { ...values, startDate: dayToIso(values.startDate), endDate: dayToIso(values.endDate) };
    const done = { onSuccess: onClose };
    if (meeting) update.mutate({ id: meeting._id, input }, done);
    else create.mutate(input, done);
  });

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
          <Button type="submit" form={formId} disabled={mutation.isPending}>
            {mutation.isPending ? "Saving..." : meeting ? "Save Changes" : "Add Meeting"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {mutation.isError && (
          <Banner kind="error">{reasonOr(mutation.error, "Failed to save meeting")}</Banner>
        )}
        <TextInput label="Name" required error={fieldError("Name", errors.name)} {...register("name")} />
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
        <Checkbox label="Active (show in application form)" {...register("isActive")} />
      </form>
    </Modal>
  );
}
