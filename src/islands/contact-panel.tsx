import { useEffect, useRef, useState } from "react";
import { useIslandShownAt } from "../app/island-root";
import { button } from "../components/button.css";
import { ContactForm, type RefusedSubmission } from "../components/contact-form";
import * as css from "../components/contact-page.css";
import { ThankYouPanel } from "../components/contact-thank-you";
import { ToastProvider } from "../components/toast";
import type { ServiceChoice } from "../content/contact";

export interface ContactPanelProps {
  phone: { display: string; dial: string };
  /** The form's service choices (serviceChoices in src/content/contact.ts). */
  services: readonly ServiceChoice[];
  /** Only in the answer to a refused no-JavaScript post (renderContactWithErrors in src/entry-server.tsx), never in the build. */
  refused?: RefusedSubmission;
}

/**
 * The interactive part of /contact (an island, src/app/island.tsx): the form, its
 * toasts and the thank-you panel that replaces it once a message is stored.
 */
export function Component({ phone, services, refused }: ContactPanelProps) {
  // "form" → "sent" → "form" again; `round` remounts the form empty after "Send Another Message".
  // `sent` holds the service asked for: an emergency removal gets the call-now line.
  const [sent, setSent] = useState<string | false>(false);
  const [round, setRound] = useState(0);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const shownAt = useIslandShownAt();

  // Focus follows the swap so keyboard and screen reader users land on the outcome.
  useEffect(() => {
    if (sent) thanksHeading.current?.focus();
  }, [sent]);

  return (
    <ToastProvider>
      <section className={css.formBox} aria-labelledby={sent ? undefined : "contact-form-title"}>
        {sent ? (
          <ThankYouPanel
            headingLevel={2}
            headingRef={thanksHeading}
            callNow={sent === "emergency-removal" ? phone : undefined}
            action={
              <button
                type="button"
                className={button.brand}
                onClick={() => {
                  setRound((r) => r + 1);
                  setSent(false);
                }}
              >
                Send Another Message
              </button>
            }
          />
        ) : (
          <>
            <h2 id="contact-form-title">Send Us a Message</h2>
            <ContactForm
              key={round}
              // What a refused post typed belongs to the first form only, not to the one after a success.
              refused={round === 0 ? refused : undefined}
              // The first form was shown with the page; a later one when it mounts.
              shownAt={round === 0 ? shownAt : undefined}
              focusOnMount={round > 0}
              phone={phone}
              services={services}
              onSent={(values) => setSent(values.serviceType)}
            />
          </>
        )}
      </section>
    </ToastProvider>
  );
}
