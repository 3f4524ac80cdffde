// The package ships no types; only the call this project makes is declared.
declare module "fs-native-extensions" {
  /** An exclusive (or shared) OS lock on an open file; false when another open file holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
}
