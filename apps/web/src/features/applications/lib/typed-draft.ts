import type { RefObject } from "react";
import type { FieldValues, UseFormWatch } from "react-hook-form";

/** Identity documents' details are typed again rather than kept at rest in the browser. */
export const NOT_IN_DRAFT = ["passportNumber", "birthdate"] as const;

const SAVE_DELAY_MS = 400;

/** The values as a draft keeps them: without the identity documents' details. */
export function storable<T>(values: Partial<T>): Partial<T> {
  const out = { ...values } as Record<string, unknown>;
  for (const k of NOT_IN_DRAFT) delete out[k];
  return out as Partial<T>;
}

/**
 * Keeps what the user types as a draft: `pending` holds it until `save` writes it, shortly after
 * the last change and once more when the form closes (a session that ends within the delay loses
 * nothing). Only the user's own changes are drafts; pre-filled values and resets are not. Clearing
 * `pending` (a submit, a discard) drops what was not written yet. Answers the effect's cleanup.
 */
export function keepTyping<T extends FieldValues>(
  watch: UseFormWatch<T>,
  pending: RefObject<Partial<T> | null>,
  save: (values: Partial<T>) => void,
): () => void {
  const write = () => {
    if (pending.current) save(pending.current);
    pending.current = null;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sub = watch((values, { type }) => {
    if (type !== "change") return;
    pending.current = storable(values as Partial<T>);
    clearTimeout(timer);
    timer = setTimeout(write, SAVE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    write();
    sub.unsubscribe();
  };
}
