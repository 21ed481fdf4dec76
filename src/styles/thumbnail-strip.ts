import { vars } from "./theme.css";

/**
 * A row of square photo thumbnails that wraps: three or four across a phone, more on a wide
 * screen. One for the contact form's picked photos (src/components/photo-picker.css.ts) and the
 * desk's message photos (src/desk/screens/message-photos.css.ts); plain style data, each adds its margin.
 */
export const thumbnailStrip = {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(5.5rem, 1fr))",
  gap: vars.space.sm,
  padding: 0,
  listStyle: "none",
} as const;
