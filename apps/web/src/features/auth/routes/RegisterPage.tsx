import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterInput, registerSchema } from "@visa/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/Button";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { register as registerAccount } from "../api/register";
import { type FriendlyError, registerErrorMessage } from "../auth-errors";
import { AuthCard } from "../components/AuthCard";
import { ErrorBox } from "../components/ErrorBox";
import { PortalNotice } from "../components/PortalNotice";

/** /register: the five fields, the new-account notice and the way back to /login. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<FriendlyError | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    // The confirmation is required here even though the API accepts its absence.
    defaultValues: { confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await registerAccount(values);
      navigate("/", { replace: true });
    } catch (e) {
      setError(registerErrorMessage(e));
    }
  });

  return (
    <AuthCard title="Create an account">
      <div className="space-y-4">
        <PortalNotice />
        {error && <ErrorBox error={error} />}
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              required
              error={fieldError("First Name", errors.firstName)}
              {...register("firstName")}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              required
              error={fieldError("Last Name", errors.lastName)}
              {...register("lastName")}
            />
          </div>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={fieldError("Email", errors.email)}
            {...register("email")}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            error={fieldError("Password", errors.password)}
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
            {isSubmitting ? "Creating account..." : "Register"}
          </Button>
        </form>
        <p className="text-center text-sm">
          Already have an account here?{" "}
          <Link to="/login" className="text-blue-700 underline hover:text-blue-900">
            Back to login
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
