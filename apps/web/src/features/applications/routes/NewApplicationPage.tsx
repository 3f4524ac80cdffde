import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ApplicationCreate,
  type ApplicationWarning,
  applicationCreateSchema,
  GENDERS_CREATE,
  missingRequiredFields,
  requiredFieldsMessage,
} from "@visa/domain";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { FormAlert } from "../../../components/FormAlert";
import { LeaveGuard } from "../../../components/LeaveGuard";
import { focusFirstError, formRefusal } from "../../../lib/form-refusal";
import { useMe } from "../../../lib/use-me";
import { useSession } from "../../../lib/use-session";
import { useActiveMeetings } from "../api/active-meetings";
import { useCreateApplication } from "../api/create-application";
import { useMyApplications } from "../api/my-applications";
import { ApplicantSections } from "../components/form/ApplicantSections";
import { DraftNotice } from "../components/form/DraftNotice";
import { EMPTY_APPLICANT, FIELD_LABELS, makeBind, pickUpPlaceOf, toPayload } from "../components/form/fields";
import { MeetingSelection } from "../components/form/MeetingSelection";
import { StartFromLast } from "../components/form/StartFromLast";
import { SubmitWarningsDialog } from "../components/form/SubmitWarningsDialog";
import { submitWarnings } from "../components/form/submit-warnings";
import { type NewApplicationValues, useApplicationDraft } from "../lib/use-application-draft";

// The form holds "" for unchosen selects, which the schema's input type does not admit.
const resolver = zodResolver(applicationCreateSchema) as unknown as Resolver<
  NewApplicationValues,
  unknown,
  ApplicationCreate
>;
const EMPTY: NewApplicationValues = { ...EMPTY_APPLICANT, meeting: "" };

/** /applications/new: the 'Visa Application' form. */
export default function NewApplicationPage() {
  const navigate = useNavigate();
  const session = useSession();
  const me = useMe();
  const meetings = useActiveMeetings();
  const mine = useMyApplications();
  const create = useCreateApplication();
  const formRef = useRef<HTMLFormElement>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const leaving = useRef(false);
  const form = useForm<NewApplicationValues, unknown, ApplicationCreate>({ resolver, defaultValues: EMPTY });
  const { register, handleSubmit, getValues, setValue, setError, setFocus, watch, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const draft = useApplicationDraft(form, session?.userId, EMPTY);
  const bind = makeBind(
    (n, deps) =>
      register(n as keyof NewApplicationValues, { deps: deps as (keyof NewApplicationValues)[] | undefined }),
    errors,
    (n) => getValues(n as keyof NewApplicationValues),
    watch("country"),
  );

  const chosen = meetings.data?.find((m) => m._id === watch("meeting"));

  // Pre-fill the applicant's name and e-mail from the account, without overwriting typing.
  useEffect(() => {
    if (!me.data) return;
    for (const k of ["firstName", "lastName", "email"] as const) {
      if (!getValues(k)) setValue(k, me.data[k]);
    }
  }, [me.data, getValues, setValue]);

  // With a single meeting open there is nothing to choose.
  useEffect(() => {
    const only = meetings.data?.length === 1 ? meetings.data[0] : undefined;
    if (only && !getValues("meeting")) setValue("meeting", only._id);
  }, [meetings.data, getValues, setValue]);

  // The review desk's warnings are shown once per submit; 'Submit anyway' sends as it is.
  const [warnings, setWarnings] = useState<ApplicationWarning[]>([]);
  const confirmed = useRef(false);

  const onSubmit = handleSubmit(
    async (values) => {
      setSummary(null);
      const found = chosen && !confirmed.current ? submitWarnings(values, chosen, mine.data) : [];
      confirmed.current = false;
      if (found.length > 0) {
        setWarnings(found);
        return;
      }
      try {
        const created = await create.mutateAsync(toPayload(values));
        leaving.current = true;
        draft.discard();
        window.alert("Application submitted successfully!");
        navigate("/", { state: { submittedId: created._id } });
      } catch (e) {
        const refusal = formRefusal(e, FIELD_LABELS, "Request failed");
        for (const [name, message] of Object.entries(refusal.fields)) {
          setError(name as keyof NewApplicationValues, { type: "server", message });
        }
        const reason = refusal.top ?? Object.values(refusal.fields)[0] ?? "Request failed";
        setSummary(refusal.top ? `Failed to submit application: ${refusal.top}` : null);
        window.alert(`Failed to submit application: ${reason}`);
        focusFirstError(formRef.current);
      }
    },
    () => {
      const missing = missingRequiredFields(getValues());
      setSummary(missing.length ? requiredFieldsMessage(missing) : "Please correct the highlighted fields.");
      focusFirstError(formRef.current);
    },
  );

  // Nothing can be submitted without a meeting: say so instead of a form that would be refused.
  if (meetings.isSuccess && meetings.data.length === 0) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900">Visa Application</h1>
        <Banner kind="info" quiet>
          No active meetings available at this time.
        </Banner>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center text-blue-700 underline hover:text-blue-900"
        >
          Back to your applications
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Visa Application</h1>
        <p className="mt-1 text-sm text-gray-700">
          Fields marked <span className="text-red-700">*</span> are required. Enter your name exactly as it
          appears in your passport.
        </p>
      </div>
      {draft.restored && (
        <DraftNotice
          savedAt={draft.restored.savedAt}
          onDiscard={() => {
            draft.discard();
            form.reset(EMPTY);
            if (me.data) for (const k of ["firstName", "lastName", "email"] as const) setValue(k, me.data[k]);
          }}
        />
      )}
      <StartFromLast
        applications={mine.data}
        current={getValues}
        prefilled={
          me.data && { firstName: me.data.firstName, lastName: me.data.lastName, email: me.data.email }
        }
        onUse={(values) => {
          for (const [k, v] of Object.entries(values)) {
            setValue(k as keyof NewApplicationValues, v, { shouldDirty: true });
          }
        }}
      />
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6">
        {summary && <FormAlert>{summary}</FormAlert>}
        <MeetingSelection
          f={bind("meeting")}
          meetings={meetings.data}
          loading={meetings.isPending}
          failed={meetings.isError}
        />
        <ApplicantSections bind={bind} genders={GENDERS_CREATE} pickUpPlace={pickUpPlaceOf(chosen)} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => navigate("/")}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Submitting..." : "Submit Application"}
          </Button>
        </div>
      </form>
      <SubmitWarningsDialog
        warnings={warnings}
        onCheck={() => {
          const field = warnings.find((w) => w.field)?.field;
          setWarnings([]);
          if (field) setFocus(field as keyof NewApplicationValues);
        }}
        onSubmitAnyway={() => {
          setWarnings([]);
          confirmed.current = true;
          void onSubmit();
        }}
      />
      <LeaveGuard
        when={isDirty}
        leavingRef={leaving}
        consequence="What you typed stays as a draft on this browser, except your passport number and date of birth."
      />
    </div>
  );
}
