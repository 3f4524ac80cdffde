import type { ApplicationDto, MeetingDto } from "@visa/domain";

export const meeting: MeetingDto = {
  _id: "5f0c1f5e-7a2b-4c3d-9e8f-0a1b2c3d4e5f",
  name: "Dallas 2030",
  location: "Dallas, TX",
  startDate: "2030-03-02T00:00:00.000Z",
  endDate: "2030-03-06T00:00:00.000Z",
  isActive: true,
  pickUpOffered: false,
  pickUpPlace: "",
  reviewDays: null,
};

/** The signed-in applicant, as GET /api/auth/me answers. */
export const me = {
  _id: "u1",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: "Silva",
  isAdmin: false,
  role: "user",
  emailVerified: true,
};

/** An application as the server presents it. */
export function applicationDto(over: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    _id: "a1",
    userId: {
      _id: "u1",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.org",
      emailVerified: true,
    },
    meeting,
    firstName: "Ana",
    lastName: "Silva",
    email: "ana@example.com",
    birthdate: "1990-01-31T00:00:00.000Z",
    gender: "Female",
    passportNumber: "X1234567",
    passportIssuingCountry: "BR",
    passportExpirationDate: "2032-05-01T00:00:00.000Z",
    dateOfArrival: "2030-03-01T00:00:00.000Z",
    dateOfDeparture: "2030-03-07T00:00:00.000Z",
    companyName: "Acme",
    position: "Engineer",
    companyMailingAddress1: "Rua A 1",
    companyMailingAddress2: "",
    city: "São Paulo",
    state: "SP",
    postalCode: "01000-000",
    country: "BR",
    phone: "+55 11 5555 5555",
    fax: "",
    hotelName: "",
    hotelConfirmation: "",
    additionalInformation: "",
    pickUpInOrlando: false,
    visaAppointmentDate: null,
    withdrawnAt: null,
    letterEmailed: false,
    letterEmailedDate: null,
    hardCopyMailed: false,
    hardCopyMailedDate: null,
    addressToMailHardCopy: "",
    additionalDocumentation: [],
    status: "Pending",
    createdAt: "2030-01-05T15:00:00.000Z",
    updatedAt: "2030-01-05T15:00:00.000Z",
    lastUpdatedBy: null,
    ...over,
  };
}
