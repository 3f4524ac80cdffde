import type { PaperSize } from "@visa/domain";
import type { PreparedImage } from "./images.js";

export interface DetailRow {
  label: string;
  value: string;
}

/** Everything printed on a letter, already formatted: the layout only places it. */
export interface LetterContent {
  paperSize: PaperSize;
  organisation: {
    name: string;
    address: string;
    signatoryName: string;
    signatoryTitle: string;
    logo: PreparedImage | null;
    signature: PreparedImage | null;
  };
  reference: string;
  issueDate: string;
  addressee: string;
  paragraphs: string[];
  applicant: DetailRow[];
  visit: DetailRow[];
  verifyUrl: string;
  /** Printed across the top when the letter is a preview, not an issued letter. */
  watermark?: string;
}

/** Page sizes in points. */
export const PAGE_SIZES: Record<PaperSize, [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
};
