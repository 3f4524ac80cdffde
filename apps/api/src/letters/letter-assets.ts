import type { PaperSize } from "@visa/domain";
import type { AppContext } from "../context.js";
import { organisation } from "../db/schema.js";
import { sha256Hex } from "./letter-hashes.js";
import { letterImageFromStore } from "./organisation-image.js";
import { defaultOrganisationName } from "./organisation-name.js";
import type { PreparedImage } from "./pdf/images.js";
import type { CadesSigner } from "./signing/cades-signer.js";
import type { SigningIdentity } from "./signing/pkcs12.js";

/** The organisation with its images decoded and its key read: what every letter needs. */
export interface LetterAssets {
  version: number;
  name: string;
  address: string;
  contact: string;
  signatoryName: string;
  signatoryTitle: string;
  paperSize: PaperSize;
  logo: PreparedImage | null;
  /** SHA-256 (hex) of the logo's bytes as stored: a letter keeps it to know the logo it printed. */
  logoSha256: string | null;
  signature: PreparedImage | null;
  certificateGenerated: boolean;
  updatedAt: Date;
  identity: SigningIdentity;
  signer: CadesSigner;
  /** Bytes to reserve in the PDF for the CMS signature with this certificate chain. */
  reservedBytes: number;
}

const creating = new WeakMap<AppContext, Promise<void>>();
/**
 * Creates the organisation row with a generated self-signed certificate if there is none yet.
 * Safe to call from several requests or servers at once: one insert wins.
 */
export function ensureOrganisation(ctx: AppContext): Promise<void> {
  let running = creating.get(ctx);
  if (!running) {
    running = (async () => {
      const [existing] = await ctx.db.select({ id: organisation.id }).from(organisation);
      if (existing) return;
      const name = defaultOrganisationName(ctx.config);
      const { generateSelfSignedPkcs12 } = await import("./signing/pkcs12.js");
      const { p12, passphrase } = generateSelfSignedPkcs12(name);
      await ctx.db
        .insert(organisation)
        .values({ id: 1, name, p12, p12Passphrase: passphrase, certificateGenerated: true })
        .onConflictDoNothing();
    })();
    creating.set(ctx, running);
    running.catch(() => creating.delete(ctx));
  }
  return running;
}

// Per app (each test app has its own database), then per organisation version.
const cache = new WeakMap<AppContext, Promise<LetterAssets>>();

/**
 * The organisation's letter assets, decoded once per process and version: reading the PKCS#12
 * file and decoding images costs far more than a letter, so only a version check hits the
 * database on each letter.
 */
export async function letterAssets(ctx: AppContext): Promise<LetterAssets> {
  let [current] = await ctx.db.select({ version: organisation.version }).from(organisation);
  if (!current) {
    await ensureOrganisation(ctx);
    [current] = await ctx.db.select({ version: organisation.version }).from(organisation);
    if (!current) throw new Error("organisation row missing after creation");
  }
  const cached = cache.get(ctx);
  if (cached) {
    const assets = await cached.catch(() => null);
    if (assets && assets.version === current.version) return assets;
  }
  const loading = loadAssets(ctx);
  cache.set(ctx, loading);
  return loading;
}

async function loadAssets(ctx: AppContext): Promise<LetterAssets> {
  const [row] = await ctx.db.select().from(organisation);
  if (!row) throw new Error("organisation row missing");
  // Signing and image code (node-forge, pdf-lib) loads here, on the first letter, not at start.
  const [{ readPkcs12 }, { PreparedImage }, { CadesSigner }] = await Promise.all([
    import("./signing/pkcs12.js"),
    import("./pdf/images.js"),
    import("./signing/cades-signer.js"),
  ]);
  // An expired certificate still signs: refusing letters would be worse; the settings screen shows it.
  const identity = readPkcs12(row.p12, row.p12Passphrase, { allowExpired: true });
  const chainBytes = identity.chain.reduce((n, c) => n + c.length, 0);
  return {
    version: row.version,
    name: row.name,
    address: row.address,
    contact: row.contact,
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    paperSize: row.paperSize,
    logo: row.logo ? await PreparedImage.from(await letterImageFromStore("logo", row.logo)) : null,
    logoSha256: row.logo ? sha256Hex(row.logo) : null,
    signature: row.signature
      ? await PreparedImage.from(await letterImageFromStore("signature", row.signature))
      : null,
    certificateGenerated: row.certificateGenerated,
    updatedAt: row.updatedAt,
    identity,
    signer: new CadesSigner(identity),
    // Certificates, a 4096-bit signature and attributes, rounded up. The signer's names appear
    // again outside the certificates (issuer and serial, the signing-certificate attribute): twice
    // the chain leaves room for those however long the organisation's name is.
    reservedBytes: Math.ceil((2 * chainBytes + 2048) / 1024) * 1024,
  };
}
