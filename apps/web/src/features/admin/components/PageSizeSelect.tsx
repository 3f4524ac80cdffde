import { ADMIN_PAGE_SIZES } from "@visa/domain";
import { controlClass } from "../../../components/FormField";

export interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
}

/** How many applications a page of the list shows (the spec's 10 by default). */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  return (
    <label className="flex items-center gap-2 whitespace-nowrap text-sm text-gray-800">
      Rows per page
      {/* 44 px high, a tap target on a phone like the page buttons beside it. */}
      <select
        className={`${controlClass} min-h-11 w-auto`}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {ADMIN_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
