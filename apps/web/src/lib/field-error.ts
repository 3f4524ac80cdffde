/**
 * The text shown next to a field. Shared schemas say "is required" or "must be a date"; next to
 * the field they read better with its label in front: "First Name is required".
 */
export function fieldError(label: string, error: { message?: string } | undefined): string | undefined {
  const msg = error?.message;
  if (!msg) return undefined;
  return /^[a-z]/.test(msg) ? `${label} ${msg}` : msg;
}
