import type { MapLabelSide } from "./map-types";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLabel {
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  side: MapLabelSide;
  box: Box;
}

export interface LabelRequest {
  x: number;
  y: number;
  /** Dot radius. */
  r: number;
  text: string;
  fontSize: number;
  preferred: MapLabelSide;
  /** For placeFittingLabels: placed even when crowded (the home town, this page's town). */
  required?: boolean;
}

const SIDES: readonly MapLabelSide[] = ["right", "left", "above", "below"];

/**
 * A rough width for a bold sans-serif name, no font metrics at build time: on
 * the upper side (Chromium draws the map's names 0.55-0.70 em a letter), so
 * that names kept apart here are apart on screen (tests/service-area-map.test.ts).
 */
const textWidth = (text: string, fontSize: number) => text.length * fontSize * 0.7;
/**
 * The letters' height above and below the baseline, in em: capitals and
 * descenders, not the line's spacing (the browser's text box adds about 0.1 em
 * above and below, which may touch a neighbour's without the letters touching).
 */
const ASCENT = 0.8;
const DESCENT = 0.22;

/** Above or below a dot, a name is centred on it, or starts or ends at its edge (for a crowded spot). */
type Align = "middle" | "start" | "end";

function place(req: LabelRequest, side: MapLabelSide, align: Align = "middle"): PlacedLabel {
  const gap = req.r + 5;
  const width = textWidth(req.text, req.fontSize);
  const em = req.fontSize;
  // The text's baseline; its box spans the letters, from ASCENT above it to DESCENT below.
  const at = (anchor: PlacedLabel["anchor"], x: number, baseline: number, left: number): PlacedLabel => ({
    side,
    anchor,
    x,
    y: baseline,
    box: { x: left, y: baseline - ASCENT * em, width, height: (ASCENT + DESCENT) * em },
  });
  const across = { middle: { x: req.x, left: req.x - width / 2 }, start: { x: req.x - req.r, left: req.x - req.r }, end: { x: req.x + req.r, left: req.x + req.r - width } }[align];
  switch (side) {
    case "left":
      return at("end", req.x - gap, req.y + em * 0.35, req.x - gap - width);
    case "above":
      return at(align, across.x, req.y - gap, across.left);
    case "below":
      return at(align, across.x, req.y + gap + em * 0.8, across.left);
    default:
      return at("start", req.x + gap, req.y + em * 0.35, req.x + gap);
  }
}

/** Every spot tried for a name, in order: each side (the preferred first), above and below centred before shifted. */
const spots = (req: LabelRequest) =>
  [req.preferred, ...SIDES.filter((s) => s !== req.preferred)].flatMap((side) =>
    side === "above" || side === "below" ? (["middle", "start", "end"] as const).map((align) => place(req, side, align)) : [place(req, side)],
  );

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (a: Box, frame: Box) => a.x >= frame.x && a.y >= frame.y && a.x + a.width <= frame.x + frame.width && a.y + a.height <= frame.y + frame.height;

const dotBoxes = (requests: readonly LabelRequest[]): Box[] => requests.map((q) => ({ x: q.x - q.r, y: q.y - q.r, width: 2 * q.r, height: 2 * q.r }));

/** The first spot (see spots) that overlaps no name already placed and no other dot and stays inside the map. */
function freeSpot(req: LabelRequest, i: number, frame: Box, dots: readonly Box[], taken: readonly Box[]): PlacedLabel | undefined {
  return spots(req).find((c) => inside(c.box, frame) && !taken.some((t) => overlaps(t, c.box)) && !dots.some((d, j) => j !== i && overlaps(d, c.box)));
}

/**
 * Puts each name beside its dot: the side the content asks for when it is
 * free, else the first free spot (see freeSpot), else the preferred side anyway.
 * Requests are placed in the order given, so put the most important names (the
 * home town) first.
 */
export function placeLabels(requests: readonly LabelRequest[], frame: Box): PlacedLabel[] {
  const dots = dotBoxes(requests);
  const taken: Box[] = [];
  return requests.map((req, i) => {
    const chosen = freeSpot(req, i, frame, dots, taken) ?? place(req, req.preferred);
    taken.push(chosen.box);
    return chosen;
  });
}

/**
 * As placeLabels, but a name with no free side is left out (null) instead of
 * overlapping, unless it is `required`: for large type on a small map, where
 * only some names fit.
 */
export function placeFittingLabels(requests: readonly LabelRequest[], frame: Box): (PlacedLabel | null)[] {
  const dots = dotBoxes(requests);
  const taken: Box[] = [];
  return requests.map((req, i) => {
    const chosen = freeSpot(req, i, frame, dots, taken) ?? (req.required ? place(req, req.preferred) : null);
    if (chosen) taken.push(chosen.box);
    return chosen;
  });
}
