import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/Button";
import { controlClass } from "../../../../components/FormField";
import { useAnnouncedText } from "../../../../lib/announce";
import { usePassportCheck } from "../../api/verify-letter";
import { errorText } from "../../lib/error-text";
import { REVOKED_AFTER_MATCH } from "./revoked-match";

/**
 * Type the passport number: the server answers only whether it is the one on the letter. A match
 * on a revoked letter says the letter is no longer valid, so it never reads as good news.
 */
export function PassportCheck({ reference, valid }: { reference: string; valid: boolean }) {
  const check = usePassportCheck(reference);
  const [number, setNumber] = useState("");
  const answer = useAnnouncedText("polite");
  const failure = useAnnouncedText("assertive");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (number.trim() && !check.isPending) check.mutate(number);
  };
  return (
    <section aria-labelledby="passport-check" className="space-y-2">
      <h2 id="passport-check" className="font-semibold text-gray-900">
        Check the passport number
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="passport-number" className="mb-1 block text-sm font-medium text-gray-800">
            Passport number
          </label>
          <input
            id="passport-number"
            className={controlClass}
            autoComplete="off"
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              check.reset();
            }}
          />
        </div>
        <Button type="submit" variant="secondary" aria-disabled={check.isPending || undefined}>
          Check number
        </Button>
      </form>
      {check.isSuccess && (
        <p
          ref={answer}
          className={`text-sm font-medium ${check.data.match && valid ? "text-green-800" : "text-red-800"}`}
        >
          {!check.data.match
            ? "This passport number does not match the letter."
            : valid
              ? "This passport number matches the letter."
              : `This passport number matches the letter, ${REVOKED_AFTER_MATCH}`}
        </p>
      )}
      {check.isError && (
        <p ref={failure} className="text-sm text-red-800">
          {errorText(check.error, "The number could not be checked right now.")}
        </p>
      )}
    </section>
  );
}
