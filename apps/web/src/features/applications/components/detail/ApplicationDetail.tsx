import { type ApplicationDto, canEditApplication } from "@visa/domain";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Banner } from "../../../../components/Banner";
import { Button } from "../../../../components/Button";
import { Spinner } from "../../../../components/Spinner";
import { ApiError } from "../../../../lib/api-client";
import { formatDateEastern } from "../../../../lib/dates";
import { listPlaceQuery, listReturnState, readListPlace } from "../../../../lib/list-query";
import { useDetailTitle } from "../../../../lib/page-title";
import { useSession } from "../../../../lib/use-session";
import { useApplication } from "../../api/application";
import { hasEditDraft } from "../../lib/use-edit-draft";
import { ApplicationHistory } from "../ApplicationHistory";
import { NextSteps } from "../NextSteps";
import { ReviewBar } from "../review/ReviewBar";
import { ReviewNotes } from "../review/ReviewNotes";
import { UnverifiedOwnerNotice } from "../review/UnverifiedOwnerNotice";
import { WarningsSection } from "../review/WarningsSection";
import { normalStatus } from "../status";
import { ApplicationEditForm } from "./ApplicationEditForm";
import { ApplicationView } from "./ApplicationView";
import { ApprovedBanner } from "./ApprovedBanner";
import { ChangesRequestedBanner } from "./ChangesRequestedBanner";
import { DocumentsSection } from "./DocumentsSection";
import { NewMessagesBanner } from "./NewMessagesBanner";
import { StatusHistory } from "./StatusHistory";
import { canWithdraw, WithdrawRequest } from "./WithdrawRequest";

export interface ApplicationDetailProps {
  id: string;
  /** Admin mode (/admin/applications/:id): admin-only fields and the way back to the admin list. */
  admin: boolean;
}

/**
 * What the tab names: the meeting for the applicant (their own name says nothing new), the
 * applicant's name and meeting for the secretariat, who keeps several requests open side by side.
 */
function tabDetail(app: ApplicationDto, admin: boolean): string | undefined {
  const meeting = app.meeting?.name;
  if (!admin) return meeting;
  const name = `${app.firstName} ${app.lastName}`.trim();
  return [name, meeting].filter(Boolean).join(", ") || undefined;
}

