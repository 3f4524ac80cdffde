import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

/** What a control needs to be tied to its label and error text. */
export interface ControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
  "aria-required": boolean | undefined;
}

export interface FormFieldProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  /** Renders the control with the wiring props spread on it. */
  children: (control: ControlProps) => ReactNode;
}

export const controlClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600 disabled:bg-gray-100 aria-invalid:border-red-600";

/** A label, a control, a hint and the field's error right beside it (aria-invalid, aria-describedby). */
export function FormField({ label, error, hint, required, className = "", children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface Common {
  label: string;
  error?: string;
  hint?: string;
  fieldClassName?: string;
}

/** A labelled input; spread react-hook-form's register() on it (ref included). */
export function TextInput({
  label,
  error,
  hint,
  fieldClassName,
  required,
  ref,
  className = "",
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => <input ref={ref} className={`${controlClass} ${className}`} {...control} {...input} />}
    </FormField>
  );
}

/** A labelled select with a placeholder option. */
export function SelectInput({
  label,
  error,
  hint,
  fieldClassName,
  required,
  ref,
  options,
  placeholder,
  className = "",
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    ref?: Ref<HTMLSelectElement>;
    options: ReadonlyArray<{ value: string; label: string }>;
    placeholder?: string;
  }) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => (
        <select ref={ref} className={`${controlClass} ${className}`} {...control} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A labelled multi-line text. */
export function TextArea({
  label,
  error,
  hint,
  fieldClassName,
  required,
  ref,
  className = "",
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => <textarea ref={ref} className={`${controlClass} ${className}`} {...control} {...area} />}
    </FormField>
  );
}

/** A checkbox with its label to the right. */
export function Checkbox({
  label,
  ref,
  className = "",
  ...input
}: { label: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="h-4 w-4 rounded border-gray-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-700"
        {...input}
      />
      <label htmlFor={id} className="text-sm text-gray-800">
        {label}
      </label>
    </div>
  );
}
