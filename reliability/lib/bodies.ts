import type { FieldKind } from "./evil.js";

/** A valid body for a route and the validated fields a bad-input run may break one at a time. */
export interface BodyShape {
  valid: Record<string, unknown>;
  /** Strictly checked fields: any value from INVALID[kind] must be refused. */
  fields: Record<string, FieldKind>;
  /** Fields of `fields` that may be left out (a default applies). */
  optional?: string[];
}

const application = (meetingId: string): BodyShape => ({
  valid: {
    meeting: meetingId,
    firstName: "Zoë",
    lastName: "Łukasiewicz",
    email: "zoe@example.org",
    birthdate: "1990-01-01T00:00:00.000Z",
    gender: "Female",
    passportNumber: "X1234567",
    passportIssuingCountry: "PL",
    passportExpirationDate: "2032-05-31T00:00:00.000Z",
    dateOfArrival: "2030-03-01T00:00:00.000Z",
    dateOfDeparture: "2030-03-08T00:00:00.000Z",
    companyName: "Example Corp",
    position: "Engineer",
    companyMailingAddress1: "1 Via Roma",
    // A country whose addresses need a State/Province, so that field is strictly checked too.
    city: "Milano",
    state: "Lombardia",
    postalCode: "20121",
    country: "IT",
    phone: "+39 02 1234 5678",
  },
  fields: {
    meeting: "uuid",
    firstName: "name",
    lastName: "name",
    email: "email",
    birthdate: "day",
    gender: "gender",
    passportIssuingCountry: "country",
    passportExpirationDate: "day",
    dateOfArrival: "day",
    dateOfDeparture: "day",
    companyName: "text",
    position: "text",
    companyMailingAddress1: "text",
    city: "text",
    state: "text",
    postalCode: "text",
    country: "country",
  },
});

const meeting: BodyShape = {
  valid: {
    name: "Plenary",
    startDate: "2030-03-01",
    endDate: "2030-03-05",
    location: "Geneva",
    isActive: true,
  },
  fields: { name: "text", startDate: "day", endDate: "day", location: "text", isActive: "bool" },
  optional: ["isActive"],
};

/**
 * Bodies of routes keyed "METHOD /pattern". Routes absent here get a generic body made of every
 * known field; it is only ever sent broken, so it is refused whatever the route expects.
 */
export function bodyShapes(activeMeetingId: string): Record<string, BodyShape> {
  return {
    "POST /api/auth/register": {
      valid: {
        email: "new@example.org",
        password: "secret123",
        confirmPassword: "secret123",
        firstName: "A",
        lastName: "B",
      },
      fields: { email: "email", password: "password", firstName: "name", lastName: "name" },
    },
    "POST /api/auth/login": {
      valid: { email: "someone@example.org", password: "secret123" },
      fields: { email: "email", password: "password" },
    },
    "POST /api/auth/forgot-password": { valid: { email: "someone@example.org" }, fields: { email: "email" } },
    "POST /api/auth/reset-password/:token": {
      valid: { password: "secret123" },
      fields: { password: "password" },
    },
    "POST /api/auth/change-password": {
      valid: { currentPassword: "secret123", newPassword: "secret456" },
      fields: { currentPassword: "password", newPassword: "password" },
    },
    "POST /api/applications": application(activeMeetingId),
    "PUT /api/applications/:id": application(activeMeetingId),
    "POST /api/users": {
      valid: {
        email: "created@example.org",
        password: "secret123",
        firstName: "A",
        lastName: "B",
        isAdmin: false,
      },
      fields: { email: "email", password: "password", firstName: "name", lastName: "name", isAdmin: "bool" },
      optional: ["isAdmin"],
    },
    "PUT /api/users/:id": {
      valid: { firstName: "A", lastName: "B", email: "a@example.org" },
      fields: { firstName: "name", lastName: "name", email: "email" },
    },
    "PUT /api/users/:id/role": { valid: { isAdmin: true }, fields: { isAdmin: "bool" } },
    "PUT /api/users/:id/password": { valid: { password: "secret123" }, fields: { password: "password" } },
    "POST /api/meetings": meeting,
    "PUT /api/meetings/:id": meeting,
    "PUT /api/letters/organisation": {
      valid: { name: "Org", address: "1 Street", signatoryName: "A", signatoryTitle: "B", paperSize: "A4" },
      fields: { name: "text", paperSize: "paper" },
    },
  };
}
