/**
 * Drafts of forms kept in this browser's storage, one per form and account, so a reload or a new
 * sign-in on the same browser finds what was typed. Logout removes the account's drafts.
 */
import { logoutWasChosen } from "./session";

const PREFIX = "draft:";

export interface StoredDraft<T> {
  values: Partial<T>;
  /** When it was last written (ISO). */
  savedAt: string;
}

const keyOf = (form: string, userId: string) => `${PREFIX}${form}:${userId}`;

/** The account's draft of the form, or null (none, or unreadable). */
export function readDraft<T>(form: string, userId: string): StoredDraft<T> | null {
  try {
    const raw = localStorage.getItem(keyOf(form, userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft<T>;
    return parsed && typeof parsed.values === "object" && parsed.values ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the values as the account's draft of the form (a full storage simply keeps none). After
 * the user chose to log out nothing is kept: a form closing as the logout ends it (its last
 * keystrokes written on unmount) must not leave a draft behind on a shared browser.
 */
export function writeDraft<T>(form: string, userId: string, values: Partial<T>): void {
  if (logoutWasChosen()) return;
  try {
    const draft: StoredDraft<T> = { values, savedAt: new Date().toISOString() };
    localStorage.setItem(keyOf(form, userId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form works on, only without a draft.
  }
}

export function removeDraft(form: string, userId: string): void {
  localStorage.removeItem(keyOf(form, userId));
}

/** Removes every draft the account has in this browser (at logout). */
export function removeDraftsOf(userId: string): void {
  const suffix = `:${userId}`;
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(PREFIX) && k.endsWith(suffix)) keys.push(k);
  }
  for (const k of keys) localStorage.removeItem(k);
}
