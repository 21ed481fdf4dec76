import { useEffect, useState } from "react";
import { useRootData } from "../app/root-data";
import { visuallyHidden } from "../styles/layout.css";
import { PhoneIcon } from "./icons";
import * as css from "./floating-call-button.css";

/** Spec: the floating call button shows only once the page is scrolled more than this many pixels. */
export const floatingCallThreshold = 300;

/**
 * A call button that follows the visitor down the home page. It renders hidden
 * (the server cannot know the scroll position) and a scroll listener shows it,
 * so the first client render matches the prerendered HTML.
 */
export function FloatingCallButton() {
  const { site } = useRootData();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > floatingCallThreshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return (
    <a className={css.fab} href={`tel:${site.phone.dial}`} data-visible={visible}>
      <PhoneIcon size={22} />
      Call Now<span className={visuallyHidden}> {site.phone.display}</span>
    </a>
  );
}
