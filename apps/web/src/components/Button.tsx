import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700",
  secondary:
    "bg-white text-gray-800 ring-1 ring-inset ring-gray-300 hover:bg-gray-50 focus-visible:outline-blue-700",
  danger: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700",
  ghost: "text-blue-700 hover:bg-blue-50 focus-visible:outline-blue-700",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "sm" | "md";
  /**
   * Busy with what it was pressed for: `aria-disabled`, and a press (a click, or Enter in its
   * form, which clicks a form's submit button) does nothing, while the button keeps focus.
   */
  busy?: boolean;
}

/**
 * A button in one of the product's styles; type defaults to "button" so forms never submit by
 * accident. A button busy with what it was pressed for is `aria-disabled` (looking disabled), not
 * `disabled`: a disabled button drops the keyboard's focus to the start of the page.
 */
export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type,
  busy = false,
  onClick,
  ...rest
}: ButtonProps) {
  const sizing = size === "sm" ? "px-2.5 py-1.5 text-sm" : "px-4 py-2 text-sm";
  return (
    <button
      type={type ?? "button"}
      className={`inline-flex items-center justify-center gap-2 rounded-md font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${sizing} ${VARIANTS[variant]} ${className}`}
      {...rest}
      {...(busy ? { "aria-disabled": true } : {})}
      onClick={busy ? (e) => e.preventDefault() : onClick}
    />
  );
}
