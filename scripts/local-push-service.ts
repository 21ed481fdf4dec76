// A push service of our own (RFC 8030), on loopback, for the tests and `npm run bench`: it takes
// what the server posts to a subscription's endpoint, checks the VAPID signature (RFC 8292) and
// decrypts the payload (aes128gcm, RFC 8291) with the subscriber's private key, written here with
// node:crypto alone, apart from the web-push library the server encrypts with. Each endpoint answers
// 201 unless told otherwise (404/410 gone, 5xx, or no answer at all).
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export interface PushDelivery {
  /** The endpoint's token (the last part of its path). */
  token: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** When it arrived (Date.now()). */
  at: number;
  /** What the service answered. */
  status: number;
}

/** A browser's side of a subscription: its endpoint and keys as PushSubscription.toJSON() gives them, and the private key to read what comes. */
export interface TestSubscriber {
  token: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plaintext of a delivery's aes128gcm body. */
  decrypt(body: Buffer): string;
}

export interface TestPushService {
  url: string;
  deliveries: PushDelivery[];
  subscriber(): TestSubscriber;
  /** What the endpoint of `token` answers next, in turn, then 201 again; "hang": no answer (a timeout). */
  answerNext(token: string, ...answers: Array<number | "hang">): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const deliveries: PushDelivery[] = [];
  const queued = new Map<string, Array<number | "hang">>();
  const hanging = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const token = (req.url ?? "").split("/").pop() ?? "";
      const next = queued.get(token)?.shift() ?? 201;
      if (next === "hang") {
        hanging.add(() => res.destroy());
        return;
      }
      deliveries.push({ token, headers: req.headers, body: Buffer.concat(chunks), at: Date.now(), status: next });
      res.writeHead(next, next === 201 ? { Location: `/message/${randomBytes(6).toString("hex")}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deliveries,
    subscriber() {
      const token = randomBytes(12).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        token,
        subscription: { endpoint: `${url}/push/${token}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    answerNext(token, ...answers) {
      queued.set(token, [...(queued.get(token) ?? []), ...answers]);
    },
    async close() {
      for (const end of hanging) end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** RFC 8291 section 3 and RFC 8188: the payload a push service got, opened by the subscriber. */
export function decryptAes128gcm(body: Buffer, subscriber: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize) throw new Error("not one aes128gcm record with the sender's key as its key id");
  const secret = subscriber.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscriber.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("the record does not end with the last record's delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * RFC 8292: the `Authorization: vapid t=<JWT>, k=<public key>` header, its ES256 signature checked
 * with the key it names (and, when given, that this is the server's key), and its claims returned.
 */
export function checkVapid(authorization: string | undefined, expectedKey?: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [jwt, key] = [match[1], match[2]];
  if (expectedKey !== undefined && key !== expectedKey) throw new Error("signed with another key than the server's");
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") }, format: "jwk" });
  const good = verify("sha256", Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!good) throw new Error("the VAPID signature does not verify");
  return JSON.parse(Buffer.from(payload, "base64url").toString());
}
