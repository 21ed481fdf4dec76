import { escapeHtml } from "../../src/format/escape-html";
import type { NotificationMessage } from "../contact/mailer";

export interface SignInMail {
  id: string;
  to: string;
  code: string;
  link: string;
  siteName: string;
  /** The sender (CONTACT_FROM, else no-reply@ the site's domain), as for every email of the site. */
  from: string;
  /** The site's host, for the Message-ID. */
  host: string;
}

/** The sign-in email: the code first (it shows in the phone's notification), then the link. Pure. */
export function signInMessage(mail: SignInMail): NotificationMessage {
  const text = [
    `Your code to sign in to the ${mail.siteName} desk:`,
    "",
    `    ${mail.code}`,
    "",
    "Or open this link on the phone or computer you want to sign in on:",
    mail.link,
    "",
    "The code and the link work once, for 15 minutes. If you did not ask to sign in, ignore this email: nobody can sign in without it.",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>Sign in to the ${escapeHtml(mail.siteName)} desk</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2933;">',
    `<p>Your code to sign in to the ${escapeHtml(mail.siteName)} desk:</p>`,
    `<p style="font-size: 32px; font-weight: bold; letter-spacing: 6px;">${escapeHtml(mail.code)}</p>`,
    `<p>Or <a href="${escapeHtml(mail.link)}">sign in with this link</a> on the phone or computer you want to use.</p>`,
    '<p style="color: #616e7c; font-size: 13px;">The code and the link work once, for 15 minutes. If you did not ask to sign in, ignore this email: nobody can sign in without it.</p>',
    "</body></html>",
  ].join("\n");
  return {
    from: { name: `${mail.siteName} website`, address: mail.from },
    to: mail.to,
    subject: `${mail.code} is your sign-in code for ${mail.siteName}`,
    text,
    html,
    messageId: `<sign-in-${mail.id}@${mail.host}>`,
    headers: { "X-Sign-In-Id": mail.id },
  };
}
