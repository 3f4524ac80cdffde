import { AUTH_MESSAGES } from "@visa/domain";
import { useEffect, useState } from "react";
import { logout } from "../../lib/logout";
import { clearSession } from "../../lib/session";
import { useSession } from "../../lib/use-session";
import { useSessionCountdown } from "./countdown";
import { SessionTimeoutDialog } from "./SessionTimeoutDialog";

/**
 * Session monitoring for signed-in pages (spec §4): the warning shows SESSION_WARNING_SECONDS
 * before the token expires (at once if less remains) and at zero the user is logged out;
 * RequireAuth then sends them to /login with the reason.
 */
export default function SessionMonitor() {
  const session = useSession();
  const token = session?.token ?? null;
  const secondsLeft = useSessionCountdown(token);
  // Escape hides the warning for this token only; expiry still logs out.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  useEffect(() => {
    if (token && secondsLeft === 0) clearSession(AUTH_MESSAGES.sessionExpired);
  }, [token, secondsLeft]);

  if (!token || secondsLeft === null || secondsLeft === 0 || dismissedFor === token) return null;
  return (
    <SessionTimeoutDialog
      secondsLeft={secondsLeft}
      onLogout={() => void logout()}
      onDismiss={() => setDismissedFor(token)}
    />
  );
}
