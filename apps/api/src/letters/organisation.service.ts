import type { OrganisationDto, OrganisationFields } from "@visa/domain";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { organisation } from "../db/schema.js";
import { badRequest, notFound } from "../lib/errors.js";
import { ensureOrganisation, letterAssets } from "./letter-assets.js";
import { organisationPresenter } from "./letters.presenter.js";
import { letterImageFromStore, letterImageFromUpload, type OrganisationImage } from "./organisation-image.js";
import { assertPrintableTexts } from "./printable-text.js";

export type { OrganisationImage };

/** The organisation's settings as the admin screen shows them. */
export async function getOrganisation(ctx: AppContext): Promise<OrganisationDto> {
  const assets = await letterAssets(ctx);
  return organisationPresenter(assets);
}

/**
 * Saves name, address, signatory and paper size. A certificate the portal generated names the
 * organisation, and a signature's reader sees that name beside the one the letter prints: a new
 * name gets a new generated certificate (letters already issued keep their signatures). An
 * uploaded certificate is the organisation's own and is never replaced.
 */
export async function updateOrganisation(
  ctx: AppContext,
  input: OrganisationFields,
): Promise<OrganisationDto> {
  const { name, address, signatoryName, signatoryTitle } = input;
  assertPrintableTexts({ name, address, signatoryName, signatoryTitle });
  await ensureOrganisation(ctx);
  const { generateSelfSignedPkcs12 } = await import("./signing/pkcs12.js");
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: organisation.name, generated: organisation.certificateGenerated })
      .from(organisation)
      .for("update");
    const renamed = row?.generated && row.name !== name ? generateSelfSignedPkcs12(name) : null;
    await tx
      .update(organisation)
      .set({
        ...input,
        address: input.address ?? "",
        contact: input.contact ?? "",
        ...(renamed ? { p12: renamed.p12, p12Passphrase: renamed.passphrase } : {}),
        ...bump(),
      })
      .where(eq(organisation.id, 1));
  });
  return getOrganisation(ctx);
}

/**
 * Stores the copy of an uploaded logo or signature that letters print (`letterImageFromUpload`:
 * upright, scaled to its box, without metadata) once pdf-lib has read it as a letter will.
 */
export async function setOrganisationImage(
  ctx: AppContext,
  which: OrganisationImage,
  upload: Buffer,
): Promise<OrganisationDto> {
  const { data, type } = await letterImageFromUpload(which, upload);
  const { PreparedImage } = await import("./pdf/images.js");
  try {
    await PreparedImage.from(data);
  } catch {
    throw badRequest("The image file is damaged and cannot be read");
  }
  await ensureOrganisation(ctx);
  const set = which === "logo" ? { logo: data, logoType: type } : { signature: data, signatureType: type };
  await ctx.db
    .update(organisation)
    .set({ ...set, ...bump() })
    .where(eq(organisation.id, 1));
  return getOrganisation(ctx);
}

/** Removes the logo or the signature image. */
export async function removeOrganisationImage(
  ctx: AppContext,
  which: OrganisationImage,
): Promise<OrganisationDto> {
  await ensureOrganisation(ctx);
  const set = which === "logo" ? { logo: null, logoType: null } : { signature: null, signatureType: null };
  await ctx.db
    .update(organisation)
    .set({ ...set, ...bump() })
    .where(eq(organisation.id, 1));
  return getOrganisation(ctx);
}

/** The stored logo or signature image; 404 when there is none. */
export async function getOrganisationImage(
  ctx: AppContext,
  which: OrganisationImage,
): Promise<{ data: Buffer; type: string }> {
  const [row] = await ctx.db
    .select({
      data: which === "logo" ? organisation.logo : organisation.signature,
      type: which === "logo" ? organisation.logoType : organisation.signatureType,
    })
    .from(organisation);
  if (!row?.data || !row.type)
    throw notFound(which === "logo" ? "No logo uploaded" : "No signature uploaded");
  // As letters print it: one kept at full size by an older version is scaled here too.
  return { data: await letterImageFromStore(which, row.data), type: row.type };
}

/** Replaces the signing certificate with an uploaded PKCS#12 file that opens and can sign. */
export async function setCertificate(
  ctx: AppContext,
  p12: Buffer,
  passphrase: string,
): Promise<OrganisationDto> {
  const { CertificateError, readPkcs12 } = await import("./signing/pkcs12.js");
  try {
    readPkcs12(p12, passphrase);
  } catch (e) {
    if (e instanceof CertificateError) throw badRequest(e.message);
    throw e;
  }
  await ensureOrganisation(ctx);
  await ctx.db
    .update(organisation)
    .set({ p12, p12Passphrase: passphrase, certificateGenerated: false, ...bump() })
    .where(eq(organisation.id, 1));
  return getOrganisation(ctx);
}

/** Every change moves the version, so each server reloads its cached images and key. */
function bump() {
  return { version: sql`${organisation.version} + 1`, updatedAt: new Date() };
}
