import type { ReactNode } from "react";
import { MAIN_ID } from "../../../components/SkipLink";

export interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** The ways to another account page, under the form. */
  footer?: ReactNode;
}

/** The centred card every public account page sits in. */
export function AuthCard({ title, children, footer }: AuthCardProps) {
  return (
    <main id={MAIN_ID} className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-md sm:p-8">
        <p className="text-center text-sm font-semibold uppercase tracking-wide text-blue-700">
          Visa Letter Portal
        </p>
        <h1 className="mt-2 text-center text-2xl font-bold text-gray-900">{title}</h1>
        <div className="mt-6 space-y-4">
          {children}
          {footer && <div className="text-center text-sm">{footer}</div>}
        </div>
      </div>
    </main>
  );
}
