import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Banner } from "../../../components/Banner";
import { Spinner } from "../../../components/Spinner";
import { ApiError } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { useMe } from "../../../lib/use-me";
import { useSession } from "../../../lib/use-session";
import { verifyEmail } from "../api/email-verification";
import { AuthCard } from "../components/AuthCard";
import { AuthLink } from "../components/AuthLink";

const ALREADY_VERIFIED = "Your e-mail address is already verified.";

/** /verify-email/:token: the link from the verification e-mail proves the account's address. */
export default function VerifyEmailPage() {
  const { token = "" } = useParams();
  const session = useSession();
  // A query, not an effect: the link is used once even when the page renders twice.
  const result = useQuery({
    queryKey: queryKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const refused = result.error instanceof ApiError && result.error.status === 400;
  // A used link (opened again, or an older mail after a resend) is refused; if the signed-in
  // account's address is proved already, that is the news, not the dead link.
  const me = useMe({ enabled: refused && session !== null });
  return (
    <AuthCard title="E-mail verification" footer={<AuthLink to="/">Go to your applications</AuthLink>}>
      {result.isPending || (refused && me.isLoading) ? (
        <Spinner label="Verifying your e-mail address..." />
      ) : refused && me.data?.emailVerified ? (
        <Banner kind="success">{ALREADY_VERIFIED}</Banner>
      ) : result.isError ? (
        <Banner kind="error">
          {refused
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
