import type { Home } from "../content/home";
import type { Service } from "../content/services";
import { AwardIcon, BoltIcon, ClipboardIcon, ClockIcon, FelledTreeIcon, HeartPulseIcon, HomeIcon, LeafIcon, LinkIcon, ScissorsIcon, ShieldIcon, StumpIcon } from "./icons";

type BenefitIcon = Home["benefits"][number]["icon"];
type ServiceIcon = Service["icon"];

/** The SVG for each icon name content files may use (src/content/home.ts benefitIcons, services.ts serviceIcons). */
const icons = {
  clock: ClockIcon,
  certified: AwardIcon,
  shield: ShieldIcon,
  home: HomeIcon,
  estimate: ClipboardIcon,
  cleanup: LeafIcon,
  emergency: BoltIcon,
  removal: FelledTreeIcon,
  trimming: ScissorsIcon,
  cabling: LinkIcon,
  stump: StumpIcon,
  doctor: HeartPulseIcon,
} satisfies Record<BenefitIcon | ServiceIcon, unknown>;

export function TopicIcon({ name, size = 24 }: { name: BenefitIcon | ServiceIcon; size?: number }) {
  const Svg = icons[name];
  return <Svg size={size} />;
}
