import type { NeighboursDto } from "@visa/domain";
import { useEffect, useState } from "react";
import type { ListPlace } from "../../../../lib/list-query";
import { useNeighbours } from "../../api/history";

/**
 * Where the request sits in the admin list its page was opened from: `listedNow` while it is in
 * that list, its previous and next, and `nextNow()` for the next one as the list stands at that
 * moment.
 */
export function useListNeighbours(id: string, listed: (ListPlace & { meetingId: string }) | null) {
  const neighbours = useNeighbours(id, listed);
  // A decision made here may take the request out of the filtered list (Approve on Pending); it
  // then keeps the neighbours and place it had in the list, so the reviewer walks on from there.
  const listedNow = neighbours.data && neighbours.data.position > 0 ? neighbours.data : null;
  const [lastListed, setLastListed] = useState<NeighboursDto | null>(null);
  useEffect(() => {
    if (listedNow) setLastListed(listedNow);
  }, [listedNow]);
  const around = listedNow ?? lastListed;
  const next = around?.next ?? null;

  /**
   * The next request as the list stands now: the one shown as next may have been decided by
   * someone else (and left the list) since the page opened.
   */
  const nextNow = async () => {
    const fresh = listed ? (await neighbours.refetch()).data : undefined;
    return fresh && fresh.position > 0 ? fresh.next : next;
  };

  return { listedNow, position: around?.position ?? 0, previous: around?.previous ?? null, next, nextNow };
}
