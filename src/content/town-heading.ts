// Free of zod and Node, so pages may import it (src/pages/town-page.tsx) as well as the desk.

/** A town page's H1 when its file names none (content/locations/*.md `heading`; the desk shows it in the "Heading" field). */
export const townHeading = (town: { name: string; heading?: string }): string => town.heading ?? `Tree Service in ${town.name}, SC`;
