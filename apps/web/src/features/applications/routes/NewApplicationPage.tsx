import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ApplicationCreate,
  applicationCreateSchema,
  GENDERS_CREATE,
  missingRequiredFields,
  requiredFieldsMessage,
} from "@visa/domain";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { useMe } from "../../../lib/use-me";
import { useActiveMeetings } from "../api/active-meetings";
import { useCreateApplication } from "../api/create-application";
import { ApplicantSections } from "../components/form/ApplicantSections";
import { type ApplicantValues, EMPTY_APPLICANT, makeBind, toPayload } from "../components/form/fields";
import { MeetingSelection } from "../components/form/MeetingSelection";

type CreateValues = ApplicantValues & { meeting: string };

// The form holds "" for unchosen selects, which the schema's input type does not admit.
const resolver = zodResolver(applicationCreateSchema) as unknown as Resolver<
  CreateValues,
  unknown,
  ApplicationCreate
>;

/** /applications/new: the 'Visa Application' form. */
export default function NewApplicationPage() {
  const navigate = useNavigate();
  const me = useMe();
  const meetings = useActiveMeetings();
  const create = useCreateApplication();
  const [summary, setSummary] = useState<string | null>(null);
  const { register, handleSubmit, getValues, setValue, formState } = useForm<
    CreateValues,
    unknown,
    ApplicationCreate
  >({
    resolver,
    defaultValues: { ...EMPTY_APPLICANT, meeting: "" },
  });
  const { errors, isSubmitting } = formState;
  const bind = makeBind(
    (n) => register(n as keyof CreateValues),
    errors,
    (n) => getValues(n as keyof CreateValues),
  );

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

  const onSubmit = handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        await create.mutateAsync(toPayload(values));
        window.alert("Application submitted successfully!");
        navigate("/");
      } catch (e) {
        const message = `Failed to submit application: ${e instanceof Error ? e.message : "Request failed"}`;
        setSummary(message);
        window.alert(message);
      }
    },
    () => {
      const missing = missingRequiredFields(getValues());
      setSummary(missing.length ? requiredFieldsMessage(missing) : "Please correct the highlighted fields.");
    },
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Visa Application</h1>
        <p className="mt-1 text-sm text-gray-700">
          Fields marked <span className="text-red-700">*</span> are required. Enter your name exactly as it
          appears in your passport.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <MeetingSelection
          f={bind("meeting")}
          meetings={meetings.data}
          loading={meetings.isPending}
          failed={meetings.isError}
        />
        <ApplicantSections bind={bind} genders={GENDERS_CREATE} />
        {summary && <Banner kind="error">{summary}</Banner>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => navigate("/")}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Submitting..." : "Submit Application"}
          </Button>
        </div>
      </form>
    </div>
  );
}
