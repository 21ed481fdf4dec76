import { AccountScreen, type AccountData } from "./screens/account-screen";
import { BusinessScreen, type BusinessData } from "./screens/business-screen";
import { ComingScreen, type ComingData } from "./screens/coming-screen";
import { MessageScreen, MessagesScreen, type MessageData, type MessagesData } from "./screens/messages-screen";
import { ReviewsScreen, type ReviewsData } from "./screens/reviews-screen";
import { HomeScreen, type HomeData } from "./screens/home-screen";
import { ProblemScreen, type ProblemData } from "./screens/problem-screen";
import { SignInScreen, type SignInData } from "./screens/sign-in-screen";
import { VisitsScreen, type VisitsData } from "./screens/visits-screen";
import type { DeskSectionScreen } from "./desk-routes";

/**
 * Every desk screen by name, with the data it shows. A new screen is an entry here and a
 * case below (its component in src/desk/screens/), its path (desk-routes.ts) and its server
 * handler (the desk server's screens.ts), which answers with a DeskPage of this screen.
 */
export interface DeskScreenData {
  "sign-in": SignInData;
  problem: ProblemData;
  home: HomeData;
  account: AccountData;
  coming: ComingData;
  business: BusinessData;
  messages: MessagesData;
  message: MessageData;
  reviews: ReviewsData;
  visits: VisitsData;
}

export type DeskScreenName = keyof DeskScreenData;

/** One desk answer's screen: which, its heading, its data, and the section it belongs to (for the navigation). */
export type DeskPage = {
  [K in DeskScreenName]: { screen: K; title: string; data: DeskScreenData[K]; section?: DeskSectionScreen };
}[DeskScreenName];

export function DeskScreen({ page }: { page: DeskPage }) {
  switch (page.screen) {
    case "sign-in":
      return <SignInScreen data={page.data} />;
    case "problem":
      return <ProblemScreen data={page.data} />;
    case "home":
      return <HomeScreen data={page.data} />;
    case "account":
      return <AccountScreen data={page.data} />;
    case "coming":
      return <ComingScreen data={page.data} />;
    case "business":
      return <BusinessScreen data={page.data} />;
    case "messages":
      return <MessagesScreen data={page.data} />;
    case "message":
      return <MessageScreen data={page.data} />;
    case "reviews":
      return <ReviewsScreen data={page.data} />;
    case "visits":
      return <VisitsScreen data={page.data} />;
  }
}
