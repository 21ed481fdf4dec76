import type { HistoryItem } from "../../content/post-form";
import { deskPath } from "../desk-routes";
import { Button, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./posts.css";

/** A post's versions, newest first, each of which can be made the post again. */
export interface PostHistoryData {
  slug: string;
  title: string;
  /** The post's file as this page shows it: a restore over a newer one is refused. */
  baseSha: string;
  items: (HistoryItem & { when: string })[];
}

const eventText: Record<HistoryItem["event"], string> = {
  found: "Changed outside the desk (on the server)",
  saved: "Draft saved",
  published: "Published",
  scheduled: "Scheduled",
  unpublished: "Taken off the site",
  deleted: "Deleted",
  restored: "Restored",
};

export function PostHistoryScreen({ data }: { data: PostHistoryData }) {
  return (
    <>
      <p>
        Every version of “{data.title}” the desk saved, newest first. Restoring one makes it the post again (and publishes it, if the post is published); the
        version it replaces stays here too.
      </p>
      <p>
        <a href={`${deskPath.postEdit}/${data.slug}`}>Back to the post</a>
      </p>
      {data.items.length === 0 ? (
        <p>No versions yet: they are kept from the first time the desk saves the post.</p>
      ) : (
        <ol className={css.history}>
          {data.items.map((item) => (
            <li key={item.id} className={css.historyItem}>
              <span>
                <strong>{eventText[item.event]}</strong> <span className={ui.muted}>{item.when}</span>
                <span className={ui.linkRowText}>
                  “{item.title}”{item.by ? ` by ${item.by}` : ""}
                </span>
              </span>
              <DeskForm action={deskPath.postRestore} className={css.inlineForm} confirm={`Make the version of ${item.when} the post again?`}>
                <input type="hidden" name="versionId" value={item.id} />
                <input type="hidden" name="slug" value={data.slug} />
                <input type="hidden" name="baseSha" value={data.baseSha} />
                <Button tone="quiet" label={`Restore the version of ${item.when}`}>
                  Restore
                </Button>
              </DeskForm>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
