import type { ReactNode } from "react";
import type { Location } from "../content/locations";

/** Which drawing a hero shows: a town's theme, or "forest" for service pages. */
export type SceneName = Location["theme"] | "forest";

/*
 * Hero artwork drawn in SVG (no photos to license, nothing to download): the
 * ground of a 1440x640 landscape, from y=330 down, shown as a band under the
 * hero text so no shape ever sits behind a word. Cropped from the centre, so
 * a phone sees the middle of it; a very wide band loses the bottom edge (water,
 * road) rather than the sun and treetops.
 */
const W = 1440;
const H = 640;
const TOP = 330;

const palette = {
  glow: "#e7b35f",
  farHill: "#2f5c42",
  midHill: "#1f4530",
  nearHill: "#10291c",
  tree: "#0d2418",
  treeLight: "#173a27",
  trunk: "#241a12",
  waterTop: "#1f4f58",
  waterBottom: "#0e2c33",
  shimmer: "#9cc9c7",
  field: "#3b5a2a",
  fieldRow: "#2d4a20",
  fence: "#5b4330",
  brick: "#4a2c22",
  brickDark: "#371f18",
  window: "#f0c674",
  house: "#2c3f36",
  roof: "#1b2822",
  city: "#1a3340",
  cityDark: "#132833",
} as const;

/** Deterministic pseudo-random numbers (mulberry32): the server and the browser draw the same scene, so hydration matches. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function Pine({ x, y, h, fill = palette.tree }: { x: number; y: number; h: number; fill?: string }) {
  const w = h * 0.42;
  const tiers = [0, 0.3, 0.55].map((t) => {
    const top = y - h + t * h;
    const base = top + h * 0.5;
    const half = (w / 2) * (0.65 + t * 0.6);
    return `M${r1(x)} ${r1(top)}L${r1(x + half)} ${r1(base)}L${r1(x - half)} ${r1(base)}Z`;
  });
  return (
    <g fill={fill}>
      <rect x={r1(x - h * 0.03)} y={r1(y - h * 0.15)} width={r1(h * 0.06)} height={r1(h * 0.15)} fill={palette.trunk} />
      <path d={tiers.join("")} />
    </g>
  );
}

function Oak({ x, y, h, fill = palette.tree }: { x: number; y: number; h: number; fill?: string }) {
  const r = h * 0.28;
  return (
    <g fill={fill}>
      <rect x={r1(x - h * 0.04)} y={r1(y - h * 0.45)} width={r1(h * 0.08)} height={r1(h * 0.45)} fill={palette.trunk} />
      <circle cx={r1(x)} cy={r1(y - h * 0.7)} r={r1(r)} />
      <circle cx={r1(x - r * 0.9)} cy={r1(y - h * 0.55)} r={r1(r * 0.8)} />
      <circle cx={r1(x + r * 0.9)} cy={r1(y - h * 0.56)} r={r1(r * 0.85)} />
    </g>
  );
}

/** A row of trees along a ridge line, mixed pines and oaks, denser at the edges where no text sits. */
function TreeLine({ seed, y, count, minH, maxH, fill }: { seed: number; y: number; count: number; minH: number; maxH: number; fill?: string }) {
  const rand = seeded(seed);
  const trees: ReactNode[] = [];
  for (let i = 0; i < count; i++) {
    const x = (i + rand() * 0.8) * (W / count);
    const edge = Math.abs(x - W / 2) / (W / 2);
    const h = minH + (maxH - minH) * rand() * (0.5 + edge * 0.5);
    trees.push(rand() < 0.55 ? <Pine key={i} x={x} y={y + rand() * 8} h={h} fill={fill} /> : <Oak key={i} x={x} y={y + rand() * 8} h={h * 0.8} fill={fill} />);
  }
  return <g>{trees}</g>;
}

const Hill = ({ d, fill }: { d: string; fill: string }) => <path d={d} fill={fill} />;

/** A low sun behind the far hills; the sky itself is the hero's CSS gradient (see page-hero.css.ts). */
function Sun({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor={palette.glow} stopOpacity="0.55" />
          <stop offset="1" stopColor={palette.glow} stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="1150" cy="432" r="70" fill={`url(#${id}-glow)`} />
      <circle cx="1150" cy="432" r="36" fill={palette.glow} opacity="0.55" />
    </>
  );
}

function FarHills() {
  return (
    <>
      <Hill fill={palette.farHill} d="M0 470C180 420 320 440 470 455S760 420 900 440 1240 400 1440 430V640H0Z" />
      <TreeLine seed={3} y={452} count={34} minH={26} maxH={60} fill={palette.midHill} />
    </>
  );
}

