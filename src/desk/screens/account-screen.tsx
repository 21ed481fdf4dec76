import { deskPath } from "../desk-routes";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";

/** The signed-in owner's passkeys, and signing out everywhere (the desk server's screens/account.ts). */
export interface AccountData {
  email: string;
  passkeys: { id: string; name: string; added: string; lastUsed?: string }[];
}

export function AccountScreen({ data }: { data: AccountData }) {
  return (
    <>
      <p>
        Signed in as <strong>{data.email}</strong>.
      </p>
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
        <p>Lost a phone, or signed in on someone else's computer? This signs you out on every device, this one too. Passkeys stay.</p>
        <DeskForm action={deskPath.signOutEverywhere} confirm="Sign out on every device, this one too?">
          <Button tone="danger">Sign every device out</Button>
        </DeskForm>
      </Card>
    </>
  );
}
