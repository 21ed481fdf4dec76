import { FacebookIcon, GoogleIcon, InstagramIcon, LinkIcon } from "./icons";

/** The icon for a social link in content/site.json, picked from its name; an unknown site gets a plain link icon. */
export function SocialIcon({ name, size = 22 }: { name: string; size?: number }) {
  const key = name.toLowerCase();
  const Svg = key.includes("facebook") ? FacebookIcon : key.includes("instagram") ? InstagramIcon : key.includes("google") ? GoogleIcon : LinkIcon;
  return <Svg size={size} />;
}
