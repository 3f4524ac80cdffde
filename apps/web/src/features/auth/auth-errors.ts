import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from "@visa/domain";
import { ApiError } from "../../lib/api-client";

export interface FriendlyError {
  message: string;
  /** Shown under the message, e.g. that this portal is separate from the official one. */
  note?: string;
  /** Offer the way to the register page. */
  suggestRegister?: boolean;
}

export const SEPARATE_PORTAL_NOTE =
  "This system is separate from the official standards portal: an account there does not work here. Please register for a new account.";

const CONNECTION = "Unable to connect to the server. Please check your connection and try again.";

/** Spec §8 login mapping: the server's answer becomes a text that tells the user what to do. */
export function loginErrorMessage(error: unknown): FriendlyError {
  if (!(error instanceof ApiError)) return { message: CONNECTION };
  if (error.status === 429) return { message: error.message };
  switch (error.message) {
    case AUTH_MESSAGES.userNotFound:
      return {
        message: "No account found with this email address. Please check the address or create an account.",
        note: SEPARATE_PORTAL_NOTE,
        suggestRegister: true,
      };
    case AUTH_MESSAGES.incorrectPassword:
      return {
        message: "Incorrect password. Please try again, or use Forgot Password to reset it.",
      };
    case AUTH_MESSAGES.invalidCredentials:
      return { message: "Invalid email or password. Please check your credentials and try again." };
    case "Server error":
      return { message: CONNECTION };
    case "Login failed":
      return { message: "Login failed. Please try again in a moment." };
    case "Authentication error":
      return { message: "We could not sign you in because of an authentication problem. Please try again." };
  }
  if (error.status >= 500) return { message: CONNECTION };
  return { message: "Invalid email or password" };
}

/** Spec §8 register mapping. */
export function registerErrorMessage(error: unknown): FriendlyError {
  if (!(error instanceof ApiError)) return { message: CONNECTION };
  const msg = error.message;
  if (error.status === 409 || /already exists/i.test(msg)) {
    return { message: "An account with this email already exists. Please log in or use Forgot Password." };
  }
  if (/email/i.test(msg)) return { message: "Please enter a valid email address." };
  if (/password/i.test(msg)) {
    return {
      message: `Password requirements not met. Your password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    };
  }
  if (/first ?name|last ?name/i.test(msg)) return { message: "Please provide both first and last names." };
  if (error.status === 429) return { message: msg };
  return { message: "Registration failed. Please try again." };
}
