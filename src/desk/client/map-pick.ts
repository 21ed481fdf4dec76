// "Place on the map" (src/desk/screens/site-page-screen.tsx): a tap on the drawn towns puts the
// dot there and its latitude and longitude into the form. The map is an equirectangular drawing
// (src/components/map/projection.ts), so its edges' degrees give every point's by proportion.

export function start(element: HTMLElement): void {
  const svg = element.querySelector("svg");
  const dot = element.querySelector<SVGCircleElement>("[data-pick-dot]");
  const latitude = element.querySelector<HTMLInputElement>('input[name="latitude"]');
  const longitude = element.querySelector<HTMLInputElement>('input[name="longitude"]');
  const status = element.querySelector<HTMLElement>("[data-pick-status]");
  const bounds: { west: number; east: number; north: number; south: number } = JSON.parse(element.dataset.bounds ?? "{}");
  if (!svg || !dot || !latitude || !longitude || !status) return;
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const { width, height } = svg.viewBox.baseVal;
    const x = ((event.clientX - box.left) / box.width) * width;
    const y = ((event.clientY - box.top) / box.height) * height;
    dot.setAttribute("cx", String(x));
    dot.setAttribute("cy", String(y));
    latitude.value = (bounds.north - (y / height) * (bounds.north - bounds.south)).toFixed(4);
    longitude.value = (bounds.west + (x / width) * (bounds.east - bounds.west)).toFixed(4);
    status.textContent = "Placed. It shows there on the site's map once it is saved.";
    element.closest("form")?.dispatchEvent(new Event("change", { bubbles: true }));
  });
}
