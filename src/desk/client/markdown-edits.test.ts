import { describe, expect, it } from "vitest";
import { applyEdit, continueBlock, insertLink, insertPhoto, putTable, tableAt, toggleInline, toggleLines, type Edit, type Selection } from "./markdown-edits";

/** `text` with `[` `]` marking the selection (or `|` the cursor). */
function sel(marked: string): Selection {
  const caret = marked.indexOf("|");
  if (caret !== -1) return { text: marked.replace("|", ""), start: caret, end: caret };
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return { text: marked.replace("[", "").replace("]", ""), start, end };
}
/** The result, marked the same way. */
function show(s: Selection, edit: Edit): string {
  const r = applyEdit(s.text, edit);
  return r.start === r.end ? `${r.text.slice(0, r.start)}|${r.text.slice(r.start)}` : `${r.text.slice(0, r.start)}[${r.text.slice(r.start, r.end)}]${r.text.slice(r.end)}`;
}
const run = (marked: string, f: (s: Selection) => Edit) => show(sel(marked), f(sel(marked)));

describe("the post editor's toolbar", () => {
  it("makes the selection bold or italic, and takes it off again", () => {
    expect(run("Rake [early] in fall.", (s) => toggleInline(s, "**", "bold text"))).toBe("Rake **[early]** in fall.");
    expect(run("Rake **[early]** in fall.", (s) => toggleInline(s, "**", "bold text"))).toBe("Rake [early] in fall.");
    expect(run("Rake [**early**] in fall.", (s) => toggleInline(s, "**", "bold text"))).toBe("Rake [early] in fall.");
    expect(run("Rake [early ]in fall.", (s) => toggleInline(s, "*", "italic text"))).toBe("Rake *[early]* in fall.");
    expect(run("Rake **[early]** in fall.", (s) => toggleInline(s, "*", "italic text"))).toBe("Rake ***[early]*** in fall.");
    expect(run("Rake ea|rly in fall.", (s) => toggleInline(s, "**", "bold text"))).toBe("Rake **[early]** in fall.");
    expect(run("Rake | in fall.", (s) => toggleInline(s, "**", "bold text"))).toBe("Rake **[bold text]** in fall.");
  });

  it("makes lines a heading, a list or a quote, and plain again", () => {
    expect(run("Intro.\n\nWhy |now", (s) => toggleLines(s, "heading"))).toBe("Intro.\n\n## Why now|");
    expect(run("## Why |now", (s) => toggleLines(s, "heading"))).toBe("Why now|");
    expect(run("### Why |now", (s) => toggleLines(s, "heading"))).toBe("## Why now|");
    expect(run("Intro.\nWhy |now", (s) => toggleLines(s, "subheading"))).toBe("Intro.\n\n### Why now|");
    expect(run("Intro.\n\n[rake\nmulch\nwait]", (s) => toggleLines(s, "bullets"))).toBe("Intro.\n\n[- rake\n- mulch\n- wait]");
    expect(run("[- rake\n- mulch]", (s) => toggleLines(s, "bullets"))).toBe("[rake\nmulch]");
    expect(run("[- rake\n- mulch]", (s) => toggleLines(s, "numbers"))).toBe("[1. rake\n2. mulch]");
    expect(run("[A quote.]", (s) => toggleLines(s, "quote"))).toBe("[> A quote.]");
  });

  it("links the selection", () => {
    expect(run("See [our services].", (s) => insertLink(s, "/services/tree-removal", ""))).toBe("See [our services](/services/tree-removal)|.");
    expect(run("See |.", (s) => insertLink(s, "https://www.arborday.org", "Arbor Day"))).toBe("See [Arbor Day](https://www.arborday.org)|.");
  });

  it("puts a photo on a paragraph of its own", () => {
    expect(run("One.|\nTwo.", (s) => insertPhoto(s, "The crew raking leaves", "the-crew-raking-leaves.jpg"))).toBe(
      "One.\n\n![The crew raking leaves](./the-crew-raking-leaves.jpg)|\n\nTwo.",
    );
  });

  it("continues a list on Enter, and ends it on an empty item", () => {
    expect(run("- rake|", continueBlock as (s: Selection) => Edit)).toBe("- rake\n- |");
    expect(run("1. rake|", continueBlock as (s: Selection) => Edit)).toBe("1. rake\n2. |");
    expect(run("- [x] rake|", continueBlock as (s: Selection) => Edit)).toBe("- [x] rake\n- [ ] |");
    expect(run("- rake\n- |", continueBlock as (s: Selection) => Edit)).toBe("- rake\n|");
    expect(continueBlock(sel("Plain|"))).toBeUndefined();
  });

  it("writes a table as a person would, and edits the one under the cursor", () => {
    const added = run("Costs:|", (s) => putTable(s, { rows: [["Job", "Typical cost"], ["Trimming a small tree", "$300"]], align: ["", "right"] }));
    expect(added).toBe("Costs:\n\n| Job                   | Typical cost |\n| --------------------- | -----------: |\n| Trimming a small tree | $300         ||\n");
    const readme = "| Job | Typical cost |\n|-----|-------------:|\n| Trimming a small tree | $300 |\n";
    const found = tableAt({ text: readme, start: 30, end: 30 });
    expect(found?.cells).toEqual({ rows: [["Job", "Typical cost"], ["Trimming a small tree", "$300"]], align: ["", "right"] });
    const edited = applyEdit(readme, putTable({ text: readme, start: 30, end: 30 }, { ...found!.cells, rows: [...found!.cells.rows, ["Grinding a stump", "$150 | $250"]] }));
    expect(edited.text).toContain("| Grinding a stump      | $150 \\| $250 |\n");
    expect(tableAt({ text: edited.text, start: 5, end: 5 })?.cells.rows[2]).toEqual(["Grinding a stump", "$150 | $250"]);
  });
});
