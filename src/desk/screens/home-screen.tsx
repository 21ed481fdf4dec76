import { sectionIcons } from "../desk-icons";
import { deskGroups, deskPath, deskSections, sectionPath } from "../desk-routes";
import { Card } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./home-screen.css";

/**
 * The desk's first screen after signing in: what wants doing first, and the sections, big, each
 * with a line on what it is for (the frame leaves its section bar out here: layout "menu"). A
 * section's link is named by the section alone (stretched over its card); its line is the link's description.
 */
export interface HomeData {
  /** "Before launch" entries left in content/site.json. */
  placeholders: number;
  /** The signed-in owner's passkeys: none means every sign-in needs an email. */
  passkeys: number;
  /** The signed-in owner's devices that get notifications: none means a new message waits for the email. */
  devices: number;
}

export function HomeScreen({ data }: { data: HomeData }) {
  return (
    <>
      {data.placeholders > 0 && (
        <Card title="Before launch">
          <p>
            {data.placeholders === 1 ? "One fact on the site is" : `${data.placeholders} facts on the site are`} still made up.{" "}
            <a href={`${sectionPath("business")}#before-launch`}>Put in the real {data.placeholders === 1 ? "one" : "ones"}</a>.
          </p>
        </Card>
      )}
      {data.devices === 0 && (
        <Card title="Hear of a message at once">
          <p>
            Turn on notifications and this phone shows each new message within seconds: who, what about, and one tap to call back.{" "}
            <a href={`${deskPath.account}#notifications`}>Turn them on in Account</a>.
          </p>
        </Card>
      )}
      {data.passkeys === 0 && (
        <Card title="Sign in faster">
          <p>
            Add a passkey and this phone signs you in with your fingerprint or face, without an email. <a href={deskPath.account}>Add one in Account</a>.
          </p>
        </Card>
      )}
      <nav aria-label="Desk sections">
        {deskGroups.map((g) => (
          <section key={g.group} className={css.group} aria-labelledby={`group-${g.group}`}>
            <h2 className={css.groupHeading} id={`group-${g.group}`}>
              {g.heading}
            </h2>
            <ul className={ui.rowList}>
              {deskSections
                .filter((s) => s.group === g.group)
                .map((s) => {
                  const SectionIcon = sectionIcons[s.screen];
                  return (
                    <li key={s.screen} className={css.sectionCard}>
                      <SectionIcon size={28} className={ui.linkRowIcon} />
                      <span>
                        <a className={css.sectionLink} href={s.path} aria-describedby={`section-${s.screen}`}>
                          {s.label}
                        </a>
                        <span className={ui.linkRowText} id={`section-${s.screen}`}>
                          {s.summary}
                        </span>
                      </span>
                    </li>
                  );
                })}
            </ul>
          </section>
        ))}
      </nav>
    </>
  );
}