function LakeScene({ id }: { id: string }) {
  const rand = seeded(11);
  const shimmer = Array.from({ length: 26 }, (_, i) => {
    const y = 520 + rand() * 110;
    const x = rand() * W;
    const len = 30 + rand() * 120;
    return <rect key={i} x={r1(x)} y={r1(y)} width={r1(len)} height="2.5" rx="1.25" fill={palette.shimmer} opacity={r1(0.15 + rand() * 0.25)} />;
  });
  return (
    <>
      <FarHills />
      <Hill fill={palette.midHill} d="M0 500C120 470 260 480 380 500L380 515H0Z" />
      <Hill fill={palette.midHill} d="M1000 515C1120 470 1300 465 1440 480V515Z" />
      <TreeLine seed={5} y={505} count={14} minH={60} maxH={120} />
      <defs>
        <linearGradient id={`${id}-water`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.waterTop} />
          <stop offset="1" stopColor={palette.waterBottom} />
        </linearGradient>
      </defs>
      <rect x="0" y="510" width={W} height="130" fill={`url(#${id}-water)`} />
      <ellipse cx="1150" cy="540" rx="120" ry="6" fill={palette.glow} opacity="0.3" />
      {shimmer}
      {/* A dock reaching into the water: lakefront life around Lake Murray. */}
      <g fill={palette.trunk}>
        <rect x="1180" y="548" width="200" height="9" />
        {[1190, 1240, 1290, 1340, 1370].map((x) => (
          <rect key={x} x={x} y="548" width="6" height="34" />
        ))}
      </g>
    </>
  );
}

function RuralScene() {
  const rows = Array.from({ length: 9 }, (_, i) => {
    const y = 540 + i * 12;
    return <path key={i} d={`M0 ${y + 10}C400 ${y - 6} 900 ${y + 14} 1440 ${y}`} stroke={palette.fieldRow} strokeWidth="4" fill="none" />;
  });
  const posts = Array.from({ length: 25 }, (_, i) => <rect key={i} x={i * 60 + 8} y="560" width="7" height="52" fill={palette.fence} />);
  return (
    <>
      <FarHills />
      <Hill fill={palette.field} d="M0 520C300 490 700 510 1000 500S1300 490 1440 505V640H0Z" />
      {rows}
      {/* A red barn on the far side of the field. */}
      <g transform="translate(1060 420)">
        <path d="M0 50L70 0L140 50V110H0Z" fill="#5e2a20" />
        <path d="M-8 54L70 -6L148 54" stroke={palette.roof} strokeWidth="10" fill="none" />
        <rect x="52" y="62" width="36" height="48" fill="#3b1913" />
        <path d="M52 62L88 110M88 62L52 110" stroke="#7a3a2c" strokeWidth="3" />
      </g>
      <Oak x={980} y={522} h={120} />
      <Oak x={160} y={525} h={130} />
      <Pine x={60} y={530} h={170} />
      <Pine x={1340} y={520} h={160} />
      <g fill={palette.fence}>
        {posts}
        <rect x="0" y="572" width={W} height="6" />
        <rect x="0" y="592" width={W} height="6" />
      </g>
    </>
  );
}

function Facade({ x, w, h, seed }: { x: number; w: number; h: number; seed: number }) {
  const rand = seeded(seed);
  const top = 600 - h;
  const cols = Math.max(2, Math.floor(w / 46));
  const windows: ReactNode[] = [];
  for (let row = 0; row < 2; row++) {
    for (let c = 0; c < cols; c++) {
      const wx = x + 14 + c * ((w - 28) / cols);
      const wy = top + 34 + row * 56;
      windows.push(
        <path key={`${row}-${c}`} d={`M${r1(wx)} ${wy + 30}V${wy + 10}a10 10 0 0 1 20 0V${wy + 30}Z`} fill={palette.window} opacity={r1(0.25 + rand() * 0.5)} />,
      );
    }
  }
  return (
    <g>
      <rect x={x} y={top} width={w} height={h} fill={seed % 2 ? palette.brick : palette.brickDark} />
      {/* Cornice and parapet: the 1900s main-street look of Newberry and Saluda. */}
      <rect x={x - 4} y={top - 10} width={w + 8} height="12" fill={palette.roof} />
      <rect x={x + w * 0.3} y={top - 22} width={w * 0.4} height="14" fill={palette.roof} />
      {windows}
      <rect x={x + 10} y="560" width={w - 20} height="40" fill={palette.roof} opacity="0.8" />
    </g>
  );
}

function HistoricScene() {
  const fronts = [
    { x: 180, w: 170, h: 190 },
    { x: 352, w: 140, h: 160 },
    { x: 494, w: 190, h: 175 },
    { x: 686, w: 150, h: 200 },
    { x: 838, w: 180, h: 165 },
    { x: 1020, w: 160, h: 185 },
  ];
  return (
    <>
      <FarHills />
      {/* An old courthouse-style tower behind the row. */}
      <g fill={palette.roof}>
        <rect x="1195" y="392" width="70" height="208" />
        <path d="M1185 394L1230 340L1275 394Z" />
      </g>
      <circle cx="1230" cy="425" r="16" fill={palette.window} opacity="0.5" />
      {fronts.map((f, i) => (
        <Facade key={f.x} {...f} seed={i + 1} />
      ))}
      <rect x="0" y="600" width={W} height="40" fill={palette.nearHill} />
      <rect x="0" y="598" width={W} height="4" fill="#3a4a40" />
      {[300, 760, 1120].map((x) => (
        <g key={x} fill={palette.roof}>
          <rect x={x} y="520" width="5" height="80" />
          <circle cx={x + 2.5} cy="516" r="8" fill={palette.window} opacity="0.7" />
        </g>
      ))}
      <Oak x={70} y={610} h={260} />
      <Oak x={1370} y={610} h={250} />
    </>
  );
}

