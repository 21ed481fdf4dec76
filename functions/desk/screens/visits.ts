import { sectionPath } from "../../../src/desk/desk-routes";
import type { DeskScreenModule } from "../desk-contract";

/** The Visits screen (src/desk/screens/visits-screen.tsx): the seven days ending today against the seven before. */
export const visitsScreen: DeskScreenModule = (routes, { visits }) => {
  routes.get(sectionPath("visits"), async (ctx) => {
    const summary = await visits?.summary();
    await ctx.show({ screen: "visits", title: "Visits", section: "visits", data: { ...(summary ? { summary } : {}), timeZone: ctx.site.timeZone } });
  });
};
