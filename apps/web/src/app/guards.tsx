import { lazy, Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { lastLogoutReason } from "../lib/session";
import { useSession } from "../lib/use-session";

// The monitor (and its dialog) load after sign-in, keeping /login's bundle small.
const SessionMonitor = lazy(() => import("../features/session/SessionMonitor"));

/** Signed-in pages: without a session go to /login, carrying why the session ended (e.g. a 401). */
export function RequireAuth() {
  const session = useSession();
  if (!session) {
    const message = lastLogoutReason();
    return <Navigate to="/login" replace state={message ? { message } : undefined} />;
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
