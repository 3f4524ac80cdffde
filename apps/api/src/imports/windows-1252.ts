// Bytes 0x80-0x9F of Windows-1252, where it differs from Latin-1 (the five it leaves undefined
// stay as they are). Node's TextDecoder("windows-1252") decodes them as Latin-1 control
// characters, which would turn the euro sign and curly quotes of old spreadsheets into garbage.
const HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/** Text of a Windows-1252 file, as older spreadsheets save "CSV". */
export function decodeWindows1252(data: Buffer): string {
  return data.toString("latin1").replace(/[\u0080-\u009f]/g, (c) => HIGH[c.charCodeAt(0) - 0x80] ?? c);
}
