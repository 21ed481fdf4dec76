import { deskPath, sitePagePath, type SitePageKind } from "../desk-routes";
import { Button, Card, DeskForm, Field } from "../desk-ui";
import * as ui from "../desk-ui.css";
import type { PageField } from "../page-fields";
import { PreviewColumn } from "../preview-column";
import * as preview from "../preview-column.css";
import * as css from "./site-page-screen.css";

// The site's own pages in the desk (the desk server's screens/site-pages.ts fills these): the list
// of services (in order, to move), the list of towns, adding a town, and one page's fields.

export interface PageListItem {
  slug: string;
  name: string;
  href: string;
  /** One line under the name: "Home town", "Not on the map yet". */
  note?: string;
}

export interface ServicesData {
  items: PageListItem[];
  /** The order the owner sees: a move from an older list is refused. */
  version: string;
  publishes: boolean;
}

export function ServicesScreen({ data }: { data: ServicesData }) {
  return (
    <>
      <p className={ui.muted}>Tap a service to change its page. The arrows move it up or down in every list of services on the site.</p>
      <ol className={css.orderList}>
        {data.items.map((item, i) => (
          <li key={item.slug} className={css.orderItem}>
            <a className={css.itemLink} href={item.href}>
              {item.name}
            </a>
            <DeskForm action={deskPath.serviceOrder} className={css.moveForm}>
              <input type="hidden" name="slug" value={item.slug} />
              <input type="hidden" name="version" value={data.version} />
              <button type="submit" name="move" value="up" className={css.moveButton} disabled={i === 0 || !data.publishes} aria-label={`Move ${item.name} up`}>
                ↑
              </button>
              <button
                type="submit"
                name="move"
                value="down"
                className={css.moveButton}
                disabled={i === data.items.length - 1 || !data.publishes}
                aria-label={`Move ${item.name} down`}
              >
                ↓
              </button>
            </DeskForm>
          </li>
        ))}
      </ol>
    </>
  );
}

export interface TownsData {
  items: PageListItem[];
}

