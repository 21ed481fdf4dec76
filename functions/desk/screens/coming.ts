import { deskSections, sectionPath, type DeskSectionScreen } from "../../../src/desk/desk-routes";
import type { DeskScreenModule } from "../screens";

/** A section whose screen is not built yet: its navigation item works and says so (src/desk/screens/coming-screen.tsx). */
export const comingScreen =
  (section: DeskSectionScreen): DeskScreenModule =>
  (routes) => {
    const title = deskSections.find((s) => s.screen === section)?.label ?? section;
    routes.get(sectionPath(section), (ctx) => ctx.show({ screen: "coming", title, section, data: { section } }));
  };
