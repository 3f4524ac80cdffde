import { useMutation } from "@tanstack/react-query";
import type { ApplicationDto } from "@visa/domain";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { ApiError } from "../../../../lib/api-client";
import { sendVerificationLink } from "../../api/send-verification-link";

type Owner = NonNullable<ApplicationDto["userId"]>;

/**
 * On the admin's detail page, while the applicant's account address is unverified: the portal
 * mails nothing about the request there (its letter included) until it is, so the admin knows why
 * and can send the applicant a new link (an applicant who calls to say no mail came, say).
 */
export function UnverifiedOwnerNotice({ owner }: { owner: Owner }) {
  const send = useMutation({ mutationFn: () => sendVerificationLink(owner._id) });
  const failure =
    send.error instanceof ApiError
      ? `Failed to send the link: ${send.error.message}`
      : "Failed to send the link";
  return (
    <section
      aria-labelledby="unverified-owner-title"
      className="space-y-3 rounded-lg border border-blue-300 bg-blue-50 p-4 text-sm text-blue-900"
    >
      <h2 id="unverified-owner-title" className="text-base font-semibold">
        E-mail address not verified
      </h2>
      <p>
        {owner.firstName} {owner.lastName} has not verified {owner.email} yet. The portal e-mails them about
        this request, the letter included, once they do; until then, news about it sends them a link to verify
        the address.
      </p>
      <Button
        variant="secondary"
        onClick={() => !send.isPending && send.mutate()}
        aria-disabled={send.isPending || undefined}
      >
        {send.isPending ? "Sending..." : "Send a new verification link"}
      </Button>
      {send.isSuccess && (
        <Banner kind="success" onDismiss={send.reset}>
          {send.data.message}
        </Banner>
      )}
      {send.isError && (
        <Banner kind="error" onDismiss={send.reset}>
          {failure}
        </Banner>
      )}
    </section>
  );
}
