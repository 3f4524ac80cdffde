/**
 * The letters' code that is not loaded at start (scripts/build.mjs keeps it out): the PDF,
 * signing and image code with their libraries. The server loads it once it answers (main.ts).
 * A build replaces apps/api/dist under a running server (an upgrade's `npm run build`, or
 * `npm test` beside `npm start` after an edit), and code first asked for after that is not
 * there: letters failed with "Cannot find module" until the server was restarted.
 *
 * Node.js remembers how an import was resolved for the file that makes it, and looks for the
 * file again when another file imports it. This module is therefore imported by app.ts only, so
 * the build compiles it into the same file as the letters' services, whose own imports of this
 * code then find it already resolved (`npx tsx reliability/rebuild.ts` checks it).
 */
export async function loadLetterCode(): Promise<void> {
  await Promise.all([
    import("./pdf/render-letter.js"),
    import("./pdf/images.js"),
    import("./signing/pkcs12.js"),
    import("./signing/cades-signer.js"),
  ]);
}
