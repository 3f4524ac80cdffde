import { zodResolver } from "@hookform/resolvers/zod";
import { type LetterTemplateDto, type LetterTemplateInput, letterTemplateSchema } from "@visa/domain";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { TextArea, TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { useResetLetterTemplate, useSaveLetterTemplate } from "../api/letter-template";
import { usePreviewLetter } from "../api/preview-letter";
import { errorText } from "../lib/error-text";
import { LetterPreview } from "./LetterPreview";
import { PlaceholderList } from "./PlaceholderList";

/** Edits one meeting's letter text: placeholders checked as typed, preview before saving. */
export function TemplateEditor({ template }: { template: LetterTemplateDto }) {
  const save = useSaveLetterTemplate(template.meetingId);
  const resetToDefault = useResetLetterTemplate(template.meetingId);
  const preview = usePreviewLetter();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<LetterTemplateInput>({
    resolver: zodResolver(letterTemplateSchema),
    defaultValues: { addressee: template.addressee, body: template.body },
  });
  useEffect(() => {
    reset({ addressee: template.addressee, body: template.body });
  }, [template, reset]);

  const failure = save.error ?? resetToDefault.error;
  const onSave = handleSubmit((values) => {
    setNotice(null);
    save.mutate(values, { onSuccess: () => setNotice("Template saved") });
  });
  const onPreview = handleSubmit((values) => preview.mutate({ ...values, meetingId: template.meetingId }));
  const onReset = () => {
    setNotice(null);
    resetToDefault.mutate(undefined, {
      onSuccess: () => setNotice("The meeting now uses the default template"),
    });
  };
  const insert = (placeholder: string) =>
    setValue("body", `${getValues("body")}${placeholder}`, { shouldDirty: true, shouldValidate: true });

  return (
    <form onSubmit={onSave} noValidate className="space-y-4" aria-label="Letter template">
      {notice && (
        <Banner kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {failure && <Banner kind="error">{errorText(failure, "Failed to save the template")}</Banner>}
      <p className="text-sm text-gray-600">
        {template.isDefault
          ? "This meeting uses the default template. Saving makes it the meeting's own."
          : "This meeting has its own template."}
      </p>
      <TextInput
        label="Addressee"
        required
        error={fieldError("Addressee", errors.addressee)}
        {...register("addressee")}
      />
      <TextArea
        label="Letter text"
        required
        rows={14}
        hint="Separate paragraphs with a blank line. The applicant's and the visit's details, the signature and the verification code are added below the text."
        className="font-mono"
        error={fieldError("Letter text", errors.body)}
        {...register("body")}
      />
      <PlaceholderList onPick={insert} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? "Saving..." : "Save template"}
        </Button>
        <Button variant="secondary" onClick={onPreview} busy={preview.isPending}>
          {preview.isPending ? "Generating..." : "Preview PDF"}
        </Button>
        {!template.isDefault && (
          <Button variant="ghost" onClick={onReset} busy={resetToDefault.isPending}>
            Use the default template
          </Button>
        )}
      </div>
      {preview.isError && (
        <Banner kind="error">{errorText(preview.error, "Failed to generate the preview")}</Banner>
      )}
      {preview.data && <LetterPreview pdf={preview.data} />}
    </form>
  );
}
