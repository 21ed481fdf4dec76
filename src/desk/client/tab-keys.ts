/**
 * The keys of a tab list (WAI-ARIA's tabs pattern): one stop for Tab, the selected tab; the
 * arrow keys, Home and End move between the tabs, Enter opens one (the desk's tabs are links).
 * Without this script every tab is a stop of its own, so none is out of reach.
 */
export function startTabKeys(doc: Document): void {
  for (const list of doc.querySelectorAll<HTMLElement>('[role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    for (const tab of tabs) tab.tabIndex = tab.getAttribute("aria-selected") === "true" ? 0 : -1;
    list.addEventListener("keydown", (event) => {
      const at = tabs.findIndex((tab) => tab === event.target);
      if (at < 0) return;
      const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      tabs[(next + tabs.length) % tabs.length]?.focus();
    });
  }
}
