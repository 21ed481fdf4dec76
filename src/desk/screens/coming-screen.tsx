import type { DeskSectionScreen } from "../desk-routes";
import { Card } from "../desk-ui";

/** A section not built yet: says so, and how to do its job meanwhile. Replaced by each section's own screen. */
export interface ComingData {
  section: DeskSectionScreen;
}

const meanwhile: Record<DeskSectionScreen, string> = {
  messages: "Every message still comes to you by email the moment it is sent. On the server, npm run submissions lists them all.",
  reviews: "Each new review still comes by email with an Approve and a Reject link. On the server, npm run reviews lists them.",
  posts: "Posts are still written as files in content/blog on the server (README: Add a blog post).",
  business: "",
  visits: "",
};

export function ComingScreen({ data }: { data: ComingData }) {
  return (
    <Card>
      <p>This part of the desk is coming soon.</p>
      <p>{meanwhile[data.section]}</p>
    </Card>
  );
}
