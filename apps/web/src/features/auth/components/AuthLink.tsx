import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A link between the account pages (login, register, forgot password): a line 44 px high, so a
 * thumb on a phone hits it and not the next one.
 */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center text-blue-700 underline hover:text-blue-900">
      {children}
    </Link>
  );
}
