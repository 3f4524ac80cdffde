import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, resetPasswordSchema } from "@visa/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { Banner } from "../../../components/Banner";
import { resetPassword } from "../api/password-reset";
import { AuthCard } from "../components/AuthCard";
import { AuthForm } from "../components/AuthForm";
import { AuthLink } from "../components/AuthLink";
import { NewPasswordFields } from "../components/NewPasswordFields";

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
    <AuthCard title="Choose a new password" footer={<AuthLink to="/login">Back to login</AuthLink>}>
      {failed && (
        <Banner kind="error">
          Error resetting password. The link may be expired.{" "}
          <Link to="/forgot-password" className="font-medium underline">
            Request a new link
          </Link>
        </Banner>
      )}
      <AuthForm
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Update Password"
        submittingLabel="Updating Password..."
      >
        <NewPasswordFields
          label="New Password"
          confirmLabel="Confirm Password"
          password={register("password")}
          confirm={register("confirmPassword")}
          errors={{ password: errors.password, confirm: errors.confirmPassword }}
        />
      </AuthForm>
    </AuthCard>
  );
}
