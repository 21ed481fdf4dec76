import { useEffect } from "react";
import { useMatches } from "react-router-dom";
import { pageHeadMarker, renderHead, type Head, type HeadContext } from "./head";
import type { RootData } from "./root-data";

type HeadFn = (data: unknown, ctx: HeadContext) => Head;

function headFnOf(handle: unknown): HeadFn | undefined {
  if (handle && typeof handle === "object" && "head" in handle && typeof handle.head === "function") {
    const fn = handle.head;
    return (data, ctx) => fn(data, ctx);
  }
  return undefined;
}

const isComment = (node: Node, text: string) => node.nodeType === Node.COMMENT_NODE && node.nodeValue === text;

/** Swaps the tags between the page-head markers (see renderDocument) for new ones. */
function replacePageHead(html: string) {
  const nodes = [...document.head.childNodes];
  const start = nodes.findIndex((n) => isComment(n, pageHeadMarker));
  const end = nodes.findIndex((n) => isComment(n, `/${pageHeadMarker}`));
  const endNode = nodes[end];
  if (start < 0 || !endNode || end < start) return;
  for (const node of nodes.slice(start + 1, end)) node.remove();
  const template = document.createElement("template");
  template.innerHTML = html;
  document.head.insertBefore(template.content, endNode);
}

/**
 * After a client-side navigation, renders the new page's head tags with the
 * same renderHead the build used, so title, description, canonical, robots,
 * Open Graph and article tags are what a full load of that page would give.
 */
export function useHeadSync(root: RootData) {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  useEffect(() => {
    const headFn = leaf ? headFnOf(leaf.handle) : undefined;
    if (!leaf || !headFn || leaf.data === undefined) return;
    const html = renderHead(headFn(leaf.data, { site: root.site }), root.site);
    replacePageHead(html);
  }, [leaf, root.site]);
}
