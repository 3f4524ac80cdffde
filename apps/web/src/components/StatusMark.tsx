import type { ReactNode } from "react";

/**
 * A small pill beside a request's status, saying in words what else holds for it ('Changes
 * requested', 'New message'): never a colour alone.
 */
export function StatusMark({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800 ${className}`}
    >
      {children}
    </span>
  );
}
