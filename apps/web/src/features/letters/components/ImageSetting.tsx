import { fileTooLargeMessage, MAX_LETTER_IMAGE_BYTES, sizeText } from "@visa/domain";
import { useEffect, useId, useRef, useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { useAnnouncedText } from "../../../lib/announce";
import { focusDropped } from "../../../lib/focus-dropped";
import {
  type OrganisationImage,
  useOrganisationImageUrl,
  useRemoveOrganisationImage,
  useUploadOrganisationImage,
} from "../api/organisation-images";
import { errorText } from "../lib/error-text";

// Said beside each field, so nobody shrinks a photo by hand or wonders why the stored copy is small.
const SIZE_HINT = `Up to ${sizeText(MAX_LETTER_IMAGE_BYTES)}. A larger picture is stored scaled down to what prints sharp on the letter (300 dpi), so the stored copy may be smaller than the file.`;

const LABELS: Record<OrganisationImage, { title: string; hint: string }> = {
  logo: { title: "Logo", hint: "Printed at the top left of the letterhead." },
  signature: { title: "Signature", hint: "Printed above the signatory's name." },
};

export interface ImageSettingProps {
  which: OrganisationImage;
  present: boolean;
  /** Changes whenever the organisation changes, so the shown image is current. */
  version: string;
}

/** Shows the current logo or signature and uploads (PNG or JPEG) or removes it. */
export function ImageSetting({ which, present, version }: ImageSettingProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const told = useAnnouncedText("polite");
  const url = useOrganisationImageUrl(which, present, version);
  const upload = useUploadOrganisationImage(which);
  const remove = useRemoveOrganisationImage(which);
  const { title, hint } = LABELS[which];
  const failure = upload.error ?? remove.error;
  const hintId = `${inputId}-hint`;

  // What the last upload or removal did, until the next one is asked (a new live region each time).
  const [done, setDone] = useState<string | null>(null);
  const buttons = useRef<HTMLDivElement>(null);
  // Upload is disabled once its file is stored, and Remove goes with the image (on the render that
  // shows it gone): keyboard focus, dropped to the page's top, goes back to the file field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image's coming or going is a trigger too
  useEffect(() => {
    if (done && focusDropped(buttons.current)) input.current?.focus();
  }, [done, present]);

  const send = () => {
    if (!file) return;
    // The server's own words, without sending megabytes only to have them refused.
    if (file.size > MAX_LETTER_IMAGE_BYTES) {
      return setTooLarge(fileTooLargeMessage(MAX_LETTER_IMAGE_BYTES, file.size));
    }
    setTooLarge(null);
    setDone(null);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = "";
        setDone(`${title} uploaded`);
      },
    });
  };

  return (
    <div className="space-y-3 rounded-md border border-gray-200 p-4">
      <h4 className="text-sm font-semibold text-gray-900">{title}</h4>
      <div className="flex h-20 items-center justify-center rounded bg-gray-50">
        {present && url ? (
          <img
            src={url}
            alt={`Current ${title.toLowerCase()}`}
            className="max-h-16 max-w-full object-contain"
          />
        ) : (
          <span className="text-sm text-gray-500">
            {present ? "Loading..." : `No ${title.toLowerCase()} yet`}
          </span>
        )}
      </div>
      {tooLarge ? (
        <Banner kind="error">{tooLarge}</Banner>
      ) : (
        failure && (
          <Banner kind="error">{errorText(failure, `Failed to update the ${title.toLowerCase()}`)}</Banner>
        )
      )}
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
          {`New ${title.toLowerCase()} (PNG or JPEG)`}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={hintId}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setTooLarge(null);
          }}
          className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-1.5 file:text-sm"
        />
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {`${hint} ${SIZE_HINT}`}
        </p>
      </div>
      <div ref={buttons} className="flex flex-wrap gap-2">
        <Button size="sm" onClick={send} disabled={!file} busy={upload.isPending}>
          {upload.isPending ? "Uploading..." : `Upload ${title.toLowerCase()}`}
        </Button>
        {present && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setDone(null);
              remove.mutate(undefined, { onSuccess: () => setDone(`${title} removed`) });
            }}
            busy={remove.isPending}
          >
            {`Remove ${title.toLowerCase()}`}
          </Button>
        )}
      </div>
      {done && (
        <p ref={told} className="text-sm text-green-800">
          {done}
        </p>
      )}
    </div>
  );
}
