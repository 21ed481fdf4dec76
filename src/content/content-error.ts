import type { z } from "zod";

/** One problem in one content file, printed as `file: field: problem`. */
export interface ContentProblem {
  file: string;
  field: string;
  problem: string;
}

/** Thrown by loaders; the build prints every problem and exits non-zero. */
export class ContentError extends Error {
  readonly problems: ContentProblem[];

  constructor(problems: ContentProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "ContentError";
    this.problems = problems;
  }
}

export const formatProblem = (p: ContentProblem): string => `${p.file}: ${p.field}: ${p.problem}`;

/** Turns zod issues into problems naming the file and the dotted field path. */
export function problemsFromZod(file: string, error: z.ZodError): ContentProblem[] {
  return error.issues.map((issue) => ({
    file,
    field: issue.path.length > 0 ? issue.path.join(".") : "(file)",
    problem: issue.message,
  }));
}

/** Parses `data` with `schema` or throws a ContentError naming `file`. */
export function parseContent<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ContentError(problemsFromZod(file, result.error));
  return result.data;
}

/**
 * True for a ContentError from any copy of this module: the build loads the
 * server bundle, whose ContentError is not the class build.ts imports.
 */
export function isContentError(err: unknown): err is ContentError {
  return err instanceof Error && err.name === "ContentError" && "problems" in err && Array.isArray(err.problems);
}
