/** A name usable as a file name on every system, keeping letters of any script. */
export function safeFileName(s: string, fallback = "file"): string {
  return s.replace(/[\\/:*?"<>|\s]+/g, "-").replace(/^-+|-+$/g, "") || fallback;
}
