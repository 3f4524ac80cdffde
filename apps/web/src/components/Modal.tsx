import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons row, right-aligned (stacked on small screens). */
  footer?: ReactNode;
  /** Wider panel for forms with many fields. */
  size?: "md" | "lg";
}

/** An accessible dialog: labelled by its title, traps focus, closes on Escape and outside click. */
export function Modal({ open, onClose, title, children, footer, size = "md" }: ModalProps) {
  const width = size === "lg" ? "max-w-2xl" : "max-w-md";
  return (
    // The dialog element itself covers the viewport, so it has a box (and counts as visible to tools).
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="relative flex min-h-full items-center justify-center p-4">
        <DialogPanel className={`w-full ${width} rounded-lg bg-white p-6 shadow-xl`}>
          <DialogTitle as="h2" className="text-lg font-semibold text-gray-900">
            {title}
          </DialogTitle>
          <div className="mt-4 text-sm text-gray-700">{children}</div>
          {footer && (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
