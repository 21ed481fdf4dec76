/** A street address as a maps search: one tap on a phone opens it in the maps app, with directions a tap away. */
export const mapsLink = (address: string, town: string, region: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address}, ${town}, ${region}`)}`;
