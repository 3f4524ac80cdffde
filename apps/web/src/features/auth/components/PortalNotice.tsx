/** The warning that accounts of the official standards portal do not work here. */
export function PortalNotice() {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">Important: this is a separate system.</p>
      <p className="mt-1">
        This visa letter portal is not affiliated with the official standards portal. Your login for the
        official portal does not work here: you need to create a new account on this site.
      </p>
    </div>
  );
}
