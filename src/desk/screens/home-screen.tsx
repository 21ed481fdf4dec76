import { sectionIcons } from "../desk-icons";
import { deskPath, deskSections, sectionPath } from "../desk-routes";
import { Card } from "../desk-ui";
import * as ui from "../desk-ui.css";

/** The desk's first screen after signing in: every section, and what wants doing first. */
export interface HomeData {
  /** "Before launch" entries left in content/site.json. */
  placeholders: number;
  /** The signed-in owner's passkeys: none means every sign-in needs an email. */
  passkeys: number;
}

export function HomeScreen({ data }: { data: HomeData }) {
  return (
    <>
      {data.placeholders > 0 && (
        <Card title="Before launch">
          <p>
            {data.placeholders === 1 ? "One fact on the site is" : `${data.placeholders} facts on the site are`} still made up.{" "}
            <a href={`${sectionPath("business")}#before-launch`}>Replace {data.placeholders === 1 ? "it" : "them"} in Business details</a>.
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
      <ul className={ui.rowList}>
        {deskSections.map((s) => {
          const SectionIcon = sectionIcons[s.screen];
          return (
            <li key={s.screen}>
              <a className={ui.linkRow} href={s.path}>
                <SectionIcon size={28} className={ui.linkRowIcon} />
                <span>
                  <span className={ui.linkRowTitle}>{s.label}</span>
                  <span className={ui.linkRowText}>{s.summary}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
