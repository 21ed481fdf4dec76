import { matchRoutes, type DataRouteObject } from "react-router";

type Matches = NonNullable<ReturnType<typeof matchRoutes<DataRouteObject>>>;

/**
 * Matches a path against the root route and the page it is known to belong to (the
 * build lists every path with its page). react-router's matchRoutes flattens, ranks
 * and compiles the table on every call, which was a tenth of a post page's render;
 * here each page's route is compiled once and a path of plain characters is matched
 * with it, giving what matchRoutes gives (src/app/page-matcher.test.ts compares them).
 * Anything else (no page, a splat, escaped characters) goes to matchRoutes.
 */
export function pageMatcher(dataRoutes: DataRouteObject[]) {
  const byPage = new Map<string, { table: DataRouteObject[]; params?: (pathname: string) => Record<string, string> | undefined }>();
  for (const root of dataRoutes) {
    if (root.index || root.path !== "/") continue;
    for (const child of root.children ?? []) {
      const table = [{ ...root, children: [child] }];
      byPage.set(child.id, { table, ...(child.path && !/[*?]/.test(child.path) && !child.caseSensitive ? { params: paramsOf(child.path) } : {}) });
    }
  }
  return function match(pathname: string, page?: string): Matches | null {
    const found = page === undefined ? undefined : byPage.get(page);
    if (!found) return matchRoutes(dataRoutes, pathname);
    const [root] = found.table;
    const child = root?.children?.[0];
    const params = plainPath.test(pathname) ? found.params?.(pathname) : undefined;
    if (!root || !child || !params) return matchRoutes(found.table, pathname);
    return [
      { params, pathname: "/", pathnameBase: "/", route: root },
      { params, pathname, pathnameBase: pathname, route: child },
    ];
  };
}

/** Letters, digits, hyphens, underscores and dots between slashes, no slash at the end: nothing react-router would decode or treat specially. */
const plainPath = /^(\/[\w.-]+)+$/;

function paramsOf(routePath: string): (pathname: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const source = routePath
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  const pattern = new RegExp(`^/${source}$`, "i");
  return (pathname) => {
    const m = pattern.exec(pathname);
    if (!m) return undefined;
    return Object.fromEntries(names.map((name, i) => [name, m[i + 1] ?? ""]));
  };
}
