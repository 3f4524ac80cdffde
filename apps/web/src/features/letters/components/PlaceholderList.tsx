import { LETTER_PLACEHOLDERS, type LetterPlaceholder } from "@visa/domain";

/** The placeholders a template may use; choosing one inserts it where the cursor is. */
export function PlaceholderList({ onPick }: { onPick: (placeholder: string) => void }) {
  return (
    <details className="rounded-md border border-gray-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-gray-800">Placeholders</summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {(Object.keys(LETTER_PLACEHOLDERS) as LetterPlaceholder[]).map((name) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => onPick(`{{${name}}}`)}
              className="rounded px-1 font-mono text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {`{{${name}}}`}
            </button>{" "}
            <span className="text-gray-600">{LETTER_PLACEHOLDERS[name]}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
