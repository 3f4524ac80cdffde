import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, type LoginInput, loginSchema } from "@visa/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { Banner } from "../../../components/Banner";
import { TextInput } from "../../../components/FormField";
import { fieldError } from "../../../lib/field-error";
import { type LoginState, pathAfterLogin } from "../../../lib/login-return";
import { login } from "../api/login";
import { type FriendlyError, loginErrorMessage } from "../auth-errors";
import { AuthCard } from "../components/AuthCard";
import { AuthForm } from "../components/AuthForm";
import { AuthLink } from "../components/AuthLink";
import { ErrorBox } from "../components/ErrorBox";
import { PortalNotice } from "../components/PortalNotice";

/**
 * /login: email and password, links to register and forgot password, the separate-portal warning.
 * Signing in goes to the dashboard, or back to the page whose session had ended.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as LoginState | null;
  const notice = state?.message;
  const [error, setError] = useState<FriendlyError | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { userId, role } = await login(values);
      // Back to the page a signed-in route sent here from, if it is this user's to see.
      navigate(pathAfterLogin(state, { userId, userRole: role }), { replace: true });
    } catch (e) {
      setError(loginErrorMessage(e));
    }
  });

  return (
    <AuthCard
      title="Sign in"
      footer={
        <div className="flex flex-col sm:flex-row sm:justify-between">
          <AuthLink to="/forgot-password">Forgot your password?</AuthLink>
          <AuthLink to="/register">Need an account? Register</AuthLink>
        </div>
      }
    >
      {notice && (
        <Banner kind={notice === AUTH_MESSAGES.sessionExpired ? "info" : "success"}>{notice}</Banner>
      )}
      <PortalNotice />
      {error && <ErrorBox error={error} />}
      <AuthForm
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Sign in"
        submittingLabel="Signing in..."
      >
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
          autoComplete="current-password"
          required
          error={fieldError("Password", errors.password)}
          {...register("password")}
        />
      </AuthForm>
    </AuthCard>
  );
}
