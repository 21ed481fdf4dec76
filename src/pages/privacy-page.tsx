import type { Head, HeadContext } from "../app/head";
import { useRootData } from "../app/root-data";
import { webPageData } from "../app/structured-data";
import { Breadcrumbs } from "../components/breadcrumbs";
import { JsonLd } from "../components/json-ld";
import { prose } from "../components/prose.css";
import * as css from "../components/privacy.css";
import { container, section } from "../styles/layout.css";
import { formatZoneName } from "../format/business-time";

/**
 * /privacy: what the contact form, the estimate booking and the review form keep, how visits are
 * counted, where it is kept, for how long, and how to have it deleted. Written to match what the
 * code does (the contact, booking and review functions' store, mailer, notifications and rate
 * limits; the visit counter and its beacon, src/client/visit-beacon.ts): change this page when that changes. Business facts (name,
 * email, phone, how long messages and visit counts are kept) come from content/site.json.
 */
export const load = () => ({});

const TITLE = "Privacy";

export function head(_data: unknown, { site }: HeadContext): Head {
  return {
    title: `${TITLE} | ${site.name}`,
    // Under 155 characters with the name, as the services' (search results cut longer ones off).
    description: `What ${site.name} keeps from its forms (messages, bookings, reviews), how visits are counted without cookies, and how to have it deleted.`,
    path: "/privacy",
  };
}

export function Component() {
  const { site } = useRootData();
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;
  const phone = <a href={`tel:${site.phone.dial}`}>{site.phone.display}</a>;
  return (
    <div className={`${container} ${section}`}>
      <JsonLd data={webPageData(site, { name: `${TITLE} at ${site.name}`, description: `What the site's forms keep and how to have it deleted.`, path: "/privacy" })} />
      <Breadcrumbs trail={[{ name: "Home", path: "/" }, { name: TITLE, path: "/privacy" }]} />
      <article className={`${prose} ${css.page}`}>
        <h1>Privacy</h1>
        <p className={css.lead}>
          This site has no accounts, no advertising, no cookies and no tracking from one site or one day to the next. The only
          personal information it receives is what you type into its forms: a message, the booking of an estimate visit, or a
          review. It counts visits the way a shop counts people at its door: how many, not who.
        </p>

        <h2>What the contact form keeps</h2>
        <p>When you send a message we keep what you wrote in the form and the time you sent it:</p>
        <ul>
          <li>your name, email address and phone number,</li>
          <li>the service you chose and your message,</li>
          <li>
            the photos you add, if any, made smaller and without what your camera writes into them (where and when a photo was
            taken, the camera's make),
          </li>
          <li>the page of this site your visit started on and the website you came from, as its name only (for example google.com).</li>
        </ul>
        <h2>What booking an estimate visit keeps</h2>
        <p>
          When you book a free estimate we keep the time you picked, your name, email address and phone number, the street address
          and town where we should come, the service you chose and your note. We email you the booking with a calendar invitation,
          a reminder the evening before, and a link to cancel it; cancelling keeps the booking marked as cancelled, so that the time
          is free again.
        </p>

        <h2>What a review keeps</h2>
        <p>
          A review keeps the name and town you give, your rating and your words, and the time you sent it. Once we approve it, the
          name, town, rating and words are shown on this site for anyone to read; until then nobody but us sees it. The review form
          asks for no email address or phone number.
        </p>
        <p>
          To stop one sender from flooding the forms, the server counts posts per internet address for ten minutes (and visit
          reports for one minute). That count is kept only for those minutes, in the server's memory (or, where several servers
          share the work, in their database), and then deleted.
        </p>

        <h2>How visits are counted</h2>
        <p>
          When a page opens, and when you tap one of our phone numbers, your browser tells our own server (no one else) which page it
          was, which button you tapped, the page your visit started on and the website you came from. From that we keep only daily
          totals:
        </p>
        <ul>
          <li>how many times each page was seen, and how many visits started on it,</li>
          <li>
            which websites visits came from, by name only (google.com, facebook.com), never the page you were on there, and how many
            different people came from each,
          </li>
          <li>whether visitors were on a phone, a tablet or a computer,</li>
          <li>how many times each call button was tapped,</li>
          <li>how many different people visited that day.</li>
        </ul>
        <p>
          To count each person once a day without knowing who they are, the server mixes your internet address and your browser's
          name with a random key into a code (and, when you came from a website other than the well-known ones, your internet address
          and that website's name into another, so that a website is named only once several people came from it). The key is new
          every day and deleted at midnight ({formatZoneName(site.timeZone)}) with the day's codes, so nobody, not even we, can turn a code back into an address or recognise you the next day. Your
          internet address and browser's name are never written down.
        </p>
        <p>
          Nothing is counted when your browser sends Global Privacy Control or Do Not Track, and search engine robots are left out. So
          that a message can say which page it came from, that page and the website you came from are kept in this browser tab only
          (its session storage, which your browser empties when you close the tab), never in a cookie.
        </p>

        <h2>Where it is kept</h2>
        <p>
          Each message, booking and review is saved on the server that runs this website and emailed to our office at {mail}, so that
          we can answer it. The email links to your photos rather than carrying them; the links stop working after 30 days. Messages
          that look like automated spam are kept apart and not emailed. Our own phones also get a notification with your name
          and the first words you wrote: it is encrypted on our server, and the service that carries it to the phone (Google's,
          Apple's or Mozilla's, as the phone has it) passes it on without being able to read it. We do not sell, share or
          publish your details (but for a review you asked us to show), and we use them only to reply about the work you asked about.
        </p>

        <h2>How long we keep it</h2>
        <p>
          We keep messages and bookings for {site.messagesKeptFor}, so that we can look up an estimate or a job we did for you; then
          the server deletes them by itself. A review stays on the site while we show it. The daily visit totals are kept for {site.visitsKeptFor} and then deleted by the server itself; the key and codes
          that count each person once a day are deleted every midnight. Cookies: this site sets none.
        </p>

        <h2>Asking us to delete it</h2>
        <p>
          Email {mail} or call {phone} and tell us the name and email address or phone number you used. We will delete your
          messages, bookings and reviews from the website's files and our inbox and confirm when it is done, normally within a
          few days.
        </p>
      </article>
    </div>
  );
}
