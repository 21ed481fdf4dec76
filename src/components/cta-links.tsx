import { useRootData } from "../app/root-data";
import { button } from "./button.css";
import { PhoneIcon } from "./icons";

type Look = keyof typeof button;

/** A phone button that dials the number in content/site.json; `label` defaults to the number itself. */
export function CallLink({ label, look = "primary" }: { label?: string; look?: Look }) {
  const { site } = useRootData();
  return (
    <a className={button[look]} href={`tel:${site.phone.dial}`}>
      <PhoneIcon size={18} />
      {label ?? site.phone.display}
    </a>
  );
}

/** Every quote and consultation button leads to the contact form. */
export function QuoteLink({ label, look = "ghostLight" }: { label: "Get Free Quote" | "Get Free Consultation" | "Request Free Quote"; look?: Look }) {
  return (
    <a className={button[look]} href="/contact">
      {label}
    </a>
  );
}
