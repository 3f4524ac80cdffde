import { useEffect, useRef, useState } from "react";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { controlClass } from "../../../../components/FormField";
import { reasonOr } from "../../../../lib/failure-message";
import { focusDropped } from "../../../../lib/focus-dropped";
import { useReviewNote } from "../../api/history";

const KINDS = {
  notes: { label: "Add internal note", done: "Note added", hint: "Only admins see notes." },
  messages: {
    label: "Send message",
    done: "Message sent",
    hint: "The applicant sees it and gets it by e-mail.",
  },
  "request-changes": {
    label: "Request changes",
    done: "The applicant was asked to correct the request",
    hint: "The request becomes Pending and editable by the applicant, who gets the message by e-mail.",
  },
} as const;
type Kind = keyof typeof KINDS;

/** Internal notes, messages to the applicant and requests for changes, on the admin's detail page. */
export function ReviewNotes({ id }: { id: string }) {
  const [text, setText] = useState("");
  // `n` counts the answers: each one is a new live region, so the same words are read again.
  const [done, setDone] = useState<{ text: string; n: number } | null>(null);
  const [answered, setAnswered] = useState(0);
  const note = useReviewNote(id);
  const box = useRef<HTMLTextAreaElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  const send = (kind: Kind) => {
    if (!text.trim()) return;
    note.mutate(
      { kind, text },
      {
        onSuccess: () => {
          setText("");
          setDone((d) => ({ text: KINDS[kind].done, n: (d?.n ?? 0) + 1 }));
        },
        onSettled: () => setAnswered((n) => n + 1),
      },
    );
  };
  // Sent, the box is emptied and the pressed button disabled, which drops keyboard focus to the
  // page's top: it goes back to the box, for the next text.
  useEffect(() => {
    if (answered > 0 && focusDropped(buttons.current)) box.current?.focus();
  }, [answered]);
  return (
    <section
      aria-labelledby="review-notes-title"
      className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="review-notes-title" className="text-lg font-semibold text-gray-900">
        Notes and messages
      </h2>
      {/* Named for what it takes, and described by who sees each kind: tabbing into the box reads
          neither the section's heading nor the line under it. */}
      <label htmlFor="review-note-text" className="block text-sm font-medium text-gray-800">
        Note or message
      </label>
      <textarea
        id="review-note-text"
        aria-describedby="review-note-kinds"
        ref={box}
        className={controlClass}
        rows={3}
        maxLength={5000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p id="review-note-kinds" className="text-xs text-gray-600">
        {Object.values(KINDS)
          .map((k) => `${k.label}: ${k.hint}`)
          .join(" ")}
      </p>
      <div ref={buttons} className="flex flex-wrap gap-2">
        {(Object.keys(KINDS) as Kind[]).map((k) => (
          <Button
            key={k}
            size="sm"
            variant={k === "notes" ? "secondary" : "primary"}
            disabled={!text.trim()}
            busy={note.isPending}
            onClick={() => send(k)}
          >
            {KINDS[k].label}
          </Button>
        ))}
      </div>
      {done && (
        <Banner key={done.n} kind="success" onDismiss={() => setDone(null)}>
          {done.text}
        </Banner>
      )}
      {note.isError && (
        <Banner kind="error">{reasonOr(note.error, "Nothing was saved; please try again")}</Banner>
      )}
    </section>
  );
}
