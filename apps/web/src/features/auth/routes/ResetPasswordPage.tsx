import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, resetPasswordSchema } from "@visa/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { resetPassword } from "../api/password-reset";
import { AuthCard } from "../components/AuthCard";

const formSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
type FormValues = z.input<typeof formSchema>;

/** /reset-password/:token: the new password twice; success goes to /login with a message. */
export default function ResetPasswordPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema) });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailed(false);
    try {
      await resetPassword(token, password);
      navigate("/login", { replace: true, state: { message: "Password reset successful. Please log in." } });
    } catch {
      setFailed(true);
    }
  });

  return (
    <AuthCard title="Choose a new password">
      <div className="space-y-4">
        {failed && (
          <Banner kind="error">
            Error resetting password. The link may be expired.{" "}
            <Link to="/forgot-password" className="font-medium underline">
              Request a new link
            </Link>
          </Banner>
        )}
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextInput
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            error={fieldError("New Password", errors.password)}
            {...register("password")}
          />
          <TextInput
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            error={fieldError("Confirm Password", errors.confirmPassword)}
            {...register("confirmPassword")}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Updating Password..." : "Update Password"}
          </Button>
        </form>
        <p className="text-center text-sm">
          <Link to="/login" className="text-blue-700 underline hover:text-blue-900">
            Back to login
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
