import { useEffect, useState } from "react";
import { reasonOr } from "../lib/failure-message";
import { useRejectionReasons, useSaveRejectionReasons } from "../lib/review-actions";
import { Banner } from "./Banner";
import { Button } from "./Button";
import { controlClass } from "./FormField";
import { Spinner } from "./Spinner";

/** The organisation's rejection reasons, one a line, offered whenever an admin rejects. */
export function RejectionReasonsForm() {
  const reasons = useRejectionReasons();
  const save = useSaveRejectionReasons();
  const [text, setText] = useState("");
  useEffect(() => {
    if (reasons.data) setText(reasons.data.reasons.join("\n"));
  }, [reasons.data]);
  if (reasons.isPending) return <Spinner label="Loading rejection reasons..." />;
  if (reasons.isError)
    return <Banner kind="error">{reasonOr(reasons.error, "Failed to load rejection reasons")}</Banner>;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          text
            .split("\n")
            .map((l) => l.trim())
            .filter(Boolean),
        );
      }}
    >
      <label htmlFor="rejection-reasons" className="block text-sm font-medium text-gray-800">
        Reasons, one a line (the applicant reads the one chosen; an admin may also type another)
      </label>
      <textarea
        id="rejection-reasons"
        className={controlClass}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" busy={save.isPending}>
        {save.isPending ? "Saving..." : "Save reasons"}
      </Button>
      {save.isSuccess && <Banner kind="success">Rejection reasons saved</Banner>}
      {save.isError && (
        <Banner kind="error">{reasonOr(save.error, "Failed to save rejection reasons")}</Banner>
      )}
    </form>
  );
}
