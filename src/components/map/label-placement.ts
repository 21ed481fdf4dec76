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
}

const SIDES: readonly MapLabelSide[] = ["right", "left", "above", "below"];

/** A rough width for a bold sans-serif name: enough to keep names apart, no font metrics at build time. */
const textWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

function place(req: LabelRequest, side: MapLabelSide): PlacedLabel {
  const gap = req.r + 5;
  const width = textWidth(req.text, req.fontSize);
  const height = req.fontSize;
  // y of the text baseline; the box spans from about one font size above it.
  switch (side) {
    case "left":
      return { side, anchor: "end", x: req.x - gap, y: req.y + height * 0.35, box: { x: req.x - gap - width, y: req.y - height * 0.65, width, height } };
    case "above":
      return { side, anchor: "middle", x: req.x, y: req.y - gap, box: { x: req.x - width / 2, y: req.y - gap - height, width, height } };
    case "below":
      return { side, anchor: "middle", x: req.x, y: req.y + gap + height * 0.8, box: { x: req.x - width / 2, y: req.y + gap - height * 0.2, width, height } };
    default:
      return { side: "right", anchor: "start", x: req.x + gap, y: req.y + height * 0.35, box: { x: req.x + gap, y: req.y - height * 0.65, width, height } };
  }
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (a: Box, frame: Box) => a.x >= frame.x && a.y >= frame.y && a.x + a.width <= frame.x + frame.width && a.y + a.height <= frame.y + frame.height;

/**
 * Puts each name beside its dot: the side the content asks for when it is
 * free, else the first side that overlaps no earlier name and no dot and stays
 * inside the map, else the preferred side anyway. Requests are placed in the
 * order given, so put the most important names (the home town) first.
 */
export function placeLabels(requests: readonly LabelRequest[], frame: Box): PlacedLabel[] {
  const dots: Box[] = requests.map((q) => ({ x: q.x - q.r, y: q.y - q.r, width: 2 * q.r, height: 2 * q.r }));
  const taken: Box[] = [];
  return requests.map((req, i) => {
    const candidates = [req.preferred, ...SIDES.filter((s) => s !== req.preferred)].map((side) => place(req, side));
    const free = candidates.find(
      (c) => inside(c.box, frame) && !taken.some((t) => overlaps(t, c.box)) && !dots.some((d, j) => j !== i && overlaps(d, c.box)),
    );
    const chosen = free ?? candidates[0] ?? place(req, "right");
    taken.push(chosen.box);
    return chosen;
  });
}
