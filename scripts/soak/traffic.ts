// Traffic for the owner's day and the soak (tests/owner-day*.test.ts, scripts/bench-soak.ts):
// visitors posting the contact and review forms at a steady rate from many addresses, visitors
// reading pages, and a log of every HTTP status they (and the owner) saw, to find any 5xx.
import { request } from "node:http";

/** Every status seen, by whom and for what: a 5xx anywhere fails the day. */
export class Answers {
  readonly seen: { who: string; method: string; url: string; status: number; at: number }[] = [];

  note(who: string, method: string, url: string, status: number): void {
    this.seen.push({ who, method, url, status, at: Date.now() });
  }

  serverErrors(): string[] {
    return this.seen.filter((a) => a.status >= 500).map((a) => `${a.who} ${a.method} ${a.url}: ${a.status}`);
  }
}

export interface VisitorPost {
  kind: "contact" | "review";
  /** Words only this post has: found again in the store and in the email. */
  token: string;
  /** The answer's status; 0 when no server answered (it was restarting). */
  status: number;
  id?: string;
}

/**
 * Visitors posting at a steady rate while the owner works: contact messages and reviews by
 * turns, each from one of `addresses` addresses, well under the rate limit. `from`: "forwarded"
 * sends the address as X-Forwarded-For (a server that trusts the proxy on loopback, reached
 * directly); "socket" connects from it (127.0.x.y, all loopback on Linux), for a proxy that
 * writes X-Forwarded-For itself (nginx). A post that finds no server (a restart) is noted with
 * status 0 and not tried again: the visitor's form says so.
 */
export class Visitors {
  readonly posts: VisitorPost[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private count = 0;

  constructor(
    private readonly urls: () => string[],
    private readonly answers: Answers,
    private readonly options: { everyMs: number; addresses: number; label: string; from: "forwarded" | "socket" },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.send(), this.options.everyMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.inFlight);
  }

  accepted(kind?: VisitorPost["kind"]): VisitorPost[] {
    return this.posts.filter((p) => p.status === 201 && (!kind || p.kind === kind));
  }

  private send(): void {
    const n = this.count++;
    const urls = this.urls();
    const url = urls[n % urls.length] ?? "";
    const kind: VisitorPost["kind"] = n % 3 === 2 ? "review" : "contact";
    const token = `${this.options.label}-${kind}-${n}-${Math.random().toString(36).slice(2, 8)}`;
    const host = (n % this.options.addresses) + 1;
    const body =
      kind === "contact"
        ? { name: `Visitor ${n}`, email: `visitor${n}@example.com`, phone: "(803) 555-0123", serviceType: "tree-trimming", message: `The oak by the porch needs a look (${token}).` }
        : { name: `Neighbor ${n}`, location: "Chapin, SC", rating: 5, text: `They cleared the fallen pine in one morning and raked up after (${token}).` };
    const post: VisitorPost = { kind, token, status: 0 };
    this.posts.push(post);
    const target = new URL(kind === "contact" ? "/api/contact" : "/api/reviews", url);
    const from = this.options.from === "socket" ? { localAddress: `127.0.${1 + (host >> 8)}.${host & 255 || 1}` } : { headers: { "x-forwarded-for": `10.0.${host >> 8}.${host & 255 || 1}` } };
    const sent = postJson(target, body, from)
      .then((answer) => {
        post.status = answer.status;
        this.answers.note(this.options.label, "POST", target.href, answer.status);
        if (typeof answer.body.id === "string") post.id = answer.body.id;
      })
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(sent));
    this.inFlight.add(sent);
  }
}

/** A JSON post with node:http (fetch cannot choose the address it connects from). */
function postJson(target: URL, body: unknown, from: { localAddress?: string; headers?: Record<string, string> }): Promise<{ status: number; body: Record<string, unknown> }> {
  const data = JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request(
      target,
      { method: "POST", localAddress: from.localAddress, timeout: 30_000, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...from.headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = {};
          }
          ok({ status: res.statusCode ?? 0, body: typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {} });
        });
        res.on("error", fail);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", fail);
    req.end(data);
  });
}

/**
 * Visitors reading pages meanwhile: `paths` in turn, every `everyMs`; every answer noted. A page
 * of the site answering anything but 200 while it is served (a build swapping folders) is a
 * visitor's broken page; while no server runs, nothing answers (noted as status 0).
 */
export class Readers {
  readonly answers: { path: string; status: number; at: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private count = 0;

  constructor(
    private readonly url: () => string,
    private readonly all: Answers,
    private readonly paths: string[],
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      const path = this.paths[this.count++ % this.paths.length] ?? "/";
      const read = fetch(`${this.url()}${path}`, { signal: AbortSignal.timeout(30_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          this.answers.push({ path, status: response.status, at: Date.now() });
          this.all.note("reader", "GET", path, response.status);
        })
        .catch(() => void this.answers.push({ path, status: 0, at: Date.now() }))
        .finally(() => this.inFlight.delete(read));
      this.inFlight.add(read);
    }, this.everyMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.inFlight);
  }

  /** Answers other than 200 that a running server gave (status 0 is no server at all: a restart). */
  notOk(): string[] {
    return this.answers.filter((a) => a.status !== 200 && a.status !== 0).map((a) => `${a.path}: ${a.status} at ${new Date(a.at).toISOString()}`);
  }
}
