import { LETTER_REFERENCE_RE } from "@visa/domain";
import { type DragEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { useAnnouncedText } from "../../../../lib/announce";
import { REVOKED_AFTER_MATCH } from "./revoked-match";

type Outcome =
  | { kind: "checking" | "match" | "mismatch" | "notPdf"; name: string }
  | { kind: "otherLetter"; name: string; reference: string }
  | { kind: "error"; text: string }
  | null;

// Far more than any letter weighs (a page of text, a font subset, two images of at most 2 MB): a
// larger file is not the letter, and reading it whole could exhaust a phone's memory.
const MAX_LETTER_BYTES = 20 * 1024 * 1024;

/** Whether the file starts as every PDF the portal issues does. */
async function looksLikePdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === "%PDF-";
}

/** SHA-256 of the bytes in hex, computed in this browser: the file never leaves it. */
async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The reference of the portal's letter these bytes are, if they are one: its signature's reason
 * names it in plain text. Only the person holding that file learns it, so the page may point there.
 */
function printedReference(bytes: Uint8Array): string | null {
  const text = new TextDecoder("latin1").decode(bytes);
  const named = /\(Letter of invitation ([^)]{1,40})\)/.exec(text)?.[1];
  return named && LETTER_REFERENCE_RE.test(named) ? named : null;
}

function outcomeText(outcome: NonNullable<Outcome>, valid: boolean): string {
  if (outcome.kind === "error") return outcome.text;
  if (outcome.kind === "checking") return `Checking ${outcome.name}...`;
  if (outcome.kind === "notPdf")
    return `${outcome.name} is not a PDF file. Only the PDF file itself can be checked here: compare a scan or a printout with the details above.`;
  if (outcome.kind === "otherLetter")
    return `${outcome.name} is not the file that was issued under this reference: it is the letter ${outcome.reference}.`;
  if (outcome.kind === "mismatch")
    return `${outcome.name} is not the file that was issued: it has been changed or is another letter.`;
  return valid
    ? `${outcome.name} is exactly the file that was issued.`
    : `${outcome.name} is exactly the file that was issued, ${REVOKED_AFTER_MATCH}`;
}

function outcomeColour(outcome: NonNullable<Outcome>, valid: boolean): string {
  if (outcome.kind === "checking" || outcome.kind === "otherLetter") return "text-gray-800";
  return outcome.kind === "match" && valid ? "text-green-800" : "text-red-800";
}

/**
 * Drop or choose the PDF: the page says whether it is, byte for byte, the file that was issued.
 * A revoked letter's own file is still the issued one, but never reads as good news.
 */
export function FileHashCheck({
  reference,
  sha256,
  valid,
}: {
  reference: string;
  sha256: string;
  valid: boolean;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [over, setOver] = useState(false);
  const answer = useAnnouncedText("polite");
  // Only the file chosen last answers, however long an earlier one takes to read.
  const latest = useRef(0);
  const check = async (file: File | undefined) => {
    if (!file) return;
    if (!globalThis.crypto?.subtle) {
      setOutcome({
        kind: "error",
        text: "This browser cannot check files here (the page must be opened over HTTPS).",
      });
      return;
    }
    const name = file.name;
    const run = ++latest.current;
    const settle = (next: Outcome) => {
      if (run === latest.current) setOutcome(next);
    };
    settle({ kind: "checking", name });
    try {
      if (!(await looksLikePdf(file))) return settle({ kind: "notPdf", name });
      if (file.size > MAX_LETTER_BYTES) return settle({ kind: "mismatch", name });
      // Copied into this realm's own bytes: a buffer made by another realm (a test's DOM) is refused.
      const bytes = Uint8Array.from(new Uint8Array(await file.arrayBuffer()));
      if ((await sha256Hex(bytes)) === sha256) return settle({ kind: "match", name });
      const other = printedReference(bytes);
      settle(
        other && other !== reference
          ? { kind: "otherLetter", name, reference: other }
          : { kind: "mismatch", name },
      );
    } catch {
      settle({ kind: "error", text: `${name} could not be read. Choose the file again.` });
    }
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void check(e.dataTransfer.files[0]);
  };
  return (
    <section aria-labelledby="file-check" className="space-y-2">
      <h2 id="file-check" className="font-semibold text-gray-900">
        Check the PDF file
      </h2>
      <label
        htmlFor="letter-file"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        // The input itself is hidden: the zone shows the keyboard's focus on it.
        className={`block cursor-pointer rounded-md border-2 border-dashed p-4 text-center text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 ${
          over ? "border-blue-500 bg-blue-50" : "border-gray-300 text-gray-700"
        }`}
      >
        Drop the letter's PDF here or choose it. It is checked in this browser and never uploaded.
        <input
          id="letter-file"
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          onChange={(e) => void check(e.target.files?.[0])}
        />
      </label>
      {outcome && (
        <p ref={answer} className={`text-sm font-medium ${outcomeColour(outcome, valid)}`}>
          {outcomeText(outcome, valid)}
          {outcome.kind === "otherLetter" && (
            <>
              {" "}
              <Link to={`/verify/${outcome.reference}`} className="underline">
                Check letter {outcome.reference}
              </Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}
