import { formatDayLong, type LetterVerificationDto, REVOCATION_REASONS } from "@visa/domain";
import { useAnnouncedText } from "../../../../lib/announce";
import { FileHashCheck } from "./FileHashCheck";
import { PassportCheck } from "./PassportCheck";

function statusText(letter: LetterVerificationDto): string {
  if (letter.status === "valid") return "This letter is valid.";
  const when = letter.revokedAt ? ` on ${formatDayLong(letter.revokedAt)}` : "";
  const why = letter.revocationReason ? ` ${REVOCATION_REASONS[letter.revocationReason]}` : "";
  return `This letter was revoked${when} and is no longer valid.${why}`;
}

/** Why the issuer shown may not be the organisation as it is today, or not the letter's. */
function issuerNote(organisation: LetterVerificationDto["organisation"]): string | null {
  // Such a letter kept no issuer because the organisation's settings were saved after it was
  // issued: that may have been its contact or signatory alone, so the name and address may not
  // have changed at all.
  if (organisation.asOf === "today") {
    return "This letter was issued before this page kept the issuer's details as the letter printed them, and the organisation's settings were edited after it was issued: these are the issuer's details today, which may differ from the letter.";
  }
  if (!organisation.changedSince) return null;
  const logo = organisation.logoReplaced
    ? " The logo printed on the letter has since been replaced, so it is not shown."
    : "";
  return `The issuer's details have changed since this letter was issued; its name and address are shown as the letter printed them.${logo}`;
}

function Issuer({ letter }: { letter: LetterVerificationDto }) {
  const { organisation } = letter;
  const note = issuerNote(organisation);
  return (
    <div className="flex items-start gap-4">
      {organisation.hasLogo && (
        <img
          src={`/api/verify/${encodeURIComponent(letter.reference)}/logo`}
          alt=""
          className="h-12 w-auto max-w-32 object-contain"
        />
      )}
      <div className="text-sm text-gray-800">
        <p className="font-semibold text-gray-900">Issued by {organisation.name}</p>
        {organisation.address && <p className="whitespace-pre-line">{organisation.address}</p>}
        {organisation.contact && <p>Contact: {organisation.contact}</p>}
        {note && <p className="mt-1 text-xs text-gray-600">{note}</p>}
      </div>
    </div>
  );
}

/** The verification answer: issuer, status, what the letter says, its hash, and the two checks. */
export function VerificationDetails({ letter }: { letter: LetterVerificationDto }) {
  const valid = letter.status === "valid";
  const verdict = useAnnouncedText("polite");
  const day = (iso: string | null) => (iso ? formatDayLong(iso) : "");
  const rows: [string, string][] = [
    ["Name", letter.fullName ?? ""],
    ["Meeting", letter.meeting.name],
    ["Location", letter.meeting.location],
    ["Meeting dates", `${day(letter.meeting.startDate)} – ${day(letter.meeting.endDate)}`],
    ["Arrival", day(letter.dateOfArrival)],
    ["Departure", day(letter.dateOfDeparture)],
    ["Issued on", day(letter.issuedOn)],
  ];
  return (
    <div className="space-y-5">
      <Issuer letter={letter} />
      <p
        ref={verdict}
        className={`rounded-md border px-4 py-3 font-semibold ${
          valid ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"
        }`}
      >
        {statusText(letter)}
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-gray-600">{label}</dt>
              <dd className="break-words text-gray-900">{value}</dd>
            </div>
          ))}
        {letter.sha256 && (
          <div className="contents">
            <dt className="font-medium text-gray-600">SHA-256 of the PDF</dt>
            <dd className="break-all font-mono text-xs text-gray-900">{letter.sha256}</dd>
          </div>
        )}
      </dl>
      {letter.sha256 && <FileHashCheck reference={letter.reference} sha256={letter.sha256} valid={valid} />}
      {letter.fullName !== null && <PassportCheck reference={letter.reference} valid={valid} />}
      <p className="text-xs text-gray-600">
        Compare these details with the letter. The letter's PDF also carries a digital signature that PDF
        readers can check.
      </p>
    </div>
  );
}
