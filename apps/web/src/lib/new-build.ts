/** When this tab last reloaded to take a new build (sessionStorage: one tab, kept across reloads). */
const RELOADED_AT = "visa:reloaded-for-new-build";
/** A screen still missing this soon after such a reload is an error, not a new build. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** What reloadForNewBuild uses of the window. */
export type BuildWindow = Pick<Window, "addEventListener" | "sessionStorage"> & {
  location: Pick<Location, "reload">;
};

/**
 * Every screen is its own file, named by its content and fetched when first opened. After an
 * upgrade the server has the new build's files only, and a tab opened before it asks for the old
 * names in vain. Vite reports that as `vite:preloadError`: the tab then reloads, on the address it
 * was going to, and takes the new build. Only screens load this way, so the tab was leaving the
 * screen it showed anyway. A screen that is still missing within a minute of such a reload shows
 * as the error it is, instead of reloading without end.
 */
export function reloadForNewBuild(win: BuildWindow = window): void {
  win.addEventListener("vite:preloadError", (event) => {
    let last = 0;
    try {
      last = Number(win.sessionStorage.getItem(RELOADED_AT)) || 0;
      if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return;
      win.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // Storage refused (a privacy setting): without a record of the last reload, do not reload.
      return;
    }
    event.preventDefault();
    win.location.reload();
  });
}
