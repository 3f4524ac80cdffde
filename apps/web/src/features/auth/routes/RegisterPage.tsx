import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterInput, registerSchema } from "@visa/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { register as registerAccount } from "../api/register";
import { type FriendlyError, registerErrorMessage } from "../auth-errors";
import { AuthCard } from "../components/AuthCard";
import { AuthForm } from "../components/AuthForm";
import { AuthLink } from "../components/AuthLink";
import { ErrorBox } from "../components/ErrorBox";
import { NewPasswordFields } from "../components/NewPasswordFields";
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
    <AuthCard
      title="Create an account"
      footer={
        <p>
          Already have an account here? <AuthLink to="/login">Back to login</AuthLink>
        </p>
      }
    >
      <PortalNotice />
      {error && <ErrorBox error={error} />}
      <AuthForm
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Register"
        submittingLabel="Creating account..."
      >
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
        <NewPasswordFields
          label="Password"
          confirmLabel="Confirm Password"
          password={register("password")}
          confirm={register("confirmPassword")}
          errors={{ password: errors.password, confirm: errors.confirmPassword }}
        />
      </AuthForm>
    </AuthCard>
  );
}
