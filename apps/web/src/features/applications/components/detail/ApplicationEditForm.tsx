import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ApplicationDto,
  type ApplicationUpdate,
  applicationUpdateSchema,
  DEPARTURE_ORDER_MESSAGE,
  GENDERS_EDIT,
  PASSPORT_VALIDITY_MESSAGE,
  passportCoversStay,
} from "@visa/domain";
import { useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { FormAlert } from "../../../../components/FormAlert";
import { LeaveGuard } from "../../../../components/LeaveGuard";
import { RejectDialog } from "../../../../components/RejectDialog";
import { focusFirstError, formRefusal } from "../../../../lib/form-refusal";
import { useSession } from "../../../../lib/use-session";
import { useUpdateApplication } from "../../api/update-application";
import { useEditDraft } from "../../lib/use-edit-draft";
import { ApplicantSections } from "../form/ApplicantSections";
import { DraftNotice } from "../form/DraftNotice";
import {
  type AdminValues,
  type ApplicantValues,
  adminValuesOf,
  applicantValuesOf,
  FIELD_LABELS,
  makeBind,
  pickUpPlaceOf,
  toPayload,
} from "../form/fields";
import { AdminFieldsEdit } from "./AdminFieldsEdit";

type EditValues = ApplicantValues & Partial<AdminValues>;

/**
 * The update schema with the server's checks across fields, so the form shows them with the
 * others: departure not before arrival, and a passport valid for the stay once the edit moves
 * either date (an untouched older request stays editable, as on the server).
 */
function editResolver(loaded: Pick<ApplicantValues, "passportExpirationDate" | "dateOfDeparture">) {
  const schema = applicationUpdateSchema.superRefine((v, ctx) => {
    const { dateOfArrival: arrival, dateOfDeparture: departure, passportExpirationDate: expiry } = v;
    if (arrival && departure && departure < arrival) {
      ctx.addIssue({ code: "custom", message: DEPARTURE_ORDER_MESSAGE, path: ["dateOfDeparture"] });
    }
    const moved = expiry !== loaded.passportExpirationDate || departure !== loaded.dateOfDeparture;
    if (expiry && departure && moved && !passportCoversStay(expiry, departure)) {
      ctx.addIssue({ code: "custom", message: PASSPORT_VALIDITY_MESSAGE, path: ["passportExpirationDate"] });
    }
  });
  // The form holds "" for unchosen selects, which the schema's input type does not admit.
  return zodResolver(schema) as unknown as Resolver<EditValues, unknown, ApplicationUpdate>;
}

export interface ApplicationEditFormProps {
  app: ApplicationDto;
  /** Admin mode adds status, mailing fields and dates. */
  admin: boolean;
  onDone: (saved: boolean) => void;
}

/** Edit mode: a draft of the application; Save sends it (PUT), Cancel drops it. */
export function ApplicationEditForm({ app, admin, onDone }: ApplicationEditFormProps) {
  // The version the draft was made from, kept while the detail behind the form refreshes.
  const [editedVersion] = useState(app.updatedAt);
  const [loaded] = useState<EditValues>(() => ({
    ...applicantValuesOf(app),
    ...(admin ? adminValuesOf(app) : {}),
  }));
  const [resolver] = useState(() => editResolver(loaded));
  const formRef = useRef<HTMLFormElement>(null);
  const [top, setTop] = useState<string | null>(null);
  const form = useForm<EditValues, unknown, ApplicationUpdate>({ resolver, defaultValues: loaded });
  const { register, handleSubmit, getValues, setError, watch, formState } = form;
  const draft = useEditDraft(form, app._id, useSession()?.userId, editedVersion);
  const update = useUpdateApplication(app._id, draft.version);
  const { errors, isDirty } = formState;
  const isSubmitting = formState.isSubmitting || update.isPending;
  // A Save that rejects the request waits for the reason the applicant will read (as Reject does).
  const [rejecting, setRejecting] = useState<ApplicationUpdate | null>(null);
  const bind = makeBind(
    (n, deps) => register(n as keyof EditValues, { deps: deps as (keyof EditValues)[] | undefined }),
    errors,
    (n) => getValues(n as keyof EditValues),
    watch("country"),
  );

  const save = async (values: ApplicationUpdate, reason?: string) => {
    setTop(null);
    draft.keep();
    try {
      await update.mutateAsync({ ...toPayload(values), ...(reason ? { reason } : {}) });
      draft.discard();
      onDone(true);
    } catch (e) {
      // The draft stays for another try: each refused field is marked, the rest shown on top.
      const refusal = formRefusal(e, FIELD_LABELS, "Request failed");
      for (const [name, message] of Object.entries(refusal.fields)) {
        setError(name as keyof EditValues, { type: "server", message });
      }
      setTop(refusal.top);
      focusFirstError(formRef.current);
    }
  };

  const onSubmit = handleSubmit(
    (values) => {
      if (admin && values.status === "Rejected" && app.status !== "Rejected") setRejecting(values);
      else return save(values);
    },
    () => focusFirstError(formRef.current),
  );

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Edit application">
        {top && (
          <FormAlert>
            <p>Failed to update application</p>
            <p className="mt-1">{top}</p>
          </FormAlert>
        )}
        {draft.restored && (
          <DraftNotice
            of="edit"
            savedAt={draft.restored.savedAt}
            onDiscard={() => {
              draft.discard();
              form.reset(loaded);
            }}
          />
        )}
        <p className="rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm text-gray-800 shadow-sm">
          <span className="font-medium">Meeting:</span> {app.meeting?.name}
          {app.meeting?.location ? ` — ${app.meeting.location}` : ""}
        </p>
        <ApplicantSections bind={bind} genders={GENDERS_EDIT} pickUpPlace={pickUpPlaceOf(app.meeting)} />
        {admin && <AdminFieldsEdit bind={bind} />}
        {hasFieldErrors && <Banner kind="error">Please correct the highlighted fields.</Banner>}
        <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-gray-200 bg-gray-50/95 px-4 py-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              draft.discard();
              onDone(false);
            }}
            disabled={isSubmitting}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Save"}
          </Button>
        </div>
        <LeaveGuard when={isDirty && !isSubmitting} />
      </form>
      {/* Outside the form: the dialog's own form must not submit this one. Admins only: it reads
          the organisation's reasons, which an applicant may not (403). */}
      {admin && (
        <RejectDialog
          open={rejecting !== null}
          subject={`${app.firstName} ${app.lastName}`}
          confirmLabel="Reject and save"
          busy={update.isPending}
          onClose={() => setRejecting(null)}
          onReject={(reason) => {
            const values = rejecting;
            setRejecting(null);
            if (values) void save(values, reason);
          }}
        />
      )}
    </>
  );
}
