import {
  dayToIso,
  type LetterTemplateDto,
  type LetterVerificationDto,
  type OrganisationDto,
  type VerifiedIssuer,
} from "@visa/domain";
import type { letters } from "../db/schema.js";
import type { LetterAssets } from "./letter-assets.js";

/** The organisation as admins see it: never the key, the PKCS#12 file or its passphrase. */
export function organisationPresenter(a: LetterAssets): OrganisationDto {
  return {
    name: a.name,
    address: a.address,
    contact: a.contact,
    signatoryName: a.signatoryName,
    signatoryTitle: a.signatoryTitle,
    paperSize: a.paperSize,
    hasLogo: a.logo !== null,
    hasSignature: a.signature !== null,
    certificate: {
      subject: a.identity.subject,
      issuer: a.identity.issuer,
      validFrom: a.identity.validFrom.toISOString(),
      validTo: a.identity.validTo.toISOString(),
      selfSigned: a.identity.selfSigned,
      generated: a.certificateGenerated,
    },
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** A meeting's letter template, or the default one when the meeting has none. */
export function templatePresenter(
  meetingId: string,
  t: { addressee: string; body: string; updatedAt: Date | null },
  isDefault: boolean,
): LetterTemplateDto {
  return {
    meetingId,
    addressee: t.addressee,
    body: t.body,
    isDefault,
    updatedAt: t.updatedAt ? t.updatedAt.toISOString() : null,
  };
}

const dayOrNull = (day: string | null) => (day ? dayToIso(day) : null);

type LetterRow = typeof letters.$inferSelect;

/** The organisation as it is now, as verification compares it with a letter. */
export interface CurrentIssuer {
  name: string;
  address: string;
  contact: string;
  logoSha256: string | null;
}

/** Whether the issuer's current logo is the one to show beside the letter. */
export function showsLogo(l: LetterRow, currentLogoSha256: string | null): boolean {
  if (currentLogoSha256 === null) return false;
  // Without a record of what the letter printed, the page shows today's issuer, logo included.
  return l.organisationName === null || l.organisationLogoSha256 === currentLogoSha256;
}

/**
 * The issuer as the letter printed it. A letter issued before letters kept it (and whose
 * organisation changed since, or the upgrade would have kept it) shows today's, and says so.
 */
function verifiedIssuer(l: LetterRow, now: CurrentIssuer): VerifiedIssuer {
  const hasLogo = showsLogo(l, now.logoSha256);
  if (l.organisationName === null) {
    const { name, address, contact } = now;
    return { name, address, contact, hasLogo, asOf: "today", changedSince: false, logoReplaced: false };
  }
  const printedLogo = l.organisationLogoSha256;
  return {
    name: l.organisationName,
    address: l.organisationAddress ?? "",
    contact: now.contact,
    hasLogo,
    asOf: "letter",
    changedSince:
      now.name !== l.organisationName ||
      now.address !== l.organisationAddress ||
      now.logoSha256 !== printedLogo,
    logoReplaced: printedLogo !== null && printedLogo !== now.logoSha256,
  };
}

/** Only what a consular officer needs to confirm a letter: no passport, birthdate or address. */
export function verificationPresenter(
  l: LetterRow,
  valid: boolean,
  issuer: CurrentIssuer,
): LetterVerificationDto {
  return {
    reference: l.reference,
    status: valid ? "valid" : "revoked",
    revokedAt: l.revokedAt ? l.revokedAt.toISOString() : null,
    revocationReason: l.purgedAt ? "purged" : l.revocationReason,
    issuedOn: dayToIso(l.issuedOn),
    // A file signed after the letter was issued is not what its holders were given: no file check.
    sha256: l.signedAfterIssue ? null : l.sha256,
    organisation: verifiedIssuer(l, issuer),
    fullName: l.firstName === null ? null : `${l.firstName} ${l.lastName ?? ""}`.trim(),
    meeting: {
      name: l.meetingName,
      location: l.meetingLocation,
      startDate: dayToIso(l.meetingStartDate),
      endDate: dayToIso(l.meetingEndDate),
    },
    dateOfArrival: dayOrNull(l.dateOfArrival),
    dateOfDeparture: dayOrNull(l.dateOfDeparture),
  };
}