function House({ x, w, seed }: { x: number; w: number; seed: number }) {
  const h = w * 0.55;
  const top = 590 - h;
  return (
    <g>
      <rect x={x} y={top} width={w} height={h} fill={seed % 2 ? palette.house : "#34473d"} />
      <path d={`M${x - 10} ${top + 2}L${x + w / 2} ${top - w * 0.35}L${x + w + 10} ${top + 2}Z`} fill={palette.roof} />
      <rect x={x + w * 0.15} y={top + h * 0.3} width={w * 0.18} height={h * 0.25} fill={palette.window} opacity="0.55" />
      <rect x={x + w * 0.65} y={top + h * 0.3} width={w * 0.18} height={h * 0.25} fill={palette.window} opacity="0.4" />
      <rect x={x + w * 0.42} y={top + h * 0.5} width={w * 0.16} height={h * 0.5} fill={palette.roof} />
    </g>
  );
}

function SuburbanScene() {
  return (
    <>
      <FarHills />
      <Hill fill={palette.midHill} d="M0 560C300 540 700 555 1000 548S1300 540 1440 550V640H0Z" />
      <House x={250} w={150} seed={1} />
      <House x={610} w={130} seed={2} />
      <House x={960} w={160} seed={3} />
      <Oak x={120} y={600} h={230} />
      <Oak x={490} y={598} h={170} />
      <Pine x={850} y={600} h={200} />
      <Oak x={1250} y={600} h={240} />
      <rect x="0" y="590" width={W} height="50" fill={palette.nearHill} />
      <rect x="0" y="612" width={W} height="10" fill="#2a3a32" />
    </>
  );
}

function UrbanScene() {
  const rand = seeded(21);
  const towers = Array.from({ length: 16 }, (_, i) => {
    const w = 50 + rand() * 50;
    const x = i * 88 + rand() * 20;
    const h = 80 + rand() * 120 * (0.4 + Math.abs(x - W / 2) / W);
    return <rect key={i} x={r1(x)} y={r1(540 - h)} width={r1(w)} height={r1(h)} fill={i % 2 ? palette.city : palette.cityDark} />;
  });
  return (
    <>
      {towers}
      {/* A state-house dome, for the capital city and its neighbours. */}
      <g fill={palette.cityDark}>
        <rect x="1080" y="420" width="200" height="120" />
        <path d="M1130 422a50 50 0 0 1 100 0Z" />
        <rect x="1174" y="350" width="12" height="30" />
      </g>
      <Hill fill={palette.midHill} d="M0 540H1440V640H0Z" />
      {/* The river that runs past Columbia, West Columbia and Cayce. */}
      <path d="M0 590C400 570 900 600 1440 578V612C900 630 400 600 0 622Z" fill={palette.waterTop} />
      <TreeLine seed={8} y={585} count={16} minH={70} maxH={140} />
      <rect x="0" y="620" width={W} height="20" fill={palette.nearHill} />
    </>
  );
}

function ForestScene() {
  return (
    <>
      <FarHills />
      <Hill fill={palette.midHill} d="M0 540C200 500 420 520 600 535S1000 500 1200 515 1400 520 1440 525V640H0Z" />
      <TreeLine seed={13} y={540} count={20} minH={70} maxH={170} fill={palette.treeLight} />
      <Hill fill={palette.nearHill} d="M0 590C300 570 600 585 900 580S1300 570 1440 580V640H0Z" />
      <TreeLine seed={17} y={600} count={9} minH={120} maxH={260} />
    </>
  );
}

const scenes: Record<SceneName, (p: { id: string }) => ReactNode> = {
  lake: LakeScene,
  rural: RuralScene,
  historic: HistoricScene,
  suburban: SuburbanScene,
  urban: UrbanScene,
  forest: ForestScene,
};

/** Decorative: hidden from assistive technology; the hero's text says everything. */
export function Scenery({ scene, className }: { scene: SceneName; className?: string }) {
  const Scene = scenes[scene];
  const id = `scene-${scene}`;
  return (
    <svg className={className} viewBox={`0 ${TOP} ${W} ${H - TOP}`} preserveAspectRatio="xMidYMin slice" aria-hidden="true" focusable="false" data-scene={scene}>
      <Sun id={id} />
      <Scene id={id} />
    </svg>
  );
}
