import { describe, expect, it } from "vitest";
import { placeFittingLabels, placeLabels } from "./label-placement";
import { fitProjection, milesBetween } from "./projection";

const chapin = { latitude: 34.1657, longitude: -81.3496 };
const columbia = { latitude: 34.0007, longitude: -81.0348 };

describe("service-area map projection", () => {
  it("fits every point inside the padding, north up and east right", () => {
    const p = fitProjection([chapin, columbia], 800, 50);
    const a = p.point(chapin);
    const b = p.point(columbia);
    for (const { x, y } of [a, b]) {
      expect(x).toBeGreaterThanOrEqual(50);
      expect(x).toBeLessThanOrEqual(750);
      expect(y).toBeGreaterThanOrEqual(50);
      expect(y).toBeLessThanOrEqual(p.height - 50);
    }
    expect(b.x).toBeGreaterThan(a.x); // Columbia is east of Chapin
    expect(b.y).toBeGreaterThan(a.y); // and south
  });

  it("keeps distances true: the drawn distance matches the miles", () => {
    const p = fitProjection([chapin, columbia], 800, 50);
    const a = p.point(chapin);
    const b = p.point(columbia);
    const drawnMiles = Math.hypot(b.x - a.x, b.y - a.y) / p.perMile;
    // About 21 miles as the crow flies.
    expect(milesBetween(chapin, columbia)).toBeGreaterThan(20);
    expect(milesBetween(chapin, columbia)).toBeLessThan(23);
    expect(Math.abs(drawnMiles - milesBetween(chapin, columbia))).toBeLessThan(0.3);
  });
});

describe("label placement", () => {
  const frame = { x: 0, y: 0, width: 400, height: 200 };
  const label = (x: number, text: string, preferred: "right" | "left" = "right") => ({ x, y: 100, r: 6, text, fontSize: 16, preferred });

  it("takes the preferred side when it is free", () => {
    expect(placeLabels([label(100, "Irmo")], frame)[0]?.side).toBe("right");
  });

  it("moves names so that close towns' names do not overlap", () => {
    const cluster = [label(150, "West Columbia"), { ...label(160, "Cayce"), y: 112 }, { ...label(175, "Columbia"), y: 95 }];
    const placed = placeLabels(cluster, frame);
    const boxes = placed.map((p) => p.box);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (!a || !b) continue;
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap, `${cluster[i]?.text} / ${cluster[j]?.text}`).toBe(false);
      }
  });

  it("keeps names inside the map", () => {
    expect(placeLabels([label(390, "Blythewood")], frame)[0]?.side).toBe("left");
  });

  it("leaves out a name that has no free side when asked to fit, unless it is required", () => {
    // A strip too low for names above or below; the third name overlaps one of the others on either side.
    const strip = { x: 0, y: 0, width: 400, height: 30 };
    const row = [{ ...label(100, "Irmo"), y: 15 }, { ...label(300, "Cayce", "left"), y: 15 }, { ...label(200, "Lexington"), y: 15 }];
    expect(placeFittingLabels(row, strip).map((p) => p?.side ?? null)).toEqual(["right", "left", null]);
    const [irmo, cayce, lexington] = row;
    if (!irmo || !cayce || !lexington) throw new Error("three towns");
    expect(placeFittingLabels([irmo, cayce, { ...lexington, required: true }], strip)[2]?.side).toBe("right");
  });
});
