import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../components/Button";
import { controlClass } from "../../../components/FormField";
import { Spinner } from "../../../components/Spinner";
import { ApiError } from "../../../lib/api-client";
import { useLetterVerification } from "../api/verify-letter";
import { VerificationDetails } from "../components/verify/VerificationDetails";

function failureText(err: unknown): string {
  if (err instanceof ApiError && (err.status === 404 || err.status === 429)) return err.message;
  return "The letter could not be checked right now. Please try again later.";
}

/** Public page a consular officer reaches from the letter's link or QR code. */
export default function VerifyLetterPage() {
  const { reference = "" } = useParams();
  const navigate = useNavigate();
  const verification = useLetterVerification(reference);
  const [other, setOther] = useState("");
  const checkOther = (e: FormEvent) => {
    e.preventDefault();
    if (other.trim()) navigate(`/verify/${encodeURIComponent(other.trim())}`);
  };

  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold text-gray-900">Visa letter verification</h1>
        <p className="font-mono text-sm text-gray-700">Reference {reference}</p>
      </header>
      <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        {verification.isPending ? (
          <Spinner label="Checking the letter..." />
        ) : verification.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {failureText(verification.error)}
          </p>
        ) : (
          <VerificationDetails letter={verification.data} />
        )}
      </section>
      <form
        onSubmit={checkOther}
        className="flex flex-wrap items-end gap-2"
        aria-label="Check another letter"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="other-reference" className="mb-1 block text-sm font-medium text-gray-800">
            Check another reference
          </label>
          <input
            id="other-reference"
            className={controlClass}
            placeholder="VL-XXXX-XXXX-XXXX-XXXX"
            value={other}
            onChange={(e) => setOther(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          Check
        </Button>
      </form>
    </main>
  );
}
