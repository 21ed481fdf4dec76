import { AccountScreen, type AccountData } from "./screens/account-screen";
import { BusinessScreen, type BusinessData } from "./screens/business-screen";
import { ElsewhereScreen, type ElsewhereData } from "./screens/elsewhere-screen";
import { MessageDeleteScreen, MessageScreen, MessagesScreen, type MessageData, type MessageDeleteData, type MessagesData } from "./screens/messages-screen";
import { ReviewDeleteScreen, ReviewsScreen, type ReviewDeleteData, type ReviewsData } from "./screens/reviews-screen";
import { HomeScreen, type HomeData } from "./screens/home-screen";
import { ProblemScreen, type ProblemData } from "./screens/problem-screen";
import { JobEditorScreen, type JobEditorData } from "./screens/job-editor-screen";
import { WorkScreen, type WorkData } from "./screens/our-work-screen";
import { PostEditorScreen, type PostEditorData } from "./screens/post-editor-screen";
import { PostHistoryScreen, type PostHistoryData } from "./screens/post-history-screen";
import { PostsScreen, type PostsData } from "./screens/posts-screen";
import { PhotosScreen, type PhotosData } from "./screens/photos-screen";
import { SignInScreen, type SignInData } from "./screens/sign-in-screen";
import {
  PageHistoryScreen,
  ServicesScreen,
  SitePageScreen,
  TownAddScreen,
  TownsScreen,
  type PageHistoryData,
  type ServicesData,
  type SitePageData,
  type TownAddData,
  type TownsData,
} from "./screens/site-page-screen";
import { VisitsScreen, type VisitsData } from "./screens/visits-screen";
import { BookingDayScreen, BookingDeleteScreen, BookingsScreen, type BookingDayData, type BookingDeleteData, type BookingsData } from "./screens/bookings-screen";
import { SettingsScreen, type SettingsData } from "./screens/settings-screen";
import type { DeskSectionScreen } from "./desk-routes";

/**
 * Every desk screen by name, with the data it shows. A new screen is an entry here and a
 * case below (its component in src/desk/screens/), its path (desk-routes.ts) and its server
 * handler (the desk server's sections.ts), which answers with a DeskPage of this screen.
 */
export interface DeskScreenData {
  "sign-in": SignInData;
  problem: ProblemData;
  home: HomeData;
  account: AccountData;
  elsewhere: ElsewhereData;
  business: BusinessData;
  messages: MessagesData;
  message: MessageData;
  "message-delete": MessageDeleteData;
  reviews: ReviewsData;
  "review-delete": ReviewDeleteData;
  visits: VisitsData;
  posts: PostsData;
  "post-editor": PostEditorData;
  "post-history": PostHistoryData;
  bookings: BookingsData;
  "booking-day": BookingDayData;
  "booking-delete": BookingDeleteData;
  settings: SettingsData;
  services: ServicesData;
  towns: TownsData;
  "town-add": TownAddData;
  "site-page": SitePageData;
  "page-history": PageHistoryData;
  photos: PhotosData;
  work: WorkData;
  "job-editor": JobEditorData;
}

export type DeskScreenName = keyof DeskScreenData;

/** One desk answer's screen: which, its heading, its data, and the section it belongs to (for the navigation). */
export type DeskPage = {
  [K in DeskScreenName]: { screen: K; title: string; data: DeskScreenData[K]; section?: DeskSectionScreen; layout?: "wide" | "menu" };
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
    case "elsewhere":
      return <ElsewhereScreen data={page.data} />;
    case "business":
      return <BusinessScreen data={page.data} />;
    case "messages":
      return <MessagesScreen data={page.data} />;
    case "message":
      return <MessageScreen data={page.data} />;
    case "message-delete":
      return <MessageDeleteScreen data={page.data} />;
    case "reviews":
      return <ReviewsScreen data={page.data} />;
    case "review-delete":
      return <ReviewDeleteScreen data={page.data} />;
    case "visits":
      return <VisitsScreen data={page.data} />;
    case "posts":
      return <PostsScreen data={page.data} />;
    case "post-editor":
      return <PostEditorScreen data={page.data} />;
    case "post-history":
      return <PostHistoryScreen data={page.data} />;
    case "bookings":
      return <BookingsScreen data={page.data} />;
    case "booking-day":
      return <BookingDayScreen data={page.data} />;
    case "booking-delete":
      return <BookingDeleteScreen data={page.data} />;
    case "settings":
      return <SettingsScreen data={page.data} />;
    case "services":
      return <ServicesScreen data={page.data} />;
    case "towns":
      return <TownsScreen data={page.data} />;
    case "town-add":
      return <TownAddScreen data={page.data} />;
    case "site-page":
      return <SitePageScreen data={page.data} />;
    case "page-history":
      return <PageHistoryScreen data={page.data} />;
    case "photos":
      return <PhotosScreen data={page.data} />;
    case "work":
      return <WorkScreen data={page.data} />;
    case "job-editor":
      return <JobEditorScreen data={page.data} />;
  }
}
