import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { useAnnouncedText } from "../../../lib/announce";
import { useResendVerification } from "../api/resend-verification";

/**
 * Until the address is proved: imported requests wait, and the link can be sent again. Part of the
 * page as it opens, read with it; only the answer to Resend is announced.
 */
export function VerifyAddressNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  const sent = useAnnouncedText("polite");
  const failed = useAnnouncedText("assertive");
  return (
    <Banner kind="info" quiet>
      <p>
        Please verify your e-mail address {email}: open the link we e-mailed you. Requests the secretariat
        imported for this address are waiting for verification and will appear here once it is verified.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          aria-disabled={resend.isPending || undefined}
          onClick={() => {
            if (!resend.isPending) resend.mutate();
          }}
        >
          {resend.isPending ? "Sending..." : "Resend verification e-mail"}
        </Button>
        {resend.isSuccess && <span ref={sent}>{resend.data.message}</span>}
        {resend.isError && <span ref={failed}>{resend.error.message}</span>}
      </div>
    </Banner>
  );
}
