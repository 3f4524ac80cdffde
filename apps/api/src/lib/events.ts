import { EventEmitter } from "node:events";

/** What happened to applications and accounts, emitted after the change is committed. */
/** An application's change of status. */
export interface StatusChange {
  applicationId: string;
  from: string;
  to: string;
}

export interface DomainEvents {
  "application.created": [{ applicationId: string; actorId: string | null }];
  "application.updated": [{ applicationId: string; actorId: string; from: string; to: string }];
  "application.deleted": [{ applicationId: string }];
  /**
   * Many applications decided at once (an import that created them Approved or Rejected, a bulk
   * decision on the review desk): each goes as one decision goes, in turn (thousands of
   * `application.updated` at once held every other request up).
   */
  "applications.decided": [{ actorId: string; decided: StatusChange[] }];
  /** A printed field of an approved application changed: its letter was revoked, a new one is due. */
  "letter.superseded": [{ applicationId: string }];
  /** An account's address was proved (its link, a completed reset, an admin creating it): mail may go to it now. */
  "email.verified": [{ userId: string }];
}

/**
 * A typed in-process event bus. Listeners (mail, letters) run after the request's change is saved;
 * a failing listener is logged and never fails the request that emitted.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor(private readonly onError: (err: unknown, event: string) => void) {}

  on<K extends keyof DomainEvents>(event: K, listener: (...args: DomainEvents[K]) => Promise<void> | void) {
    this.emitter.on(event, (...args: DomainEvents[K]) => {
      Promise.resolve()
        .then(() => listener(...args))
        .catch((err) => this.onError(err, event));
    });
  }

  emit<K extends keyof DomainEvents>(event: K, ...args: DomainEvents[K]): void {
    this.emitter.emit(event, ...args);
  }
}
