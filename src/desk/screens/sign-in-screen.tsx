import { deskPath } from "../desk-routes";
import { Button, DeskForm, Field } from "../desk-ui";
import * as ui from "../desk-ui.css";

/** The sign-in steps (the desk server's sign-in.ts): the address, then the code from the email; or the emailed link's one button. */
export type SignInData =
  | { step: "email"; email?: string; error?: string }
  | { step: "code"; email: string; error?: string }
  | { step: "link"; token: string };

export function SignInScreen({ data }: { data: SignInData }) {
  if (data.step === "link") {
    return (
      <>
        <p>This link signs you in to the desk on this device. It works once.</p>
        <DeskForm action={deskPath.link}>
          <input type="hidden" name="token" value={data.token} />
          <Button>Sign in</Button>
        </DeskForm>
      </>
    );
  }
  if (data.step === "code") {
    return (
      <>
        <p>
          If <strong>{data.email}</strong> may sign in here, an email with a 6-digit code is on its way to it. The code works once, for 15 minutes. The email
          also has a link: opening it on this device works as well.
        </p>
        <DeskForm action={deskPath.code}>
          <Field
            name="code"
            label="Code"
            error={data.error}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            className={ui.codeControl}
          />
          <Button>Sign in</Button>
        </DeskForm>
        <p className={ui.muted}>
          No email after a few minutes? Look in the spam folder, or <a href={deskPath.signIn}>ask for a new code</a> (also to use another address).
        </p>
      </>
    );
  }
  return (
    <>
      <p>Type the address you get the website's messages at. We email you a code to sign in with.</p>
      <DeskForm action={deskPath.signIn}>
        <Field name="email" label="Email" type="email" value={data.email} error={data.error} autoComplete="username webauthn" inputMode="email" required />
        <Button>Send sign-in code</Button>
      </DeskForm>
      {/* Shown by the desk script where the browser has passkeys (src/desk/client/passkey-sign-in.ts). */}
      <div data-desk="passkey-sign-in" hidden>
        <p className={ui.muted}>Added a passkey on this device?</p>
        <button type="button" className={ui.button.quiet}>
          Sign in with a passkey
        </button>
        <p className={ui.error} role="alert" data-desk-message />
      </div>
    </>
  );
}
