/**
 * How much of the process's memory posts with photos may hold at once (they are read into
 * memory: functions/contact/multipart-body.ts), and how much of it one client may hold: each
 * post takes its declared length before a byte of it is read, and gives it back when it is
 * answered. Past either, a post is answered 503 at once, so a flood of big posts from many
 * addresses can slow photo posts but never take the memory every other visitor needs.
 */
export interface UploadBudget {
  /** Takes `bytes` for `client`; the function that gives them back, or undefined when there is no room now. */
  take(client: string, bytes: number): (() => void) | undefined;
}

export interface UploadBudgetOptions {
  /** Bytes of all posts on their way at once. */
  bytes: number;
  /** Bytes of one client's posts (an address, an IPv6 /64) on their way at once. */
  perClient: number;
}

export function createUploadBudget({ bytes, perClient }: UploadBudgetOptions): UploadBudget {
  let used = 0;
  const clients = new Map<string, number>();
  return {
    take(client, size) {
      const theirs = clients.get(client) ?? 0;
      if (used + size > bytes || theirs + size > perClient) return undefined;
      used += size;
      clients.set(client, theirs + size);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        used -= size;
        const left = (clients.get(client) ?? size) - size;
        if (left > 0) clients.set(client, left);
        else clients.delete(client);
      };
    },
  };
}
