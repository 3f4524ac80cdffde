import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Banner } from "../../../components/Banner";
import { Spinner } from "../../../components/Spinner";
import { ApiError } from "../../../lib/api-client";
import { verifyEmail } from "../api/email-verification";
import { AuthCard } from "../components/AuthCard";
import { AuthLink } from "../components/AuthLink";

/** /verify-email/:token: the link from the verification e-mail proves the account's address. */
export default function VerifyEmailPage() {
  const { token = "" } = useParams();
  // A query, not an effect: the link is used once even when the page renders twice.
  const result = useQuery({
    queryKey: ["auth", "verify-email", token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <AuthCard title="E-mail verification" footer={<AuthLink to="/">Go to your applications</AuthLink>}>
      {result.isPending ? (
        <Spinner label="Verifying your e-mail address..." />
      ) : result.isError ? (
        <Banner kind="error">
          {result.error instanceof ApiError && result.error.status === 400
            ? result.error.message
            : "The address could not be verified right now. Please try again later."}
        </Banner>
      ) : (
        <Banner kind="success">
          {result.data.message} Requests the secretariat imported for this address now appear in your account.
        </Banner>
      )}
    </AuthCard>
  );
}
