import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import type { LoginState } from "../lib/login-return";
import { endedAccount, lastLogoutReason, logoutWasChosen } from "../lib/session";
import { useSession } from "../lib/use-session";

// The monitor (and its dialog) load after sign-in, keeping /login's bundle small.
const SessionMonitor = lazy(() => import("../features/session/SessionMonitor"));

/**
 * Signed-in pages: without a session go to /login, carrying why the session ended (e.g. a 401) and
 * this page, to come back to after signing in (not after a Logout: the user chose to leave), with
 * the account whose session ended in this tab, as only that account returns there.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: LoginState = {
      message: lastLogoutReason() ?? undefined,
      from: logoutWasChosen() ? undefined : location.pathname + location.search,
      account: endedAccount() ?? undefined,
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <>
      <Suspense fallback={null}>
        <SessionMonitor />
      </Suspense>
      <Outlet />
    </>
  );
}

/** Admin pages: anyone else goes to the dashboard. The server enforces this too. */
export function RequireAdmin() {
  const session = useSession();
  if (session?.userRole !== "admin") return <Navigate to="/" replace />;
  return <Outlet />;
}
