import { useEffect } from "react";
import { useLocation } from "react-router";

const SITE = "Visa Letter Portal";

/** Each page's browser-tab title, by its path, so tabs and history entries tell pages apart. */
const TITLES: Array<[RegExp, string]> = [
  [/^\/login$/, "Log in"],
  [/^\/register$/, "Create an account"],
  [/^\/forgot-password$/, "Forgot password"],
  [/^\/reset-password\//, "Reset password"],
  [/^\/verify-email\//, "Verify e-mail address"],
  [/^\/verify\//, "Verify a letter"],
  [/^\/applications\/new$/, "New application"],
  [/^\/applications\//, "Application details"],
  [/^\/admin\/applications\//, "Review application"],
  [/^\/admin\/meetings$/, "Manage meetings"],
  [/^\/admin\/users$/, "Manage users"],
  [/^\/admin\/letters$/, "Letter settings"],
  [/^\/admin\/?$/, "Applications"],
  [/^\/$/, "My applications"],
];

/** The tab title of a path: "{page} · Visa Letter Portal", or the site's name alone. */
export function pageTitle(pathname: string): string {
  const found = TITLES.find(([re]) => re.test(pathname));
  return found ? `${found[1]} · ${SITE}` : SITE;
}

/** Keeps document.title in step with the current page (mounted once, at the router's root). */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}

/** The component form, for the router's root route. */
export function PageTitle(): null {
  usePageTitle();
  return null;
}
