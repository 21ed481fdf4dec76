// One contact function on the store of its environment (DATABASE_URL), run as a process of its
// own by tests that kill it (functions/store/postgres/sigkill.test.ts): as
// functions/contact/server.ts makes it, but with the claim lease (milliseconds) and retry delay
// given as arguments, so another instance takes over its emails within a test's patience.
// Prints "listening on http://127.0.0.1:PORT" when it takes posts.
import { createServer } from "node:http";
import path from "node:path";
import { createContactFunction } from "../functions/contact/app";

const [leaseMs, retryMs] = process.argv.slice(2).map(Number);
const contact = await createContactFunction(process.env, {
  contentDir: path.resolve(import.meta.dirname, "../content"),
  leaseMs,
  retryDelays: Array(10).fill(retryMs),
});
const server = createServer(contact.app);
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : String(address)}`);
});
