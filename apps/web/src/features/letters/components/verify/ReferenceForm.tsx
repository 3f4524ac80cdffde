import { normaliseLetterReference } from "@visa/domain";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../../components/Button";
import { controlClass } from "../../../../components/FormField";

/**
 * Opens a letter's verification page from its reference as typed or pasted: the printed form,
 * lower case, other dashes, the whole verification link. What cannot be a reference is looked up
 * as typed, and the server says it was not found.
 */
export function ReferenceForm({ name, label }: { name: string; label: string }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = typed.trim();
    if (text) navigate(`/verify/${encodeURIComponent(normaliseLetterReference(text) ?? text)}`);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={name}>
      <div className="min-w-0 flex-1">
        <label htmlFor="other-reference" className="mb-1 block text-sm font-medium text-gray-800">
          {label}
        </label>
        <input
          id="other-reference"
          className={controlClass}
          placeholder="VL-XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary">
        Check
      </Button>
    </form>
  );
}
