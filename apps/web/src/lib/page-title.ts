import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router";

const SITE = "Visa Letter Portal";

/** Each page's browser-tab title, by its path, so tabs and history entries tell pages apart. */
const TITLES: Array<[RegExp, string]> = [
  [/^\/login$/, "Log in"],
  [/^\/register$/, "Create an account"],
  [/^\/forgot-password$/, "Forgot password"],
  [/^\/reset-password\//, "Reset password"],
  [/^\/verify-email\//, "Verify e-mail address"],
  [/^\/verify(\/|$)/, "Verify a letter"],
  [/^\/account\/password$/, "Change password"],
  [/^\/applications\/new$/, "New application"],
  [/^\/applications\//, "Application details"],
  [/^\/admin\/applications\//, "Review application"],
  [/^\/admin\/meetings$/, "Manage meetings"],
  [/^\/admin\/users$/, "Manage users"],
  [/^\/admin\/letters$/, "Letter settings"],
  [/^\/admin\/?$/, "Applications"],
  [/^\/$/, "My applications"],
];

/**
 * The tab title of a path: "{page} · Visa Letter Portal", or the site's name alone; with a
 * `detail` (what the page shows, e.g. an applicant's name and meeting) it comes first.
 */
export function pageTitle(pathname: string, detail?: string): string {
  const found = TITLES.find(([re]) => re.test(pathname));
  const page = found ? `${found[1]} · ${SITE}` : SITE;
  return detail ? `${detail} · ${page}` : page;
}

/**
 * Keeps document.title in step with the current page (mounted once, at the router's root). A
 * layout effect, so it runs before any page's `useDetailTitle` effect of the same render.
 */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}

/**
 * A page that has loaded what it shows names it in the tab, before the page's title. Only names
 * that are not personal identifiers belong here: never a passport number or a birthdate.
 */
export function useDetailTitle(detail: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (detail) document.title = pageTitle(pathname, detail);
  }, [detail, pathname]);
}

/** The component form, for the router's root route. */
export function PageTitle(): null {
  usePageTitle();
  return null;
}
