import type { ReactNode, SVGProps } from "react";
import { MailIcon, StarIcon } from "../components/icons";
import type { DeskSectionScreen } from "./desk-routes";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The navigation's icons, drawn like the site's (src/components/icons.tsx, whose mail and star
 * are these two): decorative, each item's text names it. Kept here so the public site's
 * modules, and the hashes of its files, do not change with the desk.
 */
function Icon({ size = 20, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

const PostsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);
/** Two photos, one behind the other: a job's before and after. */
const WorkIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="7" width="14" height="12" rx="2" />
    <path d="M7 7V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-2" />
    <path d="M3 16l4-4 3 3 2-2 5 5" />
  </Icon>
);
const StoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 9l1.5-5h15L21 9" />
    <path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z" />
    <path d="M5 13v8h14v-8" />
    <path d="M10 21v-5h4v5" />
  </Icon>
);
const VisitsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 3v18h18" />
    <path d="M7 15l4-4 3 3 5-6" />
  </Icon>
);

export const sectionIcons: Record<DeskSectionScreen, (p: IconProps) => React.JSX.Element> = {
  messages: MailIcon,
  reviews: StarIcon,
  posts: PostsIcon,
  work: WorkIcon,
  business: StoreIcon,
  visits: VisitsIcon,
};
