import { AUTH_MESSAGES } from "@visa/domain";
import { useEffect, useState } from "react";
import { logout } from "../../lib/logout";
import { clearSession } from "../../lib/session";
import { useSession } from "../../lib/use-session";
import { useSessionCountdown } from "./countdown";
import { SessionTimeoutDialog } from "./SessionTimeoutDialog";

/** A warning dismissed before the last minute comes back for it. */
const LAST_MINUTE_SECONDS = 60;

/**
 * Session monitoring for signed-in pages (spec §4): the warning shows SESSION_WARNING_SECONDS
 * before the token expires (at once if less remains) and at zero the user is logged out;
 * RequireAuth then sends them to /login with the reason.
 */
export default function SessionMonitor() {
  const session = useSession();
  const token = session?.token ?? null;
  const secondsLeft = useSessionCountdown(token);
  // Escape hides the warning for this token. Hidden before the last minute, it shows again then,
  // so nobody typing is signed out without a last chance to refresh; expiry still logs out.
  const [dismissed, setDismissed] = useState<{ token: string; lastMinute: boolean } | null>(null);

  useEffect(() => {
    if (token && secondsLeft === 0) clearSession(AUTH_MESSAGES.sessionExpired);
  }, [token, secondsLeft]);

  if (!token || secondsLeft === null || secondsLeft === 0) return null;
  const inLastMinute = secondsLeft <= LAST_MINUTE_SECONDS;
  if (dismissed?.token === token && (dismissed.lastMinute || !inLastMinute)) return null;
  return (
    <SessionTimeoutDialog
      secondsLeft={secondsLeft}
      onLogout={() => void logout()}
      onDismiss={() => setDismissed({ token, lastMinute: inLastMinute })}
    />
  );
}
