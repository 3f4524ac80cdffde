import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { type FocusEvent, type ReactNode, useEffect, useRef } from "react";

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

/**
 * An accessible dialog: labelled by its title, traps focus, closes on Escape and outside click,
 * and gives focus back to what opened it. It opens with focus on its `data-autofocus` element
 * (Cancel in a confirmation, a form's first field), else on the dialog itself.
 */
export function Modal({ open, onClose, title, children, footer, size = "md" }: ModalProps) {
  const width = size === "lg" ? "max-w-2xl" : "max-w-md";
  const placed = useRef(false);
  useEffect(() => {
    if (!open) placed.current = false;
  }, [open]);
  // On a touch screen (pointer: coarse) Headless UI focuses the dialog itself, not its
  // data-autofocus element: a tap on Withdraw left Cancel unfocused. The first focus of each
  // opening goes on to that element.
  const placeFocus = (e: FocusEvent<HTMLElement>) => {
    if (placed.current) return;
    placed.current = true;
    if (e.target === e.currentTarget) e.currentTarget.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  };
  return (
    // The dialog element itself covers the viewport, so it has a box (and counts as visible to tools).
    <Dialog open={open} onClose={onClose} onFocus={placeFocus} className="fixed inset-0 z-50 overflow-y-auto">
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
