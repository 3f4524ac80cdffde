/** A centred spinner with an accessible label. */
export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="flex justify-center py-10" role="status" aria-live="polite">
      <div className="h-8 w-8 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
