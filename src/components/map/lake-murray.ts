import type { LatLng } from "./projection";

/**
 * A simplified shoreline of Lake Murray (about 20 points, clockwise from the
 * Saluda River inlet in the west to the dam in the east), traced from public
 * maps. Geography rather than a business fact, so it lives beside the map that
 * draws it instead of in content/. Good to a mile or so: enough to show which
 * towns are lakeside, not for navigation.
 */
export const lakeMurrayShore: readonly LatLng[] = [
  [34.103, -81.655],
  [34.118, -81.6],
  [34.112, -81.56],
  [34.132, -81.515],
  [34.118, -81.47],
  [34.142, -81.43],
  [34.128, -81.385],
  [34.135, -81.34],
  [34.108, -81.3],
  [34.102, -81.262],
  [34.074, -81.232],
  [34.054, -81.212],
  [34.041, -81.226],
  [34.028, -81.262],
  [34.01, -81.3],
  [34.018, -81.345],
  [34.002, -81.39],
  [34.036, -81.43],
  [34.05, -81.485],
  [34.078, -81.53],
  [34.086, -81.585],
  [34.095, -81.63],
].map(([latitude, longitude]) => ({ latitude: latitude as number, longitude: longitude as number }));
