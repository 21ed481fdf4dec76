// Bodies as an attacker sends them, for the tests of functions/http/request-body.ts: a small
// gzip that inflates to megabytes of JSON, and a post whose body never fully comes.
import net from "node:net";
import { gzipSync } from "node:zlib";

/** 3 MB of JSON that is slow to parse: an array of a million and a half numbers (about 60 ms of JSON.parse here). */
export const largeJson: Buffer = Buffer.from(JSON.stringify({ csrf: "x", fields: { text: Array(1_500_000).fill(0) } }));
/** The same in 2,978 bytes of gzip (issue 36: 2,965 bytes held the event loop 0.26 s). */
export const gzipBomb: Buffer = gzipSync(largeJson, { level: 9 });

export interface RawAnswer {
  /** The answer's status, or undefined when none came within the wait. */
  status: number | undefined;
  /** Milliseconds from sending to the answer's first bytes (or to the end of the wait). */
  ms: number;
  /** Whether the server closed the connection (before the wait ended). */
  closed: boolean;
}

/**
 * Sends a request's head and `sent`, the start of its body (the head declares what it will),
 * and then nothing more: resolves with the answer that comes without the rest, if any, within
 * `waitMs`. A server that reads the body before deciding never answers. `closed`: whether the
 * server closed the connection within `closeWaitMs` of answering.
 */
export function postWithoutBody(url: string, path: string, headers: Record<string, string>, sent: Buffer | string = "", waitMs = 3_000, closeWaitMs = 500): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), "", ""].join("\r\n");
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let received = "";
    let answeredAt: number | undefined;
    let finished = false;
    const done = (closed: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve({ status: status ? Number(status) : undefined, ms: (answeredAt ?? performance.now()) - started, closed });
    };
    const socket = net.connect(Number(port), hostname, () => socket.write(Buffer.concat([Buffer.from(head), Buffer.from(sent)])));
    let timer = setTimeout(() => done(false), waitMs);
    socket.on("data", (chunk: Buffer) => {
      if (answeredAt === undefined) {
        answeredAt = performance.now();
        // Answered: a connection the server means to close is closed within moments.
        clearTimeout(timer);
        timer = setTimeout(() => done(false), closeWaitMs);
      }
      received += chunk.toString("latin1");
    });
    socket.on("close", () => done(true));
    // A server that closes while the body is still being sent: the rest of it was not read.
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? done(true) : reject(error)));
  });
}
