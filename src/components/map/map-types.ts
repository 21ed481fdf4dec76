import type { Location } from "../../content/locations";

export type MapLabelSide = Location["map"]["label"];
