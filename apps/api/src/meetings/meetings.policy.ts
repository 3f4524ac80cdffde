/**
 * Deleting a meeting would orphan its applications (and letters), so it is refused while any
 * exist; the message tells the admin what to do instead. Null when deletion may go ahead.
 */
export function meetingDeletionRefusal(applicationCount: number): string | null {
  if (applicationCount <= 0) return null;
  if (applicationCount === 1) return "This meeting has 1 application. Delete it first.";
  return `This meeting has ${applicationCount} applications. Delete them first.`;
}

export const MEETING_MESSAGES = {
  notFound: "Meeting not found",
  duplicateName: "A meeting with this name already exists",
  deleted: "Meeting deleted successfully",
} as const;
