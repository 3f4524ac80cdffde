import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { loginErrorMessage, registerErrorMessage } from "./auth-errors";

describe("login error mapping (spec §8)", () => {
  it("explains a server or network failure as a connection problem", () => {
    expect(loginErrorMessage(new TypeError("Failed to fetch")).message).toMatch(
      /^Unable to connect to the server/,
    );
    expect(loginErrorMessage(new ApiError(500, "Server error")).message).toMatch(/^Unable to connect/);
  });

  it("passes the rate-limit answer through", () => {
    expect(loginErrorMessage(new ApiError(429, "Too many requests. Please try again later.")).message).toBe(
      "Too many requests. Please try again later.",
    );
  });
});

describe("register error mapping (spec §8)", () => {
  const map = (status: number, message: string) =>
    registerErrorMessage(new ApiError(status, message)).message;

  it("maps each server answer to its friendly text", () => {
    expect(map(409, "User already exists")).toMatch(/^An account with this email already exists/);
    expect(map(400, "Invalid email address")).toBe("Please enter a valid email address.");
    expect(map(400, "Password must be at least 6 characters long")).toMatch(
      /^Password requirements not met.*at least 6 characters long\.$/,
    );
    expect(map(400, "firstName is required")).toBe("Please provide both first and last names.");
    expect(map(400, "lastName is required")).toBe("Please provide both first and last names.");
    expect(map(400, "Something else")).toBe("Registration failed. Please try again.");
  });
});
