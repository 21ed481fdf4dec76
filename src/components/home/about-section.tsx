import type { Home } from "../../content/home";
import { container, section } from "../../styles/layout.css";
import { FeatureCards } from "../feature-cards";
import { SectionHeader } from "../section-header";
import { TopicIcon } from "../topic-icon";
import * as css from "./home.css";

/** About (id "about"): who we are, then the six benefit cards. */
export function AboutSection({ about, benefits }: Pick<Home, "about" | "benefits">) {
  return (
    <section id="about" className={section} aria-labelledby="about-title">
      <div className={container}>
        <SectionHeader id="about-title" title={about.heading} />
        <div className={css.aboutText}>
          {about.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <FeatureCards cards={benefits.map((b) => ({ title: b.title, description: b.description, icon: <TopicIcon name={b.icon} /> }))} />
      </div>
    </section>
  );
}
