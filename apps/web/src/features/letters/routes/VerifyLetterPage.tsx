import { useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { useAnnouncedText } from "../../../lib/announce";
import { ApiError } from "../../../lib/api-client";
import { useLetterVerification } from "../api/verify-letter";
import { ReferenceForm } from "../components/verify/ReferenceForm";
import { VerificationDetails } from "../components/verify/VerificationDetails";

function failureText(err: unknown): string {
  if (err instanceof ApiError && (err.status === 404 || err.status === 429)) return err.message;
  return "The letter could not be checked right now. Please try again later.";
}

const TITLE = <h1 className="text-2xl font-semibold text-gray-900">Visa letter verification</h1>;

function LetterCheck({ reference }: { reference: string }) {
  const verification = useLetterVerification(reference);
  const failure = useAnnouncedText("assertive");
  return (
    <>
      <header className="space-y-1">
        {TITLE}
        {/* Once found, the reference as the letter prints it, however it was typed. */}
        <p className="font-mono text-sm text-gray-700">
          Reference {verification.data?.reference ?? reference}
        </p>
      </header>
      <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        {verification.isPending ? (
          <Spinner label="Checking the letter..." />
        ) : verification.isError ? (
          <p ref={failure} className="text-sm text-red-800">
            {failureText(verification.error)}
          </p>
        ) : (
          <VerificationDetails letter={verification.data} />
        )}
      </section>
      <ReferenceForm key={reference} name="Check another letter" label="Check another reference" />
    </>
  );
}

/**
 * Public page a consular officer reaches from the letter's link or QR code; without a reference
 * (a PDF reader links only the first line of the printed address when it wraps), a form for it.
 */
export default function VerifyLetterPage() {
  const { reference = "" } = useParams();
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      {reference ? (
        <LetterCheck reference={reference} />
      ) : (
        <>
          {TITLE}
          <p className="text-sm text-gray-800">
            Enter the reference printed on the letter, beside its QR code, to see whether the letter is valid.
          </p>
          <ReferenceForm name="Find a letter" label="Letter reference" />
        </>
      )}
    </main>
  );
}
