import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import type { CadesSigner } from "../signing/cades-signer.js";
import type { LetterContent } from "./letter-content.js";
import { renderLetterDocument } from "./letter-layout.js";

export interface LetterSignature {
  signer: CadesSigner;
  /** Bytes reserved for the CMS signature; certificates of a long chain need more. */
  reservedBytes: number;
  signerName: string;
  location: string;
}

const signPdf = new SignPdf();

/** The letter as PDF bytes, signed (PAdES) when a signature is given. */
export async function renderLetterPdf(content: LetterContent, signature?: LetterSignature): Promise<Buffer> {
  const doc = await renderLetterDocument(content);
  // Writing every object in one go: pdf-lib otherwise yields to the event loop every 50 objects.
  const saveOptions = { objectsPerTick: Number.POSITIVE_INFINITY };
  if (!signature) return Buffer.from(await doc.save(saveOptions));
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: `Letter of invitation ${content.reference}`,
    contactInfo: content.verifyUrl,
    name: signature.signerName,
    location: signature.location,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: signature.reservedBytes,
  });
  const unsigned = Buffer.from(await doc.save({ ...saveOptions, useObjectStreams: false }));
  return signPdf.sign(unsigned, signature.signer);
}
