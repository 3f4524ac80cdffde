import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { readDraft, removeDraft, type StoredDraft, writeDraft } from "../../../lib/form-draft";
import type { ApplicantValues } from "../components/form/fields";

export type NewApplicationValues = ApplicantValues & { meeting: string };

const FORM = "new-application";
/** Identity documents' details are typed again rather than kept at rest in the browser. */
export const NOT_IN_DRAFT = ["passportNumber", "birthdate"] as const;
const SAVE_DELAY_MS = 400;

function storable(values: Partial<NewApplicationValues>): Partial<NewApplicationValues> {
  const out: Partial<NewApplicationValues> = { ...values };
  for (const k of NOT_IN_DRAFT) delete out[k];
  return out;
}

/**
 * The new-application form's draft in this browser, for the signed-in account: restored once when
 * the form opens, written shortly after each change the user makes, removed on `discard`.
 */
export function useApplicationDraft(
  form: UseFormReturn<NewApplicationValues, unknown, unknown>,
  userId: string | undefined,
  empty: NewApplicationValues,
) {
  const [restored, setRestored] = useState<StoredDraft<NewApplicationValues> | null>(null);
  const restoredFor = useRef<string | null>(null);
  /** What was typed and is not in the draft yet. */
  const pending = useRef<Partial<NewApplicationValues> | null>(null);
  const { reset, watch } = form;

  useEffect(() => {
    if (!userId || restoredFor.current === userId) return;
    restoredFor.current = userId;
    const draft = readDraft<NewApplicationValues>(FORM, userId);
    if (!draft) return;
    reset({ ...empty, ...storable(draft.values) });
    setRestored(draft);
  }, [userId, reset, empty]);

  useEffect(() => {
    if (!userId) return;
    const write = () => {
      if (pending.current) writeDraft(FORM, userId, pending.current);
      pending.current = null;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Only the user's own changes are drafts; pre-filled values and resets are not.
    const sub = watch((values, { type }) => {
      if (type !== "change") return;
      pending.current = storable(values as NewApplicationValues);
      clearTimeout(timer);
      timer = setTimeout(write, SAVE_DELAY_MS);
    });
    return () => {
      // Unmounted by a session's end within the delay: what was typed last is kept too.
      clearTimeout(timer);
      write();
      sub.unsubscribe();
    };
  }, [userId, watch]);

  return {
    restored,
    /** Forgets the draft (submitted, or discarded by the user). */
    discard() {
      pending.current = null;
      if (userId) removeDraft(FORM, userId);
      setRestored(null);
    },
  };
}
