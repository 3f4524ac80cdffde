import { z } from "zod";
import { idField, multilineText, optionalText, requiredMultilineText, requiredText, text } from "./fields.js";

/** Paper sizes a letter can be printed on; the organisation picks one. */
export const PAPER_SIZES = ["A4", "Letter"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Placeholders a letter template may use, with what each prints. */
export const LETTER_PLACEHOLDERS = {
  fullName: "The applicant's first and last name",
  firstName: "The applicant's first name",
  lastName: "The applicant's last name",
  position: "The applicant's position",
  companyName: "The applicant's company",
  country: "The country of the applicant's company",
  passportIssuingCountry: "The country that issued the passport",
  meetingName: "The meeting's name",
  meetingLocation: "The meeting's location",
  meetingStartDate: "The meeting's first day",
  meetingEndDate: "The meeting's last day",
  dateOfArrival: "The applicant's arrival day",
  dateOfDeparture: "The applicant's departure day",
  hotelName: "The applicant's hotel",
  organisationName: "The organisation's name",
  signatoryName: "The signatory's name",
  signatoryTitle: "The signatory's title",
  issueDate: "The letter's date of issue",
  reference: "The letter's reference number",
} as const;
export type LetterPlaceholder = keyof typeof LETTER_PLACEHOLDERS;

/** The text every meeting uses until an admin writes its own. */
export const DEFAULT_LETTER_TEMPLATE = {
  addressee: "To whom it may concern",
  body: [
    "Dear Sir or Madam,",
    "{{organisationName}} is pleased to invite {{fullName}}, {{position}} at {{companyName}}, to attend {{meetingName}}, which will be held in {{meetingLocation}} from {{meetingStartDate}} to {{meetingEndDate}}.",
    "{{firstName}} plans to arrive on {{dateOfArrival}} and to leave on {{dateOfDeparture}}. The details of the applicant and of the visit are given below.",
    "All expenses for travel, accommodation and subsistence will be covered by the applicant or the applicant's employer. This letter does not create any financial obligation for {{organisationName}}.",
    "We would be grateful for any assistance you can give {{fullName}} in obtaining a visa to attend this meeting.",
  ].join("\n\n"),
} as const;

const PLACEHOLDER_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Names inside {{ }} that are not placeholders, in order of appearance, without repeats. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER_RE)) {
    const name = match[1] ?? "";
    if (!Object.hasOwn(LETTER_PLACEHOLDERS, name)) unknown.add(name);
  }
  return [...unknown];
}

/** Replaces every {{placeholder}} with its value; callers validate the template first. */
export function fillTemplate(template: string, values: Record<LetterPlaceholder, string>): string {
  return template.replace(PLACEHOLDER_RE, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as LetterPlaceholder] : whole,
  );
}

/**
 * Where the template has a brace outside a whole {{placeholder}} ("Hello {{fullName", "{{firstName}}}"),
 * a few characters around it to show; null when there is none. A letter would print it as typed.
 */
export function strayBrace(template: string): string | null {
  const rest = template.replace(PLACEHOLDER_RE, (whole) => " ".repeat(whole.length));
  const at = rest.search(/[{}]/);
  if (at < 0) return null;
  return template
    .slice(Math.max(0, at - 15), at + 15)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A template text whose placeholders all exist and are whole: the message names the first
 * unknown one, or shows where a brace is left over.
 */
function templateText(max: number) {
  return requiredMultilineText(max).superRefine((value, ctx) => {
    const [first] = unknownPlaceholders(value);
    if (first !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `Unknown placeholder {{${first}}}. Known placeholders: ${Object.keys(LETTER_PLACEHOLDERS).join(", ")}`,
      });
      return;
    }
    const near = strayBrace(value);
    if (near !== null) {
      ctx.addIssue({
        code: "custom",
        message: `A brace is not part of a placeholder, near "${near}". Placeholders are written {{name}}, and the letter cannot print other braces.`,
      });
    }
  });
}