/** 'Application Details': view mode; Edit (when allowed) gives edit mode; Save or Cancel return. */
export function ApplicationDetail({ id, admin }: ApplicationDetailProps) {
  const session = useSession();
  const query = useApplication(id);
  useDetailTitle(query.data && tabDetail(query.data, admin));
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const location = useLocation();
  // The admin's Back, while the request loads or fails, keeps the list's place the page was opened
  // from (filters, sort, page); once it has come, the review bar's Back takes over, named the same.
  const backTo = admin ? `/admin${listPlaceQuery(readListPlace(new URLSearchParams(location.search)))}` : "/";
  const actor = { userId: session?.userId ?? "", isAdmin: session?.userRole === "admin" };
  const shown = query.data;
  const canEdit = Boolean(
    shown && canEditApplication(actor, { userId: shown.userId?._id ?? null, status: shown.status }),
  );
  // Where focus goes once the next render is on screen, as the control that had it is gone: the
  // edit form's first field after Edit, the page's heading after Save, Cancel or a withdrawal.
  const [focusNext, setFocusNext] = useState<"form" | "heading" | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusNext === "heading") headingRef.current?.focus();
    if (focusNext === "form") bodyRef.current?.querySelector<HTMLElement>("form input, form select")?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);
  // An edit this account had not saved when its session ended (or Save met a 401) opens again.
  useEffect(() => {
    if (canEdit && hasEditDraft(id, session?.userId)) setEditing(true);
  }, [canEdit, id, session?.userId]);

  const header = (actions?: ReactNode) => (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        {!(admin && query.data) && (
          <Link
            to={backTo}
            state={admin ? listReturnState(id, 0, 1) : undefined}
            className="inline-flex min-h-11 items-center text-sm text-blue-700 underline hover:text-blue-900"
          >
            <span aria-hidden="true">←</span> {admin ? "Back to the list" : "Back"}
          </Link>
        )}
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-gray-900">
          Application Details
        </h1>
      </div>
      {actions}
    </div>
  );

  if (query.isPending)
    return (
      <div className="space-y-4">
        {header()}
        <Spinner label="Loading application..." />
      </div>
    );
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-4">
        {header()}
        <Banner kind="error">{notFound ? "Application not found" : "Failed to fetch application"}</Banner>
      </div>
    );
  }

  const app = query.data;
  const ownerId = app.userId?._id ?? null;
  // Mirrors the server's document rules: owners add until rejected and remove while pending.
  const isOwner = ownerId === actor.userId;
  const reviewing = admin && actor.isAdmin;
  return (
    <div ref={bodyRef} className="space-y-4">
      {/* The heading comes first, the review bar right after it: opening the page (or Next,
          Previous) puts focus on the heading, and Tab goes on to Back, Next and the decisions. */}
      {header(
        !editing && (canEdit || (isOwner && canWithdraw(app))) ? (
          <div className="flex flex-wrap gap-2">
            {isOwner && !admin && canWithdraw(app) && (
              <WithdrawRequest app={app} onWithdrawn={() => setFocusNext("heading")} />
            )}
            {canEdit && (
              <Button
                className="min-h-11"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                  setFocusNext("form");
                }}
              >
                Edit
              </Button>
            )}
          </div>
        ) : undefined,
      )}
      {reviewing && (
        <ReviewBar
          app={app}
          decisions={!editing}
          answeredAt={Math.max(query.dataUpdatedAt, query.errorUpdatedAt)}
        />
      )}
      {saved && (
        <Banner kind="success" onDismiss={() => setSaved(false)}>
          Application updated successfully
        </Banner>
      )}
      {reviewing && <WarningsSection warnings={app.warnings} />}
      {reviewing && app.userId && !app.userId.emailVerified && <UnverifiedOwnerNotice owner={app.userId} />}
      {!reviewing && app.withdrawnAt && (
        <Banner kind="info">
          {isOwner ? "You" : "The applicant"} withdrew this request on {formatDateEastern(app.withdrawnAt)}.
        </Banner>
      )}
      {!reviewing && !app.withdrawnAt && normalStatus(app.status) === "rejected" && app.statusReason && (
        <Banner kind="info" quiet>
          Reason for the rejection: {app.statusReason}
        </Banner>
      )}
      {!reviewing && app.changesRequested && <ChangesRequestedBanner id={app._id} />}
      {!admin && isOwner && <NewMessagesBanner id={app._id} />}
      {normalStatus(app.status) === "approved" && <ApprovedBanner app={app} admin={admin && actor.isAdmin} />}
      {!admin && isOwner && !editing && <NextSteps app={app} />}
      {editing ? (
        <ApplicationEditForm
          app={app}
          admin={admin && actor.isAdmin}
          onDone={(didSave) => {
            setEditing(false);
            setSaved(didSave);
            setFocusNext("heading");
          }}
        />
      ) : (
        <ApplicationView app={app} admin={admin && actor.isAdmin} />
      )}
      {/* A document changed during an edit would make the draft's Save read as someone else's change. */}
      <DocumentsSection
        app={app}
        canUpload={!editing && (actor.isAdmin || (isOwner && normalStatus(app.status) !== "rejected"))}
        canRemove={!editing && (actor.isAdmin || (isOwner && normalStatus(app.status) === "pending"))}
      />
      {reviewing && <ReviewNotes id={app._id} />}
      {/* One history: the secretariat's whole record for admins, the applicant's own words for them. */}
      {actor.isAdmin ? <ApplicationHistory id={app._id} title="History" /> : <StatusHistory id={app._id} />}
    </div>
  );
}
