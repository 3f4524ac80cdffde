/** The secretariat's own words, quoted as theirs, where a banner repeats them to the applicant. */
export function SecretariatQuote({ text }: { text: string }) {
  return (
    <blockquote className="my-1 whitespace-pre-wrap break-words border-l-2 border-blue-300 pl-3">
      {text}
    </blockquote>
  );
}
