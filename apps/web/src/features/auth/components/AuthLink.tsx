import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link between the account pages (login, register, forgot password). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-blue-700 underline hover:text-blue-900">
      {children}
    </Link>
  );
}
