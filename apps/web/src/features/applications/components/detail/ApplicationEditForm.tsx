import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ApplicationDto,
  type ApplicationUpdate,
  applicationUpdateSchema,
  GENDERS_EDIT,
} from "@visa/domain";
import { type Resolver, useForm } from "react-hook-form";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { useUpdateApplication } from "../../api/update-application";
import { ApplicantSections } from "../form/ApplicantSections";
import {
  type AdminValues,
  type ApplicantValues,
  adminValuesOf,
  applicantValuesOf,
  makeBind,
  toPayload,
} from "../form/fields";
import { AdminFieldsEdit } from "./AdminFieldsEdit";

type EditValues = ApplicantValues & Partial<AdminValues>;

// The form holds "" for unchosen selects, which the schema's input type does not admit.
const resolver = zodResolver(applicationUpdateSchema) as unknown as Resolver<
  EditValues,
  unknown,
  ApplicationUpdate
>;

export interface ApplicationEditFormProps {
  app: ApplicationDto;
  /** Admin mode adds status, mailing fields and dates. */
  admin: boolean;
  onDone: (saved: boolean) => void;
}

/** Edit mode: a draft of the application; Save sends it (PUT), Cancel drops it. */
export function ApplicationEditForm({ app, admin, onDone }: ApplicationEditFormProps) {
  const update = useUpdateApplication(app._id);
  const { register, handleSubmit, getValues, formState } = useForm<EditValues, unknown, ApplicationUpdate>({
    resolver,
    defaultValues: { ...applicantValuesOf(app), ...(admin ? adminValuesOf(app) : {}) },
  });
  const { errors, isSubmitting } = formState;
  const bind = makeBind(
    (n) => register(n as keyof EditValues),
    errors,
    (n) => getValues(n as keyof EditValues),
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(toPayload(values));
      onDone(true);
    } catch {
      // The mutation's error is shown below; the draft stays for another try.
    }
  });

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Edit application">
      <p className="rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm text-gray-800 shadow-sm">
        <span className="font-medium">Meeting:</span> {app.meeting?.name}
        {app.meeting?.location ? ` — ${app.meeting.location}` : ""}
      </p>
      <ApplicantSections bind={bind} genders={GENDERS_EDIT} />
      {admin && <AdminFieldsEdit bind={bind} />}
      {hasFieldErrors && <Banner kind="error">Please correct the highlighted fields.</Banner>}
      {update.isError && (
        <Banner kind="error">
          <p>Failed to update application</p>
          {update.error.message && <p className="mt-1">{update.error.message}</p>}
        </Banner>
      )}
      <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-gray-200 bg-gray-50/95 px-4 py-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onDone(false)} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
