import { useEffect, useId, useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { logout, logoutEverywhere } from "../lib/logout";
import { useSession } from "../lib/use-session";
import { MAIN_ID } from "./SkipLink";

const linkBase =
  "rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${linkBase} ${isActive ? "bg-blue-900 text-white" : "text-blue-50 hover:bg-blue-800 hover:text-white"}`;

/**
 * Signed-in pages: the header (Dashboard, New Application, Admin for admins, Change Password,
 * Logout, Log out everywhere) over the page.
 */
export function AppLayout() {
  const session = useSession();
  const isAdmin = session?.userRole === "admin";
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // A link picked in the mobile menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const links = (
    <>
      <NavLink to="/" end className={linkClass}>
        Dashboard
      </NavLink>
      <NavLink to="/applications/new" className={linkClass}>
        New Application
      </NavLink>
      {isAdmin && (
        <NavLink to="/admin" className={linkClass}>
          Admin
        </NavLink>
      )}
      <NavLink to="/account/password" className={linkClass}>
        Change Password
      </NavLink>
      <button
        type="button"
        onClick={() => void logout()}
        className={`${linkBase} text-left text-blue-50 hover:bg-blue-800`}
      >
        Logout
      </button>
      <button
        type="button"
        onClick={() => void logoutEverywhere()}
        className={`${linkBase} text-left text-blue-50 hover:bg-blue-800`}
      >
        Log out everywhere
      </button>
    </>
  );

  return (
    <div className="min-h-screen">
      <header className="bg-blue-700 text-white shadow">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <NavLink
            to="/"
            className="text-lg font-semibold focus-visible:outline-2 focus-visible:outline-white"
          >
            Visa Letter Portal
          </NavLink>
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {links}
          </nav>
          <button
            type="button"
            className="rounded-md p-2.5 hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-white md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        <nav
          id={menuId}
          aria-label="Main mobile"
          hidden={!menuOpen}
          className="flex flex-col gap-1 border-t border-blue-600 px-4 py-2 *:flex *:min-h-11 *:items-center md:hidden"
        >
          {links}
        </nav>
      </header>
      <main id={MAIN_ID} className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
