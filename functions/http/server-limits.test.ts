import net from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { allowLongBody, createLimitedServer, serverLimits } from "./server-limits";

/** Opens a connection, sends `bytes`, never finishes; resolves when the server closes it. */
function stall(port: number, bytes: string): Promise<{ ms: number; answer: string }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("close", () => resolve({ ms: Date.now() - started, answer: answer.split("\r\n")[0] ?? "" }));
    socket.on("error", reject);
  });
}

describe("createLimitedServer", () => {
  it("drops clients that stall in the headers or the body within seconds, not minutes", async () => {
    const server = createLimitedServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const [headers, body] = await Promise.all([
        stall(port, "GET / HTTP/1.1\r\nHost: x\r\n"),
        stall(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf"),
      ]);
      const slack = serverLimits.checkIntervalMs + 1_500;
      expect(headers.answer).toBe("HTTP/1.1 408 Request Timeout");
      expect(headers.ms).toBeLessThan(serverLimits.headersTimeoutMs + slack);
      expect(body.answer).toBe("HTTP/1.1 408 Request Timeout");
      expect(body.ms).toBeLessThan(serverLimits.requestTimeoutMs + slack);
    } finally {
      server.close();
    }
  }, 40_000);
});

describe("a body allowed longer (allowLongBody: the contact form's photos)", () => {
  it("gets its own deadline, past the 20 s every other body has, and is cut at it", async () => {
    const server = createLimitedServer((req, res) => {
      allowLongBody(req, req.url === "/long" ? 60_000 : 3_000);
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Half the body, then nothing for longer than requestTimeoutMs, then the rest.
      const slow = new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => socket.write("POST /long HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 8\r\n\r\nhalf"));
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
        socket.on("error", reject);
        setTimeout(() => socket.write("rest"), serverLimits.requestTimeoutMs + 2_000);
      });
      const [long, short] = await Promise.all([slow, stall(port, "POST /short HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf")]);
      expect(long).toBe("HTTP/1.1 200 OK");
      expect(short.answer).toBe("HTTP/1.1 408 Request Timeout");
      expect(short.ms).toBeLessThan(3_000 + 1_500);
    } finally {
      server.close();
    }
  }, 40_000);
});

describe("connections per client", () => {
  it("caps what one address holds open, so another visitor still gets the page", async () => {
    const server = createLimitedServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const sockets: net.Socket[] = [];
    try {
      // One client (127.0.0.2) opens 100 connections and never finishes a request.
      let refused = 0;
      await Promise.all(
        Array.from({ length: 100 }, () => {
          const socket = net.connect({ port, host: "127.0.0.1", localAddress: "127.0.0.2" });
          sockets.push(socket);
          socket.on("error", () => undefined);
          socket.on("close", () => (refused += 1));
          return new Promise<void>((resolve) => socket.once("connect", () => resolve(void socket.write("GET / HTTP/1.1\r\n"))));
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(refused).toBe(100 - serverLimits.maxConnectionsPerClient);
      // Everyone else is served at once.
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(await res.text()).toBe("ok");
    } finally {
      for (const socket of sockets) socket.destroy();
      server.close();
    }
  });
});
