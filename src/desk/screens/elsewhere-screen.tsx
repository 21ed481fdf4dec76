import { Card } from "../desk-ui";

/**
 * A section this server cannot do because it does not build the site (the contact function
 * alone, the static-host recipe): says where its job is done instead.
 */
export interface ElsewhereData {
  section: "posts" | "pages";
}

const where: Record<ElsewhereData["section"], string> = {
  posts:
    "This server does not build the site, so posts are written where it is built: as files in content/blog, published by its next build. With npm start, posts are written here.",
  pages:
    "This server does not build the site, so its pages are changed where it is built: as files in content/services, content/locations and content/home.json, published by its next build. With npm start, they are changed here.",
};

export function ElsewhereScreen({ data }: { data: ElsewhereData }) {
  return (
    <Card>
      <p>{where[data.section]}</p>
    </Card>
  );
}
