import type { ReactNode } from "react";

/** The centred card every public account page sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-md sm:p-8">
        <p className="text-center text-sm font-semibold uppercase tracking-wide text-blue-700">
          Visa Letter Portal
        </p>
        <h1 className="mt-2 text-center text-2xl font-bold text-gray-900">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
