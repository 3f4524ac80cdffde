import { useEffect, useState } from "react";

/** A PDF blob shown in the page, with a link to open it in its own tab; the URL is freed on change. */
export function LetterPreview({ pdf }: { pdf: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(pdf);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [pdf]);
  if (!url) return null;
  return (
    <div className="space-y-2">
      <a href={url} target="_blank" rel="noopener" className="text-sm font-medium text-blue-700 underline">
        Open the preview in a new tab
      </a>
      <iframe
        title="Letter preview"
        src={url}
        className="h-[36rem] w-full rounded-md border border-gray-300"
      />
    </div>
  );
}
