import { Link } from "react-router-dom";
import { container } from "../styles/layout.css";
import { button } from "./button.css";
import * as css from "./not-found.css";

/** The spec's not-found text, shared by the catch-all route and by pages whose data is missing. */
export function NotFound() {
  return (
    <div className={`${container} ${css.wrap}`}>
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <div className={css.links}>
        <Link className={button.brand} to="/">Go to the home page</Link>
        <Link className={button.outline} to="/contact">Contact us</Link>
      </div>
    </div>
  );
}
