/** The boxes (in PDF points, 1/72 inch) the letterhead fits its images into, keeping their shape. */
export const IMAGE_BOXES = {
  logo: { width: 150, height: 56 },
  signature: { width: 170, height: 46 },
} as const;

/** Print resolution an image needs to look sharp on paper. */
const PRINT_DPI = 300;

/**
 * The largest an image need be, in pixels, to print sharp in its box (the logo's 625 × 234, the
 * signature's 709 × 192): more pixels only make every letter heavier.
 */
export function printPixels(which: keyof typeof IMAGE_BOXES): { width: number; height: number } {
  const box = IMAGE_BOXES[which];
  return {
    width: Math.ceil((box.width / 72) * PRINT_DPI),
    height: Math.ceil((box.height / 72) * PRINT_DPI),
  };
}
