import { NavLink, Outlet } from "react-router";
import { revealFocused } from "../lib/reveal-focused";

const TABS = [
  { to: "/admin", label: "Applications", end: true },
  { to: "/admin/meetings", label: "Manage Meetings", end: false },
  { to: "/admin/users", label: "Manage Users", end: false },
  { to: "/admin/letters", label: "Letters", end: false },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
    isActive
      ? "border-blue-700 text-blue-800"
      : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900"
  }`;

/** The admin area: its sections as tabs (NavLink marks the current one with aria-current). */
export default function AdminLayout() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">Admin Dashboard</h1>
      <nav
        aria-label="Admin sections"
        className="-mx-4 overflow-x-auto border-b border-gray-200 px-4"
        onFocus={revealFocused}
      >
        <div className="flex gap-2">
          {TABS.map((t) => (
            <NavLink key={t.to} to={t.to} end={t.end} className={tabClass}>
              {t.label}
            </NavLink>
          ))}
        </div>
      </nav>
      <Outlet />
    </div>
  );
}
