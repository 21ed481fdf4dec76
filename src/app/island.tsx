import { createContext, useContext, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot } from "./island-root";

/**
 * Islands: the only parts of a page the browser runs React for. The page renders
 * an island's HTML in place like any component; beside it go the island's name
 * and props, and src/client/islands.ts hydrates just that element with the
 * module src/islands/<name>.tsx (its `Component`). A page without islands loads
 * no React at all. Props cross to the browser as JSON: plain data only.
 */

/** The islands one page render placed, in order (the build preloads their code and checks the page's budget). */
export const IslandsOnPage = createContext<string[] | null>(null);

/**
 * Declares the island `name` (the file src/islands/<name>.tsx) made of `Component`.
 * The returned component renders it on the server: its HTML comes from a render of
 * its own, with an id prefix of its own, as the browser's hydrateRoot will see it.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>): (props: P) => React.JSX.Element {
  function Island(props: P) {
    const placed = useContext(IslandsOnPage);
    const id = `${name}-${placed?.length ?? 0}`;
    placed?.push(name);
    const html = renderToString(
      <IslandRoot>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: `${id}-` },
    );
    return <div data-island={name} data-island-id={id} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return Island;
}
