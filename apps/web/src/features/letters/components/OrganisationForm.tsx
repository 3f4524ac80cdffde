import { zodResolver } from "@hookform/resolvers/zod";
import { type OrganisationDto, organisationInputSchema, PAPER_SIZES } from "@visa/domain";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { SelectInput, TextArea, TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { formRefusal } from "../../../lib/form-refusal";
import { useUpdateOrganisation } from "../api/organisation";

type FormInput = z.input<typeof organisationInputSchema>;
type FormOutput = z.output<typeof organisationInputSchema>;

const toForm = (o: OrganisationDto): FormInput => ({
  name: o.name,
  address: o.address,
  contact: o.contact,
  signatoryName: o.signatoryName,
  signatoryTitle: o.signatoryTitle,
  paperSize: o.paperSize,
});

const LABELS: Record<keyof FormInput, string> = {
  name: "Organisation name",
  address: "Address",
  contact: "Contact for consular officers",
  signatoryName: "Signatory name",
  signatoryTitle: "Signatory title",
  paperSize: "Paper size",
};

const PAPER_LABELS: Record<(typeof PAPER_SIZES)[number], string> = { A4: "A4", Letter: "US Letter" };

/** The letterhead and signatory printed on every letter, and the paper size. */
export function OrganisationForm({ organisation }: { organisation: OrganisationDto }) {
  const update = useUpdateOrganisation();
  const [saved, setSaved] = useState(false);
  const [top, setTop] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(organisationInputSchema),
    defaultValues: toForm(organisation),
  });
  // The organisation also changes when a logo, signature or certificate is uploaded: what is being
  // typed here and not yet saved stays, the rest follows the server.
  useEffect(() => reset(toForm(organisation), { keepDirtyValues: true }), [organisation, reset]);

  const submit = handleSubmit((values) => {
    setSaved(false);
    setTop(null);
    update.mutate(values, {
      onSuccess: (org) => {
        reset(toForm(org));
        setSaved(true);
      },
      onError: (e) => {
        const refusal = formRefusal(e, LABELS, "Failed to save organisation details");
        for (const [name, message] of Object.entries(refusal.fields)) {
          setError(name as keyof FormInput, { type: "server", message });
        }
        setTop(refusal.top);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Organisation details">
      {saved && (
        <Banner kind="success" onDismiss={() => setSaved(false)}>
          Organisation details saved
        </Banner>
      )}
      {top && <Banner kind="error">{top}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Organisation name"
          required
          error={fieldError("Organisation name", errors.name)}
          {...register("name")}
        />
        <SelectInput
          label="Paper size"
          options={PAPER_SIZES.map((p) => ({ value: p, label: PAPER_LABELS[p] }))}
          error={fieldError("Paper size", errors.paperSize)}
          {...register("paperSize")}
        />
        <TextArea
          label="Address"
          rows={4}
          hint="Printed under the name, one line per line."
          fieldClassName="sm:col-span-2"
          error={fieldError("Address", errors.address)}
          {...register("address")}
        />
        <TextInput
          label="Contact for consular officers"
          hint="E-mail or phone shown on the verification page."
          fieldClassName="sm:col-span-2"
          error={fieldError("Contact for consular officers", errors.contact)}
          {...register("contact")}
        />
        <TextInput
          label="Signatory name"
          error={fieldError("Signatory name", errors.signatoryName)}
          {...register("signatoryName")}
        />
        <TextInput
          label="Signatory title"
          error={fieldError("Signatory title", errors.signatoryTitle)}
          {...register("signatoryTitle")}
        />
      </div>
      <Button type="submit" busy={update.isPending}>
        {update.isPending ? "Saving..." : "Save details"}
      </Button>
    </form>
  );
}
