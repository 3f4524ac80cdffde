import type { UserDto } from "@visa/domain";
import type { users } from "../db/schema.js";

type UserRow = typeof users.$inferSelect;

/** The only shape of a user that leaves the server: never the hash or session version. */
export function userPresenter(
  u: Pick<UserRow, "id" | "email" | "firstName" | "lastName" | "isAdmin" | "createdAt" | "emailVerifiedAt">,
): UserDto {
  return {
    _id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    role: u.isAdmin ? "admin" : "user",
    createdAt: u.createdAt.toISOString(),
    emailVerified: u.emailVerifiedAt !== null,
  };
}
