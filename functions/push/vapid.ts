import { createECDH } from "node:crypto";
import type { KeyStore } from "../store/key-store";

/** The site's VAPID key pair (RFC 8292), base64url as browsers and web-push take them. */
export interface VapidKeys {
  /** The uncompressed P-256 point (65 bytes): the `applicationServerKey` a browser subscribes with. */
  publicKey: string;
  /** The private scalar (32 bytes): signs each notification's JWT. */
  privateKey: string;
}

/** The order of P-256's group: a private key is a number from 1 to N - 1. */
const N = BigInt("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");

/**
 * The VAPID keys, from the store's `push-key` (32 random bytes made on first start, the same for every
 * instance): taken modulo N - 1, plus one, they are a valid private key whatever the bytes, and the
 * public half follows from it. Never changes while the store keeps the key: the owner's devices are
 * subscribed to the public half, and a push signed with another key is refused.
 */
export async function vapidKeys(keys: Pick<KeyStore, "get">): Promise<VapidKeys> {
  const secret = await keys.get("push-key");
  const scalar = (BigInt(`0x${secret.toString("hex")}`) % (N - 1n)) + 1n;
  const privateKey = Buffer.from(scalar.toString(16).padStart(64, "0"), "hex");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
}
