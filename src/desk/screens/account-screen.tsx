import { deskPath } from "../desk-routes";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./account-screen.css";

/** The signed-in owner's passkeys, devices that get notifications, and signing out everywhere (the desk server's screens/account.ts). */
export interface AccountData {
  email: string;
  passkeys: { id: string; name: string; added: string; lastUsed?: string }[];
  notifications: {
    /** The site's public VAPID key (base64url): what this phone subscribes with. */
    publicKey: string;
    /** This owner's devices that get notifications, oldest first. */
    devices: { id: string; name: string; added: string }[];
  };
}

export function AccountScreen({ data }: { data: AccountData }) {
  return (
    <>
      <p>
        Signed in as <strong>{data.email}</strong>.
      </p>
      <Notifications data={data.notifications} />
      <Card title="Passkeys" id="passkeys">
        <p>A passkey lets this phone or computer sign you in with its fingerprint, face or screen lock, without waiting for an email.</p>
        {data.passkeys.length === 0 ? (
          <p className={ui.muted}>No passkeys yet.</p>
        ) : (
          <ul className={ui.rowList}>
            {data.passkeys.map((p) => (
              <li key={p.id} className={ui.card}>
                <p>
                  <strong>{p.name}</strong>
                  <br />
                  <span className={ui.muted}>
                    Added {p.added}
                    {p.lastUsed ? `; last used ${p.lastUsed}` : "; not used yet"}
                  </span>
                </p>
                <DeskForm action={deskPath.passkeyRemove} confirm={`Remove the passkey "${p.name}"? That device will need an email to sign in again.`}>
                  <input type="hidden" name="id" value={p.id} />
                  <Button tone="danger" label={`Remove this passkey: ${p.name}`}>
                    Remove this passkey
                  </Button>
                </DeskForm>
              </li>
            ))}
          </ul>
        )}
        {/* The desk script shows the button where the browser can make passkeys (src/desk/client/passkey-add.ts). */}
        <div data-desk="passkey-add">
          <p className={ui.muted} data-desk-fallback>
            Adding a passkey needs a browser with JavaScript and passkeys (a recent phone or computer).
          </p>
          <button type="button" className={ui.button.primary} hidden>
            Add a passkey
          </button>
          <p className={ui.error} role="alert" data-desk-message />
        </div>
      </Card>
      <Card title="Signed in elsewhere?">
        <p>Lost a phone, or signed in on someone else's computer? This signs you out on every device, this one too, and stops their notifications. Passkeys stay.</p>
        <DeskForm action={deskPath.signOutEverywhere} confirm="Sign out on every device, this one too?">
          <Button tone="danger">Sign every device out</Button>
        </DeskForm>
      </Card>
    </>
  );
}

/**
 * "Turn on notifications" (shared/CONTRACT.md): this phone gets a notification for every new message
 * and review. The desk script (src/desk/client/push-setup.ts) shows what this phone can do: the button,
 * or on an iPhone not yet opened from the Home Screen how to get there, or why it cannot.
 */
function Notifications({ data }: { data: AccountData["notifications"] }) {
  return (
    <Card title="Notifications on this phone" id="notifications">
      <p>A new message or review shows on your phone within seconds, like a text: who, what about, the first line. Tap it to open the message. Emails keep coming as before.</p>
      <div data-desk="push-setup" data-public-key={data.publicKey} className={css.setup}>
        <p className={ui.muted} data-desk-fallback>
          Notifications need the desk open in a phone's browser with JavaScript (Safari, Chrome, Firefox, Samsung Internet).
        </p>
        <p data-push-state="on" hidden>
          <strong>This phone gets notifications.</strong>
        </p>
        <button type="button" className={ui.button.primary} data-push-state="off" hidden>
          Turn on notifications
        </button>
        <div data-push-state="ios" hidden>
          <p>
            <strong>On an iPhone, add the desk to your Home Screen first.</strong> Apple lets only apps on the Home Screen show notifications:
          </p>
          <ol className={css.steps}>
            <li>In Safari, tap the Share button (the square with an arrow pointing up).</li>
            <li>Tap “Add to Home Screen”, then “Add”.</li>
            <li>Open the desk from its new icon on your Home Screen, come back here, and tap “Turn on notifications”.</li>
          </ol>
        </div>
        <p data-push-state="blocked" hidden>
          Notifications are blocked for the desk on this phone. Allow them in the phone's settings for this browser (or for the desk's Home Screen app), then come back here.
        </p>
        <p className={ui.muted} data-push-state="unsupported" hidden>
          This browser cannot show the desk's notifications. Every message still comes by email.
        </p>
        <p className={ui.error} role="alert" data-desk-message />
      </div>
      <h3 className={css.subheading}>Devices that get notifications</h3>
      {data.devices.length === 0 ? (
        <p className={ui.muted}>None yet.</p>
      ) : (
        <ul className={ui.rowList}>
          {data.devices.map((d) => (
            <li key={d.id} className={ui.card} data-device={d.id}>
              <p>
                <strong>{d.name}</strong> <span className={css.thisPhone} data-this-device hidden>(this phone)</span>
                <br />
                <span className={ui.muted}>Turned on {d.added}</span>
              </p>
              <DeskForm action={deskPath.pushTurnOff} feature="push-turn-off">
                <input type="hidden" name="id" value={d.id} />
                <Button tone="quiet" label={`Turn off notifications on the ${d.name} turned on ${d.added}`}>
                  Turn off
                </Button>
              </DeskForm>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
