import { useRootData } from "../app/root-data";
import { button } from "./button.css";
import { PhoneIcon } from "./icons";
import { pathTo } from "../routes";

type Look = keyof typeof button;

/**
 * A phone button that dials the number in content/site.json; `label` defaults to the number itself.
 * `call` names the button in the visit counts ("hero", "banner": src/client/visit-beacon.ts).
 */
export function CallLink({ label, look = "primary", call }: { label?: string; look?: Look; call: string }) {
  const { site } = useRootData();
  return (
    <a className={button[look]} href={`tel:${site.phone.dial}`} data-call={call}>
      <PhoneIcon size={18} />
      {label ?? site.phone.display}
    </a>
  );
}

/** Every quote and consultation button leads to booking a free estimate visit (issue 40). */
export function QuoteLink({ label, look = "ghostLight" }: { label: "Get Free Quote" | "Get Free Consultation" | "Request Free Quote"; look?: Look }) {
  return (
    <a className={button[look]} href={pathTo.bookEstimate}>
      {label}
    </a>
  );
}
