import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { readDraft, removeDraft, type StoredDraft, writeDraft } from "../../../lib/form-draft";
import type { ApplicantValues } from "../components/form/fields";
import { keepTyping, storable } from "./typed-draft";

export type NewApplicationValues = ApplicantValues & { meeting: string };

const FORM = "new-application";

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
    return keepTyping(watch, pending, (values) => writeDraft(FORM, userId, values));
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
