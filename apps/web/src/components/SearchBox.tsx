import { useEffect, useId, useRef, useState } from "react";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { controlClass } from "./FormField";

export interface SearchBoxProps {
  /** The search in effect (from the address). */
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
}

/** A search field that asks the server once typing pauses, not at every key. */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim());

  // Only a settled change of the text searches; the address catching up must not search again.
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.onSearch(settled);
  }, [settled]);

  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        className={controlClass}
      />
    </div>
  );
}
