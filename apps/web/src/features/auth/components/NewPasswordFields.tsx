import { MIN_PASSWORD_LENGTH } from "@visa/domain";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";

/**
 * A new password and its confirmation, as registration, a reset link and the account's own
 * change ask for them: the browser's new-password autofill, the length the domain requires as a
 * hint, and each field's error under it.
 */
export function NewPasswordFields({
  label,
  confirmLabel,
  password,
  confirm,
  errors,
}: {
  label: string;
  confirmLabel: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: FieldError; confirm?: FieldError };
}) {
  return (
    <>
      <TextInput
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={fieldError(label, errors.password)}
        {...password}
      />
      <TextInput
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(confirmLabel, errors.confirm)}
        {...confirm}
      />
    </>
  );
}
