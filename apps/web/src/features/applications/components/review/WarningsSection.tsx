import type { ApplicationWarning } from "@visa/domain";

/** The request's data-quality warnings on the admin's detail page; they never block a decision. */
export function WarningsSection({ warnings }: { warnings: ApplicationWarning[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <section aria-labelledby="warnings-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="warnings-title" className="text-base font-semibold text-amber-900">
        Warnings ({warnings.length})
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
        {warnings.map((w) => (
          <li key={w.code}>{w.message}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-amber-900">Warnings never block a decision: check and decide.</p>
    </section>
  );
}
