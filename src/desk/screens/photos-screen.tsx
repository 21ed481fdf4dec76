import { deskPath } from "../desk-routes";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./site-page-screen.css";

/** The desk's Photos: every photo the owner added (the desk server's pages/photo-library.ts lists them). */
export interface PhotosData {
  photos: {
    /** Inside content/: services/photos/crane.jpg. */
    file: string;
    thumb?: string;
    uses: { where: string; alt: string; href: string }[];
  }[];
}

export function PhotosScreen({ data }: { data: PhotosData }) {
  return (
    <>
      <p className={ui.muted}>Every photo on the site, and where it shows. A photo replaced here changes on every page that shows it.</p>
      {data.photos.length === 0 && <p>No photos yet: add one to a post, a service, a town or the home page.</p>}
      {data.photos.map((photo, i) => (
        <Card key={photo.file} title={photo.file.split("/").at(-1)}>
          {photo.thumb && <img className={css.thumb} src={photo.thumb} alt="" width={240} height={135} loading={i > 3 ? "lazy" : undefined} />}
          <p className={`${ui.hint} ${css.photoCard}`}>content/{photo.file}</p>
          {photo.uses.length === 0 ? (
            <p>Not used on any page.</p>
          ) : (
            <ul>
              {photo.uses.map((use) => (
                <li key={use.where}>
                  <a href={use.href}>{use.where}</a>: “{use.alt || "no description"}”
                </li>
              ))}
            </ul>
          )}
          <DeskForm action={deskPath.photoReplace} feature="photo-replace" className={`${ui.stack} ${css.photoCard}`}>
            <input type="hidden" name="file" value={photo.file} />
            <input type="hidden" name="sha" defaultValue="" />
            <label className={ui.label} htmlFor={`replace-${i}`}>
              New photo for {photo.uses.length > 1 ? "all these places" : "it"}
            </label>
            <input id={`replace-${i}`} type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/*" className={css.file} aria-describedby={`replace-${i}-status`} />
            <progress className={css.progress} max={1} value={0} hidden />
            <p className={ui.hint} id={`replace-${i}-status`} data-replace-status aria-live="polite">
              Choosing one puts it in place at once. Needs the phone's browser with JavaScript.
            </p>
            <Button tone="quiet">Replace everywhere</Button>
          </DeskForm>
          {photo.uses.length === 0 && (
            <DeskForm action={deskPath.photoRemove} confirm="Remove this photo from the site's files?">
              <input type="hidden" name="file" value={photo.file} />
              <Button tone="danger">Remove</Button>
            </DeskForm>
          )}
        </Card>
      ))}
    </>
  );
}
