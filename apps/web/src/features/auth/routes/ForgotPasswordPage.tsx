import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema } from "@visa/domain";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Banner } from "../../../components/Banner";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { focusMainHeading } from "../../../lib/main-heading";
import { requestPasswordReset } from "../api/password-reset";
import { AuthCard } from "../components/AuthCard";
import { AuthForm } from "../components/AuthForm";
import { AuthLink } from "../components/AuthLink";

/** /forgot-password: one e-mail field; instructions arrive by e-mail. */
export default function ForgotPasswordPage() {
  const [result, setResult] = useState<"sent" | "failed" | null>(null);
  // Sent: focus leaves the field for the page's heading, as after the other account forms (which
  // go on to a new page), and the confirmation below it is read out (a polite status). A failure
  // is an alert, and focus stays on the button to send again.
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (sent) focusMainHeading();
  }, [sent]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordSchema) });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await requestPasswordReset(email);
      setResult("sent");
      setSent((n) => n + 1);
    } catch {
      setResult("failed");
    }
  });

  return (
    <AuthCard title="Reset your password" footer={<AuthLink to="/login">Back to login</AuthLink>}>
      <p className="text-sm text-gray-700">
        Enter the email address of your account on this portal and we will send you a link to choose a new
        password.
      </p>
      {result === "sent" && <Banner kind="success">Check your email for password reset instructions</Banner>}
      {result === "failed" && <Banner kind="error">Error requesting password reset</Banner>}
      <AuthForm
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Send reset instructions"
        submittingLabel="Sending..."
      >
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={fieldError("Email", errors.email)}
          {...register("email")}
        />
      </AuthForm>
    </AuthCard>
  );
}
