/** A desk form's fields as posted (urlencoded: a repeated name is a list): one value, trimmed, or every value. */
export interface PostedFields {
  one(name: string): string;
  many(name: string): string[];
  /** Whether any field's name starts with `prefix` (a row of a list: "hours.2."). */
  has(prefix: string): boolean;
}

const textOf = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

export function postedFields(body: unknown): PostedFields {
  const fields: Record<string, unknown> = typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body } : {};
  return {
    one(name) {
      const value = fields[name];
      return (Array.isArray(value) ? textOf(value[0]) : textOf(value)).trim();
    },
    many(name) {
      const value = fields[name];
      return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(textOf);
    },
    has: (prefix) => Object.keys(fields).some((key) => key.startsWith(prefix)),
  };
}
