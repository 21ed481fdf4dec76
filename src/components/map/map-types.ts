import type { Location } from "../../content/locations";

export type MapLabelSide = NonNullable<Location["map"]>["label"];
