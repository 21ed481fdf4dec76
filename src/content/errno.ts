/** Whether `error` is a Node system error with one of `codes` ("ENOENT", "EEXIST", ...): the one check the content loader, the build and the stores share. */
export function isErrno(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && "code" in error && typeof error.code === "string" && codes.includes(error.code);
}
