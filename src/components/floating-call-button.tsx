import { useRootData } from "../app/root-data";
import { floatingCallAttribute } from "../client/floating-call";
import { visuallyHidden } from "../styles/layout.css";
import { PhoneIcon } from "./icons";
import * as css from "./floating-call-button.css";

/**
 * A call button that follows the visitor down the home page. It renders hidden
 * (the build cannot know the scroll position); src/client/floating-call.ts shows
 * it past the spec's 300 px, without React.
 */
export function FloatingCallButton() {
  const { site } = useRootData();
  return (
    <a className={css.fab} href={`tel:${site.phone.dial}`} data-visible="false" {...{ [floatingCallAttribute]: "" }}>
      <PhoneIcon size={22} />
      Call Now<span className={visuallyHidden}> {site.phone.display}</span>
    </a>
  );
}
