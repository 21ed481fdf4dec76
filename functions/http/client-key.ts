import { isIPv6 } from "node:net";

/**
 * The key for one client address (rate limit, connection cap). One IPv6 customer holds a whole /64,
 * so IPv6 addresses count per /64; IPv4 (also IPv4-mapped IPv6) per address.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const bare = address.split("%")[0] ?? address;
  const [head = "", tail = ""] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = bare.includes("::") && tail ? tail.split(":") : [];
  const fill: string[] = bare.includes("::") ? Array.from({ length: 8 - left.length - right.length }, () => "0") : [];
  return [...left, ...fill, ...right].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ""));
}
