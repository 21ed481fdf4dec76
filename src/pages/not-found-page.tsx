import type { Head, HeadContext } from "../app/head";
import { NotFound } from "../components/not-found";

export const load = () => ({});

export function head(_data: unknown, { site }: HeadContext): Head {
  return { title: `Page Not Found | ${site.name}`, description: "The page you were looking for does not exist.", path: "/404", noindex: true };
}

export function Component() {
  return <NotFound />;
}
