import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The letter's font files: DejaVu Sans regular and bold, from the dejavu-fonts-ttf package. */
export function letterFontFiles(): { regular: string; bold: string } {
  const dir = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
  return { regular: join(dir, "DejaVuSans.ttf"), bold: join(dir, "DejaVuSans-Bold.ttf") };
}
