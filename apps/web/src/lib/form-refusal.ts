import { announce } from "@react-aria/live-announcer";
import { spokenText } from "./announce";
import { ApiError } from "./api-client";

/** A server refusal split for a form: plain words beside each field it names, the rest for the top. */
export interface FormRefusal {
  /** Field name -> the text to show beside it. */
  fields: Record<string, string>;
  /** What concerns no field of this form (or a failure with no reason), for the top of the form. */
  top: string | null;
}

const REQUIRED_LIST = "Please fill in all required fields:";

/**
 * The server's words for one field, made plain: "firstName must be at most 100 characters" reads
 * "First Name must be at most 100 characters"; the required-fields list becomes "{label} is
 * required"; a sentence of its own ("Departure must be on or after arrival") is kept as it is.
 */
export function plainFieldMessage(field: string, label: string, message: string): string {
  if (message.startsWith(REQUIRED_LIST)) return `${label} is required`;
  for (const prefix of [`${field}: `, `${field} `]) {
    if (message.startsWith(prefix)) {
      const rest = message.slice(prefix.length);
      return prefix.endsWith(": ") ? `${label}: ${rest}` : `${label} ${rest}`;
    }
  }
  return message;
}

/**
 * Splits a failed submit by the fields its refusal names. A field the form does not show (or a
 * refusal naming none) goes to the top, in the server's words; `fallback` stands for a failure
 * with nothing a user can act on (a network error, a 500).
 */
export function formRefusal(
  err: unknown,
  labels: Readonly<Record<string, string>>,
  fallback: string,
): FormRefusal {
  if (!(err instanceof ApiError)) return { fields: {}, top: fallback };
  const fields: Record<string, string> = {};
  const shown = err.fields.filter((f) => f in labels);
  for (const f of shown) fields[f] = plainFieldMessage(f, labels[f] ?? f, err.message);
  const unshown = err.fields.length > shown.length || err.fields.length === 0;
  return { fields, top: unshown ? err.message || fallback : null };
}

/**
 * Moves focus to the form's first marked field (or its top message when no field is marked) and
 * scrolls it into view, after React has drawn the marks. The top message (`FormAlert`) is said
 * once: by focus when it has it, announced at once otherwise.
 */
export function focusFirstError(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const alert = form?.querySelector<HTMLElement>("[data-form-alert]");
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? alert;
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: "center", behavior: "smooth" });
    const words = alert?.querySelector("[data-announced]");
    const text = words ? spokenText(words) : "";
    if (target !== alert && text) announce(text, "assertive");
  });
}
