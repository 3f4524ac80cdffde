import { api } from "./api-client";
import { removeDraftsOf } from "./form-draft";
import { chooseLogout, clearSession, getSession } from "./session";

/** Ends this session on the server (its tokens stop working), then forgets it in this browser. */
export async function logout(): Promise<void> {
  await endOnServer("/api/auth/logout");
}

/** 'Log out everywhere': ends every session of the account, on every device. */
export async function logoutEverywhere(): Promise<void> {
  await endOnServer("/api/auth/logout-everywhere");
}

async function endOnServer(path: string): Promise<void> {
  chooseLogout();
  // A chosen logout forgets the account's form drafts too (an expired session keeps them).
  const userId = getSession()?.userId;
  if (userId) removeDraftsOf(userId);
  try {
    await api(path, { method: "POST" });
    clearSession();
  } catch {
    // Signed out here all the same; the login page says the server may still hold the session.
    clearSession(
      "You are logged out on this device, but the server could not be reached to end the session.",
    );
  }
}
