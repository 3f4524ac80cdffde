/** Status compared case-insensitively (spec §4). */
export function normalStatus(status: string): "pending" | "approved" | "rejected" | "other" {
  const s = status.trim().toLowerCase();
  return s === "pending" || s === "approved" || s === "rejected" ? s : "other";
}

/** "pending" -> "Pending": statuses show with a capital first letter. */
export function statusLabel(status: string): string {
  const s = status.trim().toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Row tint: pending yellow, rejected red, approved green; a request its applicant withdrew is
 * grey, not red: the secretariat did not reject it.
 */
export function statusRowClass(status: string, withdrawn = false): string {
  if (withdrawn) return "bg-gray-50";
  switch (normalStatus(status)) {
    case "pending":
      return "bg-yellow-50";
    case "approved":
      return "bg-green-50";
    case "rejected":
      return "bg-red-50";
    default:
      return "bg-white";
  }
}

export function statusBadgeClass(status: string): string {
  switch (normalStatus(status)) {
    case "pending":
      return "bg-yellow-100 text-yellow-900 ring-yellow-300";
    case "approved":
      return "bg-green-100 text-green-900 ring-green-300";
    case "rejected":
      return "bg-red-100 text-red-900 ring-red-300";
    default:
      return "bg-gray-100 text-gray-800 ring-gray-300";
  }
}
