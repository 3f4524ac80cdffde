import { useEffect, useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { readDraft, removeDraft, type StoredDraft, writeDraft } from "../../../lib/form-draft";
import { keepTyping, storable } from "./typed-draft";

/** An edit's draft: the changed form's values and the version of the application they edit. */
interface EditDraft<T> {
  version: string;
  fields: Partial<T>;
}

const formOf = (applicationId: string) => `edit-application:${applicationId}`;

/** Whether the account keeps an unsaved edit of the application in this browser. */
export function hasEditDraft(applicationId: string, userId: string | undefined): boolean {
  return Boolean(userId && readDraft(formOf(applicationId), userId));
}

/**
 * An application's edit kept in this browser while it is typed and when it is sent, so a session
 * that ends mid-edit (or on Save: a 401) loses none of it: the edit form opens with it again after
 * the next sign-in. Restored once on mount, as changes over the stored values (the form stays
 * dirty); `version` is the application's updatedAt the edit started from, kept with the draft so
 * a Save of a restored draft is still refused if the application changed meanwhile.
 */
export function useEditDraft<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  applicationId: string,
  userId: string | undefined,
  version: string,
) {
  const key = formOf(applicationId);
  const [restored, setRestored] = useState<StoredDraft<EditDraft<T>> | null>(() =>
    userId ? readDraft<EditDraft<T>>(key, userId) : null,
  );
  const { setValue, watch, getValues } = form;
  const pending = useRef<Partial<T> | null>(null);
  const [baseVersion] = useState(() => restored?.values.version ?? version);

  useEffect(() => {
    const fields = restored?.values.fields;
    if (!fields) return;
    for (const [name, value] of Object.entries(storable(fields))) {
      setValue(name as Path<T>, value as T[Path<T>], { shouldDirty: true });
    }
  }, [restored, setValue]);

  useEffect(() => {
    if (!userId) return;
    return keepTyping(watch, pending, (fields) =>
      writeDraft<EditDraft<T>>(key, userId, { version: baseVersion, fields }),
    );
  }, [userId, key, watch, baseVersion]);

  return {
    restored,
    /** The version a Save must name: the one the (restored) edit started from. */
    version: baseVersion,
    /** Keeps what is being sent, before it is sent: a Save refused with a 401 is not lost. */
    keep() {
      if (!userId) return;
      pending.current = null;
      writeDraft<EditDraft<T>>(key, userId, { version: baseVersion, fields: storable<T>(getValues()) });
    },
    /** Forgets the draft (saved, the edit cancelled, or the restored draft discarded). */
    discard() {
      pending.current = null;
      if (userId) removeDraft(key, userId);
      setRestored(null);
    },
  };
}
