import type { ApplicationStatus, NeighboursDto } from "@visa/domain";
import { useEffect, useState } from "react";
import type { ListPlace } from "../../../../lib/list-query";
import { useNeighbours } from "../../api/history";

type Around = Pick<NeighboursDto, "previous" | "next">;

/**
 * The requests on either side: the server's answer, which for a request no longer in the list
 * names those around where it would be; the ones it had while listed when the answer names none
 * (it is in no list: deleted, say).
 */
function aroundOf(answer: NeighboursDto | undefined, lastListed: NeighboursDto | null): Around {
  if (answer && (answer.position > 0 || answer.previous || answer.next)) return answer;
  return lastListed ?? { previous: null, next: null };
}

/**
 * Where the request sits in the admin list its page was opened from: `listedNow` while it is in
 * that list, its previous and next, and `neighboursNow()` for them as the list stands at that
 * moment. `seenStatus`, the status it had when the page opened, keeps it where it stood in a list
 * sorted by status after a decision here (Approve on Pending would sort it among the Approved).
 */
export function useListNeighbours(
  id: string,
  listed: (ListPlace & { meetingId: string }) | null,
  seenStatus: ApplicationStatus,
) {
  const neighbours = useNeighbours(id, listed, seenStatus);
  // A decision made here may take the request out of the filtered list (Approve on Pending): Back
  // then keeps the place it had in the list.
  const listedNow = neighbours.data && neighbours.data.position > 0 ? neighbours.data : null;
  const [lastListed, setLastListed] = useState<NeighboursDto | null>(null);
  useEffect(() => {
    if (listedNow) setLastListed(listedNow);
  }, [listedNow]);
  const { previous, next } = aroundOf(neighbours.data, lastListed);

  /**
   * The previous and next request as the list stands now, asked when the reviewer moves (Next,
   * Previous, their keys, '& next'): since the page opened someone else may have decided the one
   * shown (it left the list) or new requests may have come.
   */
  const neighboursNow = async (): Promise<Around> => {
    if (!listed) return { previous, next };
    const fresh = await neighbours.refetch();
    return fresh.isError ? { previous, next } : aroundOf(fresh.data, listedNow ?? lastListed);
  };

  return {
    listedNow,
    position: listedNow?.position ?? lastListed?.position ?? 0,
    previous,
    next,
    neighboursNow,
  };
}
