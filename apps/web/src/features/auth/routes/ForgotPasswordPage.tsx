import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema } from "@visa/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { requestPasswordReset } from "../api/password-reset";
import { AuthCard } from "../components/AuthCard";

/** /forgot-password: one e-mail field; instructions arrive by e-mail. */
export default function ForgotPasswordPage() {
  const [result, setResult] = useState<"sent" | "failed" | null>(null);
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
    } catch {
      setResult("failed");
    }
  });

  return (
    <AuthCard title="Reset your password">
      <div className="space-y-4">
        <p className="text-sm text-gray-700">
          Enter the email address of your account on this portal and we will send you a link to choose a new
          password.
        </p>
        {result === "sent" && (
          <Banner kind="success">Check your email for password reset instructions</Banner>
        )}
        {result === "failed" && <Banner kind="error">Error requesting password reset</Banner>}
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={fieldError("Email", errors.email)}
            {...register("email")}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Sending..." : "Send reset instructions"}
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