export function TownsScreen({ data }: { data: TownsData }) {
  return (
    <>
      <form method="get" action={deskPath.townAdd} className={css.addForm}>
        <button type="submit" className={ui.button.primary}>
          Add a town
        </button>
      </form>
      <ul className={ui.rowList}>
        {data.items.map((item) => (
          <li key={item.slug}>
            <a className={ui.linkRow} href={item.href}>
              <span>
                <span className={ui.linkRowTitle}>{item.name}</span>
                {item.note && <span className={ui.linkRowText}>{item.note}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The towns drawn for a tap: where one is, in the map's own units (SVG), and the latitude and longitude of its edges. */
export interface MapPick {
  width: number;
  height: number;
  bounds: { west: number; east: number; north: number; south: number };
  towns: { name: string; x: number; y: number; primary: boolean }[];
  lake: string;
  /** The town's own place, when it has one. */
  current?: { x: number; y: number };
}

/** The map to tap: with the desk script, a tap sets the two hidden fields; without it, the place stays as it is. */
function PlaceOnMap({ pick, label }: { pick: MapPick; label: string }) {
  return (
    <div className={css.pick} data-desk="map-pick" data-bounds={JSON.stringify(pick.bounds)}>
      <p className={ui.hint} id="map-pick-hint">
        {label} Needs the phone's browser with JavaScript; leave it to do later.
      </p>
      <input type="hidden" name="latitude" defaultValue="" />
      <input type="hidden" name="longitude" defaultValue="" />
      <svg className={css.pickMap} viewBox={`0 0 ${pick.width} ${pick.height}`} role="img" aria-label="Map of the area you serve" aria-describedby="map-pick-hint">
        <path d={pick.lake} className={css.lake} />
        {pick.towns.map((t) => (
          <g key={t.name}>
            <circle cx={t.x} cy={t.y} r={t.primary ? 9 : 6} className={t.primary ? css.homeDot : css.dot} />
            <TownName town={t} width={pick.width} />
          </g>
        ))}
        <circle data-pick-dot cx={pick.current?.x ?? -100} cy={pick.current?.y ?? -100} r={11} className={css.pickDot} />
      </svg>
      <p className={ui.hint} data-pick-status aria-live="polite" />
    </div>
  );
}

/** About the width of a letter of the names (css.townName's 19 px), to keep a name inside the drawing. */
const LETTER_WIDTH = 11;

/** A town's name right of its dot, or left of it where it would run past the map's right edge. */
function TownName({ town, width }: { town: MapPick["towns"][number]; width: number }) {
  const long = town.name.length * LETTER_WIDTH;
  const left = town.x + 10 + long > width && town.x - 10 - long >= 0;
  return (
    <text x={left ? town.x - 10 : town.x + 10} y={town.y + 6} textAnchor={left ? "end" : undefined} className={css.townName}>
      {town.name}
    </text>
  );
}

export interface TownAddData {
  name: string;
  error?: string;
  pick: MapPick;
}

export function TownAddScreen({ data }: { data: TownAddData }) {
  return (
    <DeskForm action={deskPath.townAdd} className={ui.stack} noValidate>
      <Field name="name" id="town-name" label="Town" value={data.name} error={data.error} hint="Its name as people write it, like Pelion. Its page is made for you to change after." autoComplete="off" />
      <PlaceOnMap pick={data.pick} label="Then tap the map where it is, so it shows on the site's map." />
      <div className={ui.actions}>
        <Button>Add</Button>
        <a href={deskPath.serviceAreas}>Back to the towns</a>
      </div>
    </DeskForm>
  );
}

export interface SitePageData {
  kind: SitePageKind;
  slug: string;
  /** The page's name: "Tree Removal", "Irmo", "Home page". */
  name: string;
  /** content/services/tree-removal.md: the file the build names in its problems. */
  file: string;
  baseSha: string;
  /** Where the page is on the site. */
  liveUrl: string;
  groups: { id: string; heading: string; open: boolean }[];
  fields: PageField[];
  /** By field name (and "heroPhoto"), in the build's words. */
  errors: Record<string, string>;
  /** Problems with values the form does not show, as the build prints them. */
  other: string[];
  /** The hero photo the page has now: its thumbnail and file. */
  photo?: { thumb?: string; file: string };
  /** Another save came first: each field that differs. */
  conflict?: { label: string; saved: string; yours: string }[];
  publishes: boolean;
  /** Towns: where it is on the map, to place or move it; and whether it may be taken off (not the home town). */
  pick?: MapPick;
  removable?: boolean;
}

export function SitePageScreen({ data }: { data: SitePageData }) {
  const problems = Object.entries(data.errors);
  const fieldId = (name: string) => `page-${name.replaceAll(".", "-").replace(/[()]/g, "")}`;
  return (
    <div className={preview.layout}>
      <div className={css.editorColumn}>
      {data.conflict && (
        <div className={css.problems} role="alert">
          <h2 className={css.problemsTitle}>Not saved: changed since you opened it</h2>
          <p>
            The page was saved from somewhere else after you opened it. Nothing was saved from here. The form shows what you typed; press Save to keep yours, or{" "}
            <a href={sitePagePath(data.kind, data.slug)}>start again from what is saved now</a>.
          </p>
          {data.conflict.length > 0 && (
            <table className={css.compare}>
              <caption className={ui.muted}>What differs</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Saved now</th>
                  <th scope="col">Yours</th>
                </tr>
              </thead>
              <tbody>
                {data.conflict.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.saved || "(empty)"}</td>
                    <td>{row.yours || "(empty)"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {(problems.length > 0 || data.other.length > 0) && (
        <div className={css.problems} role="alert">
          <h2 className={css.problemsTitle}>Not saved: please fix {problems.length + data.other.length === 1 ? "this" : "these"}</h2>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>
                <a href={`#${field === "heroPhoto" ? "page-hero-photo" : fieldId(field)}`}>{`${data.file}: ${field}: ${message}`}</a>
              </li>
            ))}
            {data.other.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <p className={css.links}>
        <a href={data.liveUrl}>See it on the site</a>
        <a href={sitePagePath(data.kind, data.slug, "history")}>Earlier versions</a>
      </p>
      <DeskForm action={sitePagePath(data.kind, data.slug)} className={ui.stack} noValidate feature="page-editor">
        <input type="hidden" name="baseSha" value={data.baseSha} />
        <input type="hidden" name="heroPhotoSha" defaultValue="" />
        <input type="hidden" name="heroPhotoName" defaultValue="" />
        <fieldset disabled={!data.publishes} className={css.whole}>
          {data.groups.map((group) => (
            <details key={group.id} className={css.group} open={group.open || data.fields.some((f) => f.group === group.id && data.errors[f.name] !== undefined) || undefined}>
              <summary className={css.summary}>{group.heading}</summary>
              <div className={css.groupFields}>
                {data.fields
                  .filter((f) => f.group === group.id)
                  .map((f) => (
                    <div key={f.name}>
                      {f.label === "Hero photo description" && <HeroPhoto data={data} />}
                      <Field
                        name={f.name}
                        id={fieldId(f.name)}
                        label={f.label}
                        value={f.value}
                        error={data.errors[f.name]}
                        // The build's own name for the value, as its problems say `file: field: problem`.
                        hint={`${data.file}: ${f.name === "(body)" ? "the text below the front matter (Markdown)" : f.name}${f.optional ? " (may be left empty)" : ""}`}
                        multiline={f.kind !== "text"}
                      />
                    </div>
                  ))}
              </div>
            </details>
          ))}
          {data.pick && (
            <details className={css.group} open={!data.pick.current || undefined}>
              <summary className={css.summary}>{data.pick.current ? "Place on the map" : "Place on the map (not on it yet)"}</summary>
              <div className={css.groupFields}>
                <PlaceOnMap pick={data.pick} label={data.pick.current ? "The big dot is where it is now: tap elsewhere to move it." : "Tap the map where it is, then Save."} />
              </div>
            </details>
          )}
          <div className={css.saveBar}>
            {/* Without the desk script: the page as it will be published, as a page of its own. */}
            <button type="submit" formAction={sitePagePath(data.kind, data.slug, "preview")} className={`${ui.button.quiet} ${preview.previewButton}`} data-preview-button>
              Preview
            </button>
            <Button>Save</Button>
          </div>
        </fieldset>
      </DeskForm>
      {data.removable && (
        <Card title="Take this town off the site">
          <p>Its page goes, and its old address leads visitors to the nearest town you serve. It is kept in the history.</p>
          <DeskForm action={sitePagePath("town", data.slug, "remove")} confirm={`Take ${data.name} off the site?`}>
            <input type="hidden" name="baseSha" value={data.baseSha} />
            <Button tone="danger">Remove {data.name}</Button>
          </DeskForm>
        </Card>
      )}
      </div>
      <PreviewColumn title={`${data.name} as it will look on the site`} />
    </div>
  );
}

function HeroPhoto({ data }: { data: SitePageData }) {
  const error = data.errors.heroPhoto;
  return (
    <div className={`${ui.field} ${css.heroField}`} id="page-hero-photo" data-hero-photo>
      {data.photo?.thumb && <img className={css.thumb} src={data.photo.thumb} alt="" width={240} height={135} />}
      {data.photo && <p className={ui.hint}>Now: {data.photo.file}</p>}
      <label className={ui.label} htmlFor="hero-photo-file">
        Hero photo
      </label>
      <p className={ui.hint} id="hero-photo-hint">
        A photo from the camera or the phone's photos, shown at the top of the page instead of the drawing. Say what it shows below.
      </p>
      <input id="hero-photo-file" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/*" className={css.file} aria-describedby="hero-photo-hint hero-photo-status" aria-invalid={error ? true : undefined} data-hero-file />
      <progress className={css.progress} max={1} value={0} hidden data-hero-progress />
      <p className={error ? ui.error : ui.hint} id="hero-photo-status" aria-live="polite" data-hero-status>
        {error ?? ""}
      </p>
      {data.photo && (
        <label className={ui.check}>
          <input type="checkbox" name="removeHeroPhoto" value="yes" className={ui.checkBox} /> Show the drawing instead of a photo
        </label>
      )}
    </div>
  );
}

export interface PageHistoryData {
  kind: SitePageKind;
  slug: string;
  name: string;
  baseSha: string;
  items: { id: string; when: string; event: string; by?: string; current: boolean }[];
}

const eventWords: Record<string, string> = { found: "Changed outside the desk", saved: "Saved", restored: "Restored", deleted: "Removed", published: "Saved" };

export function PageHistoryScreen({ data }: { data: PageHistoryData }) {
  return (
    <>
      <p>
        <a href={sitePagePath(data.kind, data.slug)}>← Back to {data.name}</a>
      </p>
      {data.items.length === 0 && <p>No earlier versions yet: the first is kept when the page is first saved here.</p>}
      <ol className={ui.rowList}>
        {data.items.map((item) => (
          <li key={item.id} className={css.historyItem}>
            <span>
              <span className={ui.linkRowTitle}>{eventWords[item.event] ?? item.event}</span>
              <span className={ui.linkRowText}>
                {item.when}
                {item.by ? ` · ${item.by}` : ""}
                {item.current ? " · the page as it is now" : ""}
              </span>
            </span>
            {!item.current && (
              <DeskForm action={sitePagePath(data.kind, data.slug, "restore")} className={css.moveForm} confirm="Put the page back as it was then?">
                <input type="hidden" name="versionId" value={item.id} />
                <input type="hidden" name="baseSha" value={data.baseSha} />
                <Button tone="quiet" label={`Restore this version: ${item.when}`}>
                  Restore
                </Button>
              </DeskForm>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
