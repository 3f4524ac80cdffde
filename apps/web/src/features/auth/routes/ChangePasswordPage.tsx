import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, changePasswordSchema } from "@visa/domain";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Banner } from "../../../components/Banner";
import { FormAlert } from "../../../components/FormAlert";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { focusFirstError, formRefusal } from "../../../lib/form-refusal";
import { changeOwnPassword } from "../api/change-password";
import { AuthForm } from "../components/AuthForm";
import { NewPasswordFields } from "../components/NewPasswordFields";

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
type FormValues = z.input<typeof formSchema>;

const LABELS = { currentPassword: "Current Password", newPassword: "New Password" } as const;

/** /account/password: the signed-in user's own password, changed after the current one is checked. */
export default function ChangePasswordPage() {
  const formRef = useRef<HTMLDivElement>(null);
  const [done, setDone] = useState(false);
  const [top, setTop] = useState<string | null>(null);
  // Counts the server's refusals: focus goes to what it marked once the marks are on screen.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) focusFirstError(formRef.current);
  }, [refusals]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema) });

  const onSubmit = handleSubmit(
    async ({ currentPassword, newPassword }) => {
      setDone(false);
      setTop(null);
      try {
        await changeOwnPassword(currentPassword, newPassword);
        reset();
        setDone(true);
      } catch (err) {
        const refusal = formRefusal(err, LABELS, "Failed to change password");
        for (const [name, message] of Object.entries(refusal.fields)) {
          setError(name as keyof typeof LABELS, { message });
        }
        setTop(refusal.top);
        setRefusals((n) => n + 1);
      }
    },
    () => focusFirstError(formRef.current),
  );

  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold text-gray-900">Change Password</h1>
      {done && (
        <Banner kind="success" onDismiss={() => setDone(false)}>
          Password changed successfully. Any other device signed in to your account has been signed out; this
          one stays signed in.
        </Banner>
      )}
      <div ref={formRef} className="space-y-4 rounded-lg bg-white p-6 shadow-sm">
        {top && <FormAlert>{top}</FormAlert>}
        <AuthForm
          onSubmit={onSubmit}
          submitting={isSubmitting}
          submitLabel="Change Password"
          submittingLabel="Changing..."
        >
          <TextInput
            label={LABELS.currentPassword}
            type="password"
            autoComplete="current-password"
            required
            error={fieldError(LABELS.currentPassword, errors.currentPassword)}
            {...register("currentPassword")}
          />
          <NewPasswordFields
            label={LABELS.newPassword}
            confirmLabel="Confirm New Password"
            password={register("newPassword")}
            confirm={register("confirmPassword")}
            errors={{ password: errors.newPassword, confirm: errors.confirmPassword }}
          />
        </AuthForm>
      </div>
    </div>
  );
}
