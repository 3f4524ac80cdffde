export const APPLICATION_STATUSES = ["Pending", "Approved", "Rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const GENDERS_CREATE = ["Male", "Female", "Other"] as const;
export const GENDERS_EDIT = ["Male", "Female", "Other", "Prefer not to say"] as const;

export const MIN_PASSWORD_LENGTH = 6;
export const ADMIN_PAGE_SIZE = 10;
export const USERS_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/**
 * The rows a page of the admin list may show, the admin's choice: the spec's 10 is the default,
 * larger pages let a reviewer select and decide many requests at once (at most MAX_PAGE_SIZE).
 */
export const ADMIN_PAGE_SIZES = [ADMIN_PAGE_SIZE, 25, 50, MAX_PAGE_SIZE] as const;
export const DELETE_CONFIRMATION_WORD = "Delete";
export const PAGINATION_WINDOW = 7;
export const SESSION_WARNING_SECONDS = 5 * 60;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/**
 * A logo or signature upload. A phone photo of a signature is often 3 to 6 MB; what is stored is a
 * copy scaled to what prints, so the upload may be larger than any letter needs.
 */
export const MAX_LETTER_IMAGE_BYTES = 10 * 1024 * 1024;
/** Applications one account may create in an hour: each one mails its owner and fills the admins' list. */
export const CREATES_PER_HOUR = 20;
export const ALLOWED_UPLOAD_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const SORT_FIELDS = ["createdAt", "status", "visaAppointmentDate"] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** Server answers the browser maps to friendlier texts (spec §8). */
export const AUTH_MESSAGES = {
  userNotFound: "User not found",
  incorrectPassword: "Incorrect password",
  currentPasswordIncorrect: "Current password is incorrect",
  invalidCredentials: "Invalid credentials",
  userExists: "User already exists",
  invalidEmail: "Invalid email address",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  missingNames: "First name and last name are required",
  passwordsDoNotMatch: "Passwords do not match",
  sessionExpired: "Session expired. Please log in again.",
  adminOnly: "Admin access required",
  invalidResetToken: "Invalid or expired reset token",
} as const;
