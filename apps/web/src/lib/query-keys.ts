/**
 * Every TanStack Query key of the app, in one place: a mutation invalidates by the same prefix a
 * query was cached under, so the two cannot drift apart.
 */
export const queryKeys = {
  me: ["auth", "me"] as const,
  verifyEmail: (token: string) => ["auth", "verify-email", token] as const,
  applications: ["applications"] as const,
  myApplications: ["applications", "mine"] as const,
  application: (id: string) => ["applications", "detail", id] as const,
  adminApplications: (q: unknown) => ["applications", "admin", q] as const,
  applicationHistory: (id: string) => ["applications", "history", id] as const,
  unseenMessages: ["applications", "unseen-messages"] as const,
  applicationNeighbours: (q: unknown) => ["applications", "neighbours", q] as const,
  rejectionReasons: ["rejection-reasons"] as const,
  applicationStats: (meetingId: string | null | undefined) => ["applications", "stats", meetingId] as const,
  meetings: ["meetings"] as const,
  allMeetings: ["meetings", "all"] as const,
  activeMeetings: ["meetings", "active"] as const,
  users: ["users"] as const,
  userList: (q: unknown) => ["users", q] as const,
  purge: ["purge"] as const,
  purgePreview: ["purge", "preview"] as const,
  organisation: ["letters", "organisation"] as const,
  letterTemplate: (meetingId: string) => ["letters", "template", meetingId] as const,
  verifyLetter: (reference: string) => ["letters", "verify", reference] as const,
};
