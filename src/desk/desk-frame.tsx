import type { ReactNode } from "react";
import { MoreIcon, sectionIcons } from "./desk-icons";
import type { DeskFrame } from "./desk-page";
import { deskGroups, deskPath, deskSections, type DeskSectionScreen } from "./desk-routes";
import * as css from "./desk-frame.css";
import { DeskForm } from "./desk-ui";

export interface FrameProps {
  frame: DeskFrame;
  /** The screen's heading (also the page title). */
  title: string;
  /** The navigation item this screen belongs to. */
  section?: DeskSectionScreen;
  /**
   * "wide": the screen uses the whole width of a wide screen (a second column). "menu": the screen
   * is the list of sections (the desk's home), so the frame leaves its own out: each section is
   * one link, and a link found by its name ("Messages") is never two.
   */
  layout?: "wide" | "menu";
  children: ReactNode;
}

/**
 * Every desk screen's frame: the business's name, the owner's account and "Sign out" at the
 * top; the leads (Messages, Reviews: what wants an answer) along the bottom on a phone, within
 * the thumb's reach, with "All sections" beside them; every other section (shared/CONTRACT.md's
 * names) under the screen, by group, one big row each. On a wide screen both lists are down the
 * side. Each section is on every screen once, so a check finding one by its name finds one.
 * Signed out, only the name and the screen. On the home screen the sections are the screen itself.
 */
export function DeskFrameView({ frame, title, section, layout, children }: FrameProps) {
  const signedIn = frame.owner !== undefined;
  const sectionBar = signedIn && layout !== "menu";
  const link = (s: (typeof deskSections)[number], className: string, size: number) => {
    const SectionIcon = sectionIcons[s.screen];
    return (
      <a className={className} href={s.path} aria-current={s.screen === section ? "page" : undefined}>
        <SectionIcon size={size} />
        {s.label}
      </a>
    );
  };
  const leads = deskSections.filter((s) => s.group === "leads");
  return (
    <div className={sectionBar ? css.body : `${css.body} ${css.signedOut}`}>
      <header className={css.header}>
        <a className={css.brand} href={deskPath.home}>
          <span className={css.brandName}>{frame.siteName}</span>
          <span className={css.brandSub}>Owner's desk</span>
        </a>
        {signedIn && (
          <>
            <a className={css.headerLink} href={deskPath.account}>
              Account
            </a>
            <DeskForm action={deskPath.signOut} className={css.headerForm}>
              <button type="submit" className={css.headerButton}>
                Sign out
              </button>
            </DeskForm>
          </>
        )}
      </header>
      {sectionBar && (
        <nav className={css.nav} aria-label="Leads">
          <ul className={css.navList}>
            {leads.map((s) => (
              <li key={s.screen}>{link(s, css.navLink, 22)}</li>
            ))}
            <li className={css.moreItem}>
              <a className={css.navLink} href="#desk-sections">
                <MoreIcon size={22} />
                All sections
              </a>
            </li>
          </ul>
        </nav>
      )}
      <main id="main" className={signedIn ? (layout === "wide" ? `${css.main} ${css.spacious}` : css.main) : `${css.main} ${css.narrow}`}>
        <h1 className={css.heading}>{title}</h1>
        {frame.notice && (
          <p className={`${css.notice} ${css.noticeTone[frame.notice.tone]}`} role={frame.notice.tone === "problem" ? "alert" : "status"} data-notice={frame.notice.tone}>
            {frame.notice.text}
          </p>
        )}
        {children}
      </main>
      {sectionBar && (
        <nav className={css.more} aria-label="Desk sections" id="desk-sections">
          {deskGroups
            .filter((g) => g.group !== "leads")
            .map((g) => (
              <div key={g.group} className={css.moreGroup}>
                <h2 className={css.moreHeading}>{g.heading}</h2>
                <ul className={css.moreList}>
                  {deskSections
                    .filter((s) => s.group === g.group)
                    .map((s) => (
                      <li key={s.screen}>{link(s, css.moreLink, 22)}</li>
                    ))}
                </ul>
              </div>
            ))}
        </nav>
      )}
    </div>
  );
}
