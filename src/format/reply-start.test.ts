import { describe, expect, it } from "vitest";
import { DEFAULT_REPLY_START, fillReplyStart, firstName, mailtoHref, smsHref } from "./reply-start";

const business = "Cedar Ridge Tree Service";

describe("reply start", () => {
  it("fills the default with the sender's first name, the business and the town", () => {
    expect(fillReplyStart(undefined, { "first name": firstName("Pat O'Neal"), business, town: "Irmo" })).toBe(
      "Hi Pat, this is Cedar Ridge Tree Service about your tree in Irmo.",
    );
    expect(fillReplyStart(DEFAULT_REPLY_START, { "first name": "Pat", business })).toBe("Hi Pat, this is Cedar Ridge Tree Service about your tree.");
  });

  it("leaves out a blank with nothing to fill, with the small word before it, and keeps blanks it does not know", () => {
    expect(fillReplyStart("Hello [First Name]! [business] here, about the [service] near [town]. [price] soon", { "first name": "Ann", business })).toBe(
      "Hello Ann! Cedar Ridge Tree Service here, about the. [price] soon",
    );
    expect(fillReplyStart("Hi [first name], about your [service] in [town].", { "first name": "Ann", business, service: "stump grinding", town: "Chapin" })).toBe(
      "Hi Ann, about your stump grinding in Chapin.",
    );
  });

  it("makes a text link both phones read, and an email link with the same start", () => {
    const body = "Hi Pat, this is Cedar Ridge Tree Service about your tree in Irmo. A & B?";
    const href = smsHref("+18035550142", body);
    expect(href).toBe("sms:+18035550142?&body=Hi%20Pat%2C%20this%20is%20Cedar%20Ridge%20Tree%20Service%20about%20your%20tree%20in%20Irmo.%20A%20%26%20B%3F");
    // Android reads the query as RFC 5724 parameters: body is there.
    expect(new URL(href).searchParams.get("body")).toBe(body);
    // iOS takes what follows "&body=" up to the next "&".
    expect(decodeURIComponent(/&body=([^&]*)/.exec(href)?.[1] ?? "")).toBe(body);
    const mail = new URL(mailtoHref("pat@example.com", "Your message to Cedar Ridge Tree Service", body));
    expect([mail.pathname, mail.searchParams.get("subject"), mail.searchParams.get("body")]).toEqual(["pat@example.com", "Your message to Cedar Ridge Tree Service", body]);
  });
});
