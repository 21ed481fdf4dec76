/**
 * Turns latitude/longitude into SVG coordinates for the service-area map. An
 * equirectangular projection scaled by the cosine of the middle latitude: over
 * the 50 miles the map covers it is true to within a fraction of a percent,
 * so distances drawn (the rings around the home town) are honest.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface Projection {
  width: number;
  height: number;
  /** SVG x and y of a point. */
  point: (p: LatLng) => { x: number; y: number };
  /** SVG units per statute mile. */
  perMile: number;
}

const MILES_PER_DEGREE_LATITUDE = 69.05;

/** A projection that fits every point with `padding` SVG units around them, `width` units wide. */
export function fitProjection(points: readonly LatLng[], width: number, padding: number): Projection {
  if (points.length === 0) throw new Error("fitProjection needs at least one point");
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const squeeze = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * squeeze, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const scale = (width - 2 * padding) / spanX;
  const height = Math.round(spanY * scale + 2 * padding);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width,
    height,
    point: (p) => ({ x: round(padding + (p.longitude - minLng) * squeeze * scale), y: round(padding + (maxLat - p.latitude) * scale) }),
    perMile: scale / MILES_PER_DEGREE_LATITUDE,
  };
}

/** Straight-line miles between two points (haversine), for "12 miles from Chapin". */
export function milesBetween(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}
