const KB = 1024;
const MB = 1024 * KB;

/** A size as people read it: "2 MB", "15.3 MB", "256 KB"; rounded up, so over a limit reads over it. */
export function sizeText(bytes: number): string {
  if (bytes >= MB) return `${Math.ceil((bytes / MB) * 10) / 10} MB`;
  return `${Math.ceil(bytes / KB)} KB`;
}

/**
 * What a file over a limit is told, with its own size: "The file must be at most 10 MB; this one
 * is 15 MB". A file not counted to its end is said to be more than what was counted.
 */
export function fileTooLargeMessage(maxBytes: number, size: number | { moreThan: number }): string {
  const was = typeof size === "number" ? sizeText(size) : `more than ${sizeText(size.moreThan)}`;
  return `The file must be at most ${sizeText(maxBytes)}; this one is ${was}`;
}