export const letterTemplateSchema = z.object({
  addressee: templateText(300),
  body: templateText(6000),
});
export type LetterTemplateInput = z.input<typeof letterTemplateSchema>;
export type LetterTemplate = z.output<typeof letterTemplateSchema>;

export const letterPreviewSchema = letterTemplateSchema.extend({
  meetingId: idField.optional(),
});
export type LetterPreviewInput = z.input<typeof letterPreviewSchema>;

export const organisationInputSchema = z.object({
  name: requiredText(200),
  address: multilineText(1000),
  contact: optionalText(300),
  signatoryName: text(200),
  signatoryTitle: text(200),
  paperSize: z.enum(PAPER_SIZES, { message: "must be A4 or Letter" }),
});
export type OrganisationInput = z.input<typeof organisationInputSchema>;
export type OrganisationFields = z.output<typeof organisationInputSchema>;

/** Letter references: "VL-" and four groups of four Crockford base-32 characters (80 bits). */
export const LETTER_REFERENCE_RE = /^VL(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

export interface CertificateDto {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  selfSigned: boolean;
  /** Generated by the portal on first start rather than uploaded. */
  generated: boolean;
}

export interface OrganisationDto {
  name: string;
  address: string;
  contact: string;
  signatoryName: string;
  signatoryTitle: string;
  paperSize: PaperSize;
  hasLogo: boolean;
  hasSignature: boolean;
  certificate: CertificateDto;
  updatedAt: string;
}

export interface LetterTemplateDto {
  meetingId: string;
  addressee: string;
  body: string;
  /** True when the meeting has no template of its own and this is the default. */
  isDefault: boolean;
  updatedAt: string | null;
}

/** Why a letter stopped being valid. */
export const REVOCATION_REASONS = {
  withdrawn: "The request, or its approval, was withdrawn.",
  rejected: "The request was rejected.",
  superseded: "The letter was replaced by a newer letter after the applicant's details changed.",
  deleted: "The request was deleted.",
  purged: "The record was deleted under the retention policy.",
} as const;
export type RevocationReason = keyof typeof REVOCATION_REASONS;

/**
 * The issuer on the verification page: as the letter printed it, not as the organisation is called
 * today, so a letter issued under an earlier name or address still matches its page.
 */
export interface VerifiedIssuer {
  name: string;
  address: string;
  /** How to reach the issuer now: the letter does not print it. */
  contact: string;
  /** The page shows the logo (`/api/verify/{reference}/logo`): the one the letter printed, still in use. */
  hasLogo: boolean;
  /**
   * `letter`: name, address and logo as the letter printed them. `today`: the letter was issued
   * before the portal kept them and the organisation's settings have changed since, so these are
   * today's and may differ from the letter.
   */
  asOf: "letter" | "today";
  /** With `asOf: "letter"`: the issuer's name, address or logo have changed since the letter was issued. */
  changedSince: boolean;
  /** The letter printed a logo the issuer no longer uses: the page shows none. */
  logoReplaced: boolean;
}

/**
 * What the public verification page may show: nothing more than a consular officer needs. After a
 * purge the applicant's name, travel days and the file's hash are gone (null).
 */
export interface LetterVerificationDto {
  reference: string;
  status: "valid" | "revoked";
  revokedAt: string | null;
  revocationReason: RevocationReason | null;
  issuedOn: string;
  /** SHA-256 (hex) of the PDF exactly as issued; null when the portal did not keep that file. */
  sha256: string | null;
  organisation: VerifiedIssuer;
  fullName: string | null;
  meeting: { name: string; location: string; startDate: string; endDate: string };
  dateOfArrival: string | null;
  dateOfDeparture: string | null;
}

/** The verification page's passport check: the number as typed (normalised by the server). */
export const passportCheckSchema = z.object({
  passportNumber: z
    .string()
    .trim()
    .min(1, { message: "Enter the passport number" })
    .max(30, { message: "A passport number has at most 30 characters" }),
});
export type PassportCheckInput = z.input<typeof passportCheckSchema>;
