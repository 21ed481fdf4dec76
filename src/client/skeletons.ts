import * as cardCss from "../components/blog-card.css";
import * as css from "../components/blog-skeleton.css";
import { container, section, visuallyHidden } from "../styles/layout.css";

// The spec's loading states, shown by src/client/navigate.ts in <main> while a
// blog page loads (the route table says which: `skeleton` in src/routes.ts).
// Built with the DOM, since the browser has no React on most pages; sizes go
// through the CSSOM, which the Content-Security-Policy allows (style attributes in HTML it does not).

const el = (tag: string, className: string, ...children: Node[]): HTMLElement => {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
};

const bar = (width: string, height?: string): HTMLElement => {
  const node = el("span", css.bar);
  node.style.width = width;
  if (height) node.style.height = height;
  return node;
};

/** The wrapper both skeletons share: busy for assistive technology, with a status line it reads. */
function frame(testId: string, status: string, body: HTMLElement): HTMLElement {
  const wrap = el("div", `${container} ${section}`);
  wrap.setAttribute("aria-busy", "true");
  wrap.dataset.testid = testId;
  const line = el("p", visuallyHidden, document.createTextNode(status));
  line.setAttribute("role", "status");
  body.setAttribute("aria-hidden", "true");
  wrap.append(line, body);
  return wrap;
}

/** Three placeholder cards under a title bar: the blog list loading. */
function listSkeleton(): HTMLElement {
  const grid = el("ul", cardCss.grid);
  grid.style.marginTop = "2rem";
  for (let i = 0; i < 3; i++) grid.append(el("li", css.card, bar("6rem"), bar("85%", "1.5rem"), bar("100%"), bar("100%"), bar("60%"), bar("5rem")));
  return frame("blog-list-skeleton", "Loading blog posts…", el("div", "", bar("16rem", "2.5rem"), grid));
}

/** Title, date line and three paragraphs: one post loading. */
function postSkeleton(): HTMLElement {
  const paragraphs = [0, 1, 2].map(() => el("div", css.post, bar("100%"), bar("100%"), bar("70%")));
  return frame("post-skeleton", "Loading post…", el("div", css.post, bar("90%", "2.5rem"), bar("14rem"), ...paragraphs));
}

/** Puts the skeleton of `kind` in place of the page in <main>. */
export function showSkeleton(kind: "list" | "post"): void {
  document.getElementById("main")?.replaceChildren(kind === "list" ? listSkeleton() : postSkeleton());
}
