/**
 * The shared schemas say "is required" or "must be ..." without naming the field; beside a form
 * control the label makes that read as a sentence: "Name is required".
 */
export function fieldError(label: string, error: { message?: string } | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return /^(is|must|contains) /.test(message) ? `${label} ${message}` : message;
}
