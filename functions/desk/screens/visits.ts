import type { BusinessDay } from "../../../src/format/business-time";
import type { VisitSummary } from "../../../src/content/visit-summary";
import { sectionPath } from "../../../src/desk/desk-routes";
import type { DeskScreenModule } from "../screens";

/** Where the desk reads the week's visits: the visit function (functions/visits/visits-function.ts), which writes its counts first. */
export interface DeskVisits {
  summary(to?: BusinessDay): Promise<VisitSummary>;
}

/** The Visits screen (src/desk/screens/visits-screen.tsx): the seven days ending today against the seven before. */
export const visitsScreen: DeskScreenModule = (routes, { visits }) => {
  routes.get(sectionPath("visits"), async (ctx) => {
    const summary = await visits?.summary();
    await ctx.show({ screen: "visits", title: "Visits", section: "visits", data: { ...(summary ? { summary } : {}), timeZone: ctx.site.timeZone } });
  });
};
