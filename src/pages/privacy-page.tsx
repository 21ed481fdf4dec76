import type { Head, HeadContext } from "../app/head";
import { useRootData } from "../app/root-data";
import { webPageData } from "../app/structured-data";
import { Breadcrumbs } from "../components/breadcrumbs";
import { JsonLd } from "../components/json-ld";
import { prose } from "../components/prose.css";
import * as css from "../components/privacy.css";
import { container, section } from "../styles/layout.css";

/**
 * /privacy: what the contact form keeps, where, for how long, and how to have it
 * deleted. Written to match what the code does (the contact function's store.ts,
 * mailer.ts, rate-limit.ts): change this page when that changes. Business facts
 * (name, email, phone, how long messages are kept) come from content/site.json.
 */
export const load = () => ({});

const TITLE = "Privacy";

export function head(_data: unknown, { site }: HeadContext): Head {
  return {
    title: `${TITLE} | ${site.name}`,
    description: `What ${site.name} keeps when you send the contact form, where it is kept, for how long, and how to ask us to delete it.`,
    path: "/privacy",
  };
}

export function Component() {
  const { site } = useRootData();
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  const phone = <a href={`tel:${site.phone.dial}`}>{site.phone.display}</a>;
  return (
    <div className={`${container} ${section}`}>
      <JsonLd data={webPageData(site, { name: `${TITLE} at ${site.name}`, description: `What the contact form keeps and how to have it deleted.`, path: "/privacy" })} />
      <Breadcrumbs trail={[{ name: "Home", path: "/" }, { name: TITLE, path: "/privacy" }]} />
      <article className={`${prose} ${css.page}`}>
        <h1>Privacy</h1>
        <p className={css.lead}>
          This site has no accounts, no advertising and no tracking. The only personal information it receives is what you type into
          the contact form.
        </p>

        <h2>What the contact form keeps</h2>
        <p>When you send a message we keep what you wrote in the form and the time you sent it:</p>
        <ul>
          <li>your name, email address and phone number,</li>
          <li>the service you chose and your message.</li>
        </ul>
        <p>
          To stop one sender from flooding the form, the server counts messages per internet address for ten minutes. That count is
          held in memory only and is never written down.
        </p>

        <h2>Where it is kept</h2>
        <p>
          Each message is saved in a file on the server that runs this website and emailed to our office at {mail}, so that we can
          answer it. Messages that look like automated spam are set aside in a separate file and not emailed. We do not sell, share
          or publish your details, and we use them only to reply about the work you asked about.
        </p>

        <h2>How long we keep it</h2>
        <p>
          We keep messages for {site.messagesKeptFor}, so that we can look up an estimate or a job we did for you, and then delete
          them. Cookies: this site sets none.
        </p>

        <h2>Asking us to delete it</h2>
        <p>
          Email {mail} or call {phone} and tell us the name and email address or phone number you used. We will delete your messages
          from the website's files and our inbox and confirm when it is done, normally within a few days.
        </p>
      </article>
    </div>
  );
}
