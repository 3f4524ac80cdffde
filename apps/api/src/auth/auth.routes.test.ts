import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (body: unknown) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload: body as object });

describe("register", () => {
  it("creates the account and answers with a token, userId and role", async () => {
    const res = await register({
      email: "New.User@Example.test",
      password: "abcdef",
      confirmPassword: "abcdef",
      firstName: "New",
      lastName: "User",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.role).toBe("user");
    expect(typeof body.token).toBe("string");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json()).toMatchObject({ _id: body.userId, email: "new.user@example.test", isAdmin: false });
  });

  it.each([
    [
      { email: "new.user@example.test", password: "abcdef", firstName: "A", lastName: "B" },
      409,
      "User already exists",
    ],
    [
      { email: "not-an-email", password: "abcdef", firstName: "A", lastName: "B" },
      400,
      "Invalid email address",
    ],
    [
      { email: "x@example.test", password: "abc", firstName: "A", lastName: "B" },
      400,
      "Password must be at least 6 characters long",
    ],
    [
      { email: "x@example.test", password: "abcdef", firstName: "", lastName: "B" },
      400,
      "firstName is required",
    ],
    [
      {
        email: "x@example.test",
        password: "abcdef",
        confirmPassword: "abcdeg",
        firstName: "A",
        lastName: "B",
      },
      400,
      "Passwords do not match",
    ],
  ])("refuses %j with %i", async (body, status, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describe("login", () => {
  it("answers a token for the right password, and distinct messages otherwise", async () => {
    const { user } = await buildUser(t.app);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email.toUpperCase(), password: FACTORY_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Incorrect password");
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.test", password: "whatever" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("User not found");
  });

  it("refuses malformed JSON with 400 and a message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{bad",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON");
  });
});

describe("sessions", () => {
  it("a password change ends older sessions and the answer carries a working one", async () => {
    const { auth } = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: auth,
      payload: { currentPassword: FACTORY_PASSWORD, newPassword: "brand-new" },
    });
    expect(res.statusCode).toBe(200);
    const old = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("a wrong current password is refused naming its field, and changes nothing", async () => {
    const { auth } = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: auth,
      payload: { currentPassword: "not-the-password", newPassword: "brand-new" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Current password is incorrect", fields: ["currentPassword"] });
    const still = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth });
    expect(still.statusCode).toBe(200);
  });

  it("refresh gives a new token for a valid session and 401 without one", async () => {
    const { auth } = await buildUser(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().expiresAt).toBeTruthy();
    const anon = await t.app.inject({ method: "POST", url: "/api/auth/refresh" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe("Session expired. Please log in again.");
  });
});
