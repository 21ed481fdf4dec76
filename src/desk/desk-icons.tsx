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

const TreeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 2l6 8h-3l4 6H5l4-6H6z" />
    <path d="M12 16v6" />
  </Icon>
);
const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);
const HouseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 11l9-8 9 8" />
    <path d="M5 10v11h14V10" />
    <path d="M10 21v-6h4v6" />
  </Icon>
);
const PhotoIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </Icon>
);
const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

/** The phone's bar: the sections not on it are listed under the screen. */
export { MoreIcon };

export const sectionIcons: Record<DeskSectionScreen, (p: IconProps) => React.JSX.Element> = {
  messages: MailIcon,
  reviews: StarIcon,
  posts: PostsIcon,
  business: StoreIcon,
  visits: VisitsIcon,
  services: TreeIcon,
  "service-areas": PinIcon,
  "home-page": HouseIcon,
  photos: PhotoIcon,
};
