import { COUNTRIES } from "@visa/domain";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Checkbox, SelectInput, TextArea, TextInput } from "../../../../components/FormField";
import type { BoundField } from "./fields";

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** A titled group of fields; two columns from the small breakpoint up. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="px-1 text-base font-semibold text-gray-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function Text({
  f,
  wide,
  ...rest
}: { f: BoundField; wide?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextInput
      label={f.label}
      required={f.required}
      error={f.error}
      fieldClassName={wide ? "sm:col-span-2" : undefined}
      {...rest}
      {...f.reg}
    />
  );
}

export function DateField({ f, hint }: { f: BoundField; hint?: string }) {
  return (
    <TextInput label={f.label} required={f.required} error={f.error} hint={hint} type="date" {...f.reg} />
  );
}

export function Choice({ f, options }: { f: BoundField; options: readonly string[] }) {
  return (
    <SelectInput
      label={f.label}
      required={f.required}
      error={f.error}
      placeholder="Select..."
      options={options.map((o) => ({ value: o, label: o }))}
      {...f.reg}
    />
  );
}

export function CountrySelect({ f }: { f: BoundField }) {
  return (
    <SelectInput
      label={f.label}
      required={f.required}
      error={f.error}
      placeholder="Select a country..."
      options={COUNTRY_OPTIONS}
      autoComplete="off"
      {...f.reg}
    />
  );
}

export function LongText({ f }: { f: BoundField }) {
  return (
    <TextArea
      label={f.label}
      required={f.required}
      error={f.error}
      rows={4}
      fieldClassName="sm:col-span-2"
      {...f.reg}
    />
  );
}

export function Check({ f }: { f: BoundField }) {
  return <Checkbox label={f.label} className="sm:col-span-2" {...f.reg} />;
}
