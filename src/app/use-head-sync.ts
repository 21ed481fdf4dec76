import { useEffect } from "react";
import { useMatches } from "react-router-dom";
import { absoluteUrl, type Head, type HeadContext } from "./head";
import type { RootData } from "./root-data";

type HeadFn = (data: unknown, ctx: HeadContext) => Head;

function headFnOf(handle: unknown): HeadFn | undefined {
  if (handle && typeof handle === "object" && "head" in handle && typeof handle.head === "function") {
    const fn = handle.head;
    return (data, ctx) => fn(data, ctx);
  }
  return undefined;
}

function setMeta(selector: string, attr: "content" | "href", value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

/**
 * After a client-side navigation, brings <title>, description and canonical in
 * line with the new page (the build wrote them for the first page; see renderHead).
 */
export function useHeadSync(root: RootData) {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  useEffect(() => {
    const headFn = leaf ? headFnOf(leaf.handle) : undefined;
    if (!leaf || !headFn || leaf.data === undefined) return;
    const head = headFn(leaf.data, { site: root.site });
    if (document.title !== head.title) document.title = head.title;
    setMeta('meta[name="description"]', "content", head.description);
    setMeta('link[rel="canonical"]', "href", absoluteUrl(root.site, head.path));
    setMeta('meta[property="og:title"]', "content", head.title);
    setMeta('meta[property="og:description"]', "content", head.description);
    setMeta('meta[property="og:url"]', "content", absoluteUrl(root.site, head.path));
  }, [leaf, root.site]);
}
