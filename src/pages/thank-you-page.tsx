import { Link } from "react-router-dom";
import type { Head, HeadContext } from "../app/head";
import { container, section } from "../styles/layout.css";

export const load = () => ({});

export function head(_data: unknown, { site }: HeadContext): Head {
  return { title: `Thank You | ${site.name}`, description: "We've received your message and will contact you within 24 hours.", path: "/contact/thank-you", noindex: true };
}

export function Component() {
  return (
    <div className={`${container} ${section}`}>
      <h1>Thank You!</h1>
      <p>We've received your message and will contact you within 24 hours.</p>
      <Link to="/contact">Send Another Message</Link>
    </div>
  );
}
