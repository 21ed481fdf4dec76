import type { PostListItem } from "../../content/post-form";
import { deskPath, sectionPath } from "../desk-routes";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./posts.css";

/** The Posts screen: every post, the unsaved ones, and those that are gone (the desk server's screens/posts.ts fills it). */
export interface PostsData {
  query: string;
  /** Each post with its date: as the blog prints it (published), or its moment on the business clock (scheduled). */
  posts: (PostListItem & { when: string })[];
  /** New posts written but never saved: autosave kept them. */
  unsavedNew: { postId: string; title: string; when: string }[];
  /** Deleted in the desk, or gone from content/ without it: each can be brought back. */
  gone: { postId: string; title: string; when: string; deletedInDesk: boolean }[];
  /** The post just deleted: its Undo comes first. */
  justDeleted?: { postId: string; title: string };
}

const statusText = (p: PostsData["posts"][number]): string =>
  p.status === "published"
    ? `Published ${p.when}`
    : p.status === "scheduled"
      ? `Goes live ${p.when}`
      : p.status === "draft"
        ? "Draft: not on the site"
        : "Has a mistake: open it to see what to fix";

export function PostsScreen({ data }: { data: PostsData }) {
  return (
    <>
      {data.justDeleted && (
        <div className={css.banner} role="status">
          <p className={css.bannerText}>“{data.justDeleted.title}” was deleted.</p>
          <BringBack postId={data.justDeleted.postId} label="Undo" />
        </div>
      )}
      <div className={css.listTop}>
        <form method="get" action={deskPath.postNew} className={css.newForm}>
          <Button>New post</Button>
        </form>
        <form method="get" action={sectionPath("posts")} className={css.search} role="search">
          <label className={ui.label} htmlFor="post-search">
            Search by title
          </label>
          <div className={css.searchRow}>
            <input className={ui.control} id="post-search" name="q" type="search" defaultValue={data.query} enterKeyHint="search" />
            <button type="submit" className={ui.button.quiet}>
              Search
            </button>
          </div>
        </form>
      </div>
      {data.unsavedNew.length > 0 && (
        <Card title="Not saved yet">
          <ul className={ui.rowList}>
            {data.unsavedNew.map((d) => (
              <li key={d.postId}>
                <a className={ui.linkRow} href={`${deskPath.postNew}?unsaved=${encodeURIComponent(d.postId)}`}>
                  <span>
                    <span className={ui.linkRowTitle}>{d.title}</span>
                    <span className={ui.linkRowText}>Written {d.when}, not saved: open it to go on</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {data.posts.length === 0 ? (
        <p>{data.query ? `No post has “${data.query}” in its title.` : "No posts yet: write the first one with New post."}</p>
      ) : (
        <ul className={ui.rowList} aria-label="Posts">
          {data.posts.map((p) => (
            <li key={p.slug}>
              <a className={ui.linkRow} href={`${deskPath.postEdit}/${p.slug}`}>
                <span>
                  <span className={ui.linkRowTitle}>{p.title}</span>
                  <span className={`${ui.linkRowText} ${css.status[p.status]}`}>{statusText(p)}</span>
                  {p.unsaved && <span className={ui.linkRowText}>Has changes not published yet</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {data.gone.length > 0 && (
        <Card title="Deleted posts">
          <ul className={css.goneList}>
            {data.gone.map((g) => (
              <li key={g.postId} className={css.goneItem}>
                <span>
                  <strong>{g.title}</strong>
                  <span className={ui.linkRowText}>{g.deletedInDesk ? `Deleted ${g.when}` : `Gone from the server's files (last kept ${g.when})`}</span>
                </span>
                <BringBack postId={g.postId} label={`Bring back: ${g.title}`} text="Bring back" />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

function BringBack({ postId, label, text }: { postId: string; label: string; text?: string }) {
  return (
    <DeskForm action={deskPath.postBringBack} className={css.inlineForm}>
      <input type="hidden" name="postId" value={postId} />
      <Button tone="quiet" label={text ? label : undefined}>
        {text ?? label}
      </Button>
    </DeskForm>
  );
}
