-- A request for changes that reopened an approved request used to record its letter's revocation
-- as `withdrawn`, which the admins' history read as "revoked (withdrawn)", as if the applicant had
-- withdrawn. Those entries now name their cause, `changes_requested`, as newer ones do; the letter
-- itself keeps `withdrawn`, all the verification page says.
--
-- The old request for changes wrote, in one transaction under the application's row lock: the
-- revocation (`letter_revoked`, `withdrawn`, no actor), then in one statement its status change
-- (`Approved` to `Pending`, no reason, by the admin) and the request (`changes_requested`, by the
-- same admin). No other writer puts a status change from `Approved` right after a revocation: an
-- admin's edit and an applicant's withdrawal record the status change first, and leave the request
-- Pending or Rejected, so its next status change starts from there. The history's own order
-- (clock reading, then sequence) keeps the revocation before the status change. Mail outcomes are
-- recorded without the row lock and may fall between; they are passed over.
UPDATE "application_history" AS h
SET "reason" = 'changes_requested'
FROM (
	SELECT "id", "kind", "reason",
		lead("kind") OVER w AS "kind1",
		lead("from_status") OVER w AS "from1",
		lead("to_status") OVER w AS "to1",
		lead("reason") OVER w AS "reason1",
		lead("actor_id") OVER w AS "actor1",
		lead("kind", 2) OVER w AS "kind2",
		lead("actor_id", 2) OVER w AS "actor2"
	FROM "application_history"
	WHERE "kind" NOT IN ('mail_sent', 'mail_failed')
	WINDOW w AS (PARTITION BY "application_id" ORDER BY "created_at", "seq")
) AS o
WHERE h."id" = o."id"
	AND o."kind" = 'letter_revoked' AND o."reason" = 'withdrawn'
	AND o."kind1" = 'status_changed' AND o."from1" = 'Approved' AND o."to1" = 'Pending'
	AND o."reason1" IS NULL
	AND o."kind2" = 'changes_requested' AND o."actor2" IS NOT DISTINCT FROM o."actor1";
