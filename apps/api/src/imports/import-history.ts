import type { DbOrTx } from "../db/client.js";
import { fieldChanges, type HistoryEventInput, recordEvents } from "../history/history.service.js";
import type { ImportedValues, ImportPlan } from "./import-plan.js";

const CHUNK = 1000;

/**
 * The import's entries in each touched application's history, in the import's transaction: a
 * created one, and for an updated one the fields the file changed.
 */
export async function recordImportHistory(
  tx: DbOrTx,
  actorId: string,
  plan: Pick<ImportPlan, "inserts" | "updates">,
  stored: Map<string, ImportedValues>,
): Promise<void> {
  const events: HistoryEventInput[] = [
    ...plan.inserts.map((a) => ({
      applicationId: a.id,
      kind: "imported" as const,
      actorId,
      text: "Created",
    })),
    ...plan.updates.map((u) => ({
      applicationId: u.id,
      kind: "imported" as const,
      actorId,
      text: "Updated",
      changes: fieldChanges(stored.get(u.id) ?? {}, u.values),
    })),
  ];
  for (let i = 0; i < events.length; i += CHUNK) await recordEvents(tx, events.slice(i, i + CHUNK));
}
