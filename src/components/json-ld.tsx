import { jsonLdText } from "../app/structured-data";

/** Structured data for search engines; build `data` with the functions in src/app/structured-data.ts. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
