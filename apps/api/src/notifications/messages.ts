import { formatDayLong, todayUtc } from "@visa/domain";

export interface MessageSubject {
  applicationId: string;
  firstName: string;
  lastName: string;
  meetingName: string;
  meetingLocation: string;
  meetingStartDate: string;
  meetingEndDate: string;
}

export interface Message {
  subject: string;
  text: string;
}

/** A message the secretariat wrote to the applicant in the portal, and when. */
export interface SecretariatMessage {
  text: string;
  sentAt: Date;
}

/**
 * Text a user typed, as one line of data: line and paragraph breaks become spaces and it is cut
 * short, so it can never start a paragraph that reads as the portal's own words.
 */
export function oneLine(text: string, max = 100): string {
  const line = text
    .replace(/[\r\n\u0085\u2028\u2029\t\v\f]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const greeting = (s: MessageSubject) => `Dear ${oneLine(`${s.firstName} ${s.lastName}`)},`;
const meetingLine = (s: MessageSubject) =>
  `${s.meetingName} (${s.meetingLocation}, ${formatDayLong(s.meetingStartDate)} to ${formatDayLong(s.meetingEndDate)})`;
const link = (publicUrl: string, s: MessageSubject) => `${publicUrl}/applications/${s.applicationId}`;
const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
const dated = (m: SecretariatMessage) => `Sent on ${formatDayLong(todayUtc(m.sentAt))}:\n${quoted(m.text)}`;

/** Said whenever a request's letter was taken back, so no one travels with it. */
const LETTER_WITHDRAWN = "The letter issued earlier for this request is no longer valid.";

/**
 * The secretariat's messages a mail carries besides its own news (they could not be mailed when
 * they were written), each quoted with its day: none, no paragraph.
 */
function carriedMessages(messages: SecretariatMessage[]): string[] {
  if (messages.length === 0) return [];
  return [
    messages.length === 1
      ? "The secretariat has also sent you a message about this request:"
      : "The secretariat has also sent you these messages about this request:",
    ...messages.map(dated),
  ];
}

/** Confirms that a request arrived. */
export function requestReceived(
  s: MessageSubject,
  publicUrl: string,
  sender: string,
  messages: SecretariatMessage[] = [],
): Message {
  return {
    subject: `We received your visa letter request for ${s.meetingName}`,
    text: [
      greeting(s),
      `We have received your request for a visa invitation letter for ${meetingLine(s)}.`,
      ...carriedMessages(messages),
      `We will e-mail you when it has been reviewed. You can follow it here:\n${link(publicUrl, s)}`,
      sender,
    ].join("\n\n"),
  };
}

/** The request was approved: the letter travels as an attachment. */
export function letterReady(
  s: MessageSubject,
  publicUrl: string,
  sender: string,
  messages: SecretariatMessage[] = [],
): Message {
  return {
    subject: `Your visa invitation letter for ${s.meetingName}`,
    text: [
      greeting(s),
      `Your request for a visa invitation letter for ${meetingLine(s)} has been approved. The letter is attached to this message as a PDF.`,
      "The letter is digitally signed. Consular officers can confirm it is genuine with the link and QR code printed on it.",
      ...carriedMessages(messages),
      `You can also download it again at any time:\n${link(publicUrl, s)}`,
      sender,
    ].join("\n\n"),
  };
}

/** A detail printed on the approved letter changed: the new letter replaces the old one. */
export function letterReplaced(
  s: MessageSubject,
  publicUrl: string,
  sender: string,
  messages: SecretariatMessage[] = [],
): Message {
  return {
    subject: `Your visa invitation letter for ${s.meetingName} has been replaced`,
    text: [
      greeting(s),
      `Details printed on your visa invitation letter for ${meetingLine(s)} have changed, so we have issued a new letter with a new reference. It is attached to this message as a PDF.`,
      "The earlier letter is no longer valid. Please use only the new one.",
      ...carriedMessages(messages),
      `You can also download it again at any time:\n${link(publicUrl, s)}`,
      sender,
    ].join("\n\n"),
  };
}

/** The request's status changed to something other than approved. */
export function statusChanged(
  s: MessageSubject,
  from: string,
  to: string,
  publicUrl: string,
  sender: string,
  reason = "",
  messages: SecretariatMessage[] = [],
): Message {
  const explanation =
    to === "Rejected"
      ? "We are sorry, but we cannot issue a visa invitation letter for this request. If you think this is a mistake, please contact the meeting's organisers."
      : "Your request is being reviewed again. We will e-mail you when the review is complete.";
  const withdrawn = from === "Approved" ? [LETTER_WITHDRAWN] : [];
  return {
    subject: `Your visa letter request for ${s.meetingName} is now ${to}`,
    text: [
      greeting(s),
      `The status of your request for a visa invitation letter for ${meetingLine(s)} changed from ${from} to ${to}.`,
      explanation,
      ...(reason ? [`The reason given: ${oneLine(reason, 500)}`] : []),
      ...withdrawn,
      ...carriedMessages(messages),
      `Details:\n${link(publicUrl, s)}`,
      sender,
    ].join("\n\n"),
  };
}

/**
 * A message from the secretariat about the request; with `changesRequested`, a request to correct
 * it (with `letterWithdrawn`, of an approved one, whose letter it took back). The admin's words are
 * quoted as such, after the portal's own sentence.
 */
export function adminMessage(
  s: MessageSubject,
  text: string,
  changesRequested: boolean,
  publicUrl: string,
  sender: string,
  messages: SecretariatMessage[] = [],
  letterWithdrawn = false,
): Message {
  const intro = changesRequested
    ? `The secretariat asks you to correct your request for a visa invitation letter for ${meetingLine(s)}. You can edit it again until it has been corrected.`
    : `The secretariat has sent you a message about your request for a visa invitation letter for ${meetingLine(s)}.`;
  return {
    subject: changesRequested
      ? `Please correct your visa letter request for ${s.meetingName}`
      : `A message about your visa letter request for ${s.meetingName}`,
    text: [
      greeting(s),
      intro,
      ...(letterWithdrawn ? [LETTER_WITHDRAWN] : []),
      `The message:\n${quoted(text)}`,
      ...carriedMessages(messages),
      `Your request:\n${link(publicUrl, s)}`,
      sender,
    ].join("\n\n"),
  };
}

/**
 * The secretariat's messages not mailed yet, in one mail: one reads as its own mail did; several
 * (written while the address could not be mailed) are quoted in order, each with its day.
 */
export function secretariatMessages(
  s: MessageSubject,
  messages: SecretariatMessage[],
  publicUrl: string,
  sender: string,
): Message {
  const [only] = messages;
  if (only && messages.length === 1) return adminMessage(s, only.text, false, publicUrl, sender);
  return {
    subject: `Messages about your visa letter request for ${s.meetingName}`,
    text: [
      greeting(s),
      `The secretariat has sent you messages about your request for a visa invitation letter for ${meetingLine(s)}.`,
      ...messages.map(dated),
      `Your request:\n${link(publicUrl, s)}`,
      sender,
    ].join("\n\n"),
  };
}
