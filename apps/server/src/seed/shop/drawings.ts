import type { Random } from '#server/seed/community/bulk.ts';
import { BODY, FACE, sticksAndButtons } from '#server/seed/community/pictures.ts';

/**
 * Product shots for the demo shop, drawn as SVG: the community seed's controller outline and
 * buttons on a plain studio background, in the colour of each variant, and simple drawings of the
 * accessories and parts. No text: the machine that seeds may have no fonts.
 */
type DrawingKind =
  | 'pad'
  | 'pad-back'
  | 'arcade'
  | 'dock'
  | 'case'
  | 'cable'
  | 'adapter'
  | 'grips'
  | 'skin'
  | 'clip'
  | 'bag'
  | 'stick-module'
  | 'paddles'
  | 'buttons'
  | 'trigger-kit'
  | 'battery'
  | 'dpad';

export interface Drawing {
  kind: DrawingKind;
  colour: string;
  /** A second colour: buttons, trim, LEDs. */
  accent?: string;
}

/** Pixels of the stored original (the drawing's own units are 800 × 800): enough for a phone's detail page, quick to render. */
const SIZE = 640;

export function drawProduct(rng: Random, drawing: Drawing): string {
  const subject = subjects[drawing.kind](rng, drawing.colour, drawing.accent ?? '#3b6fd8');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f9fb"/><stop offset="1" stop-color="#e2e6ed"/></linearGradient>
<radialGradient id="shine" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.4"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="650" rx="310" ry="26" fill="#000" opacity="0.12"/>
<g transform="translate(400 400) scale(0.9)">${subject}</g>
</svg>`;
}

type Subject = (rng: Random, colour: string, accent: string) => string;

const shoulders = `<path d="M-250 -118 Q-200 -150 -120 -140 L-130 -110 Q-200 -115 -240 -95Z" fill="#222"/>
<path d="M250 -118 Q200 -150 120 -140 L130 -110 Q200 -115 240 -95Z" fill="#222"/>`;

const pad = (colour: string, inner: string) =>
  `<path d="${BODY}" fill="${colour}" stroke="#111" stroke-width="6"/><path d="${BODY}" fill="url(#shine)"/>${inner}`;

const paddle = (x: number, y: number, turn: number, colour: string) =>
  `<rect x="${x - 20}" y="${y - 45}" width="40" height="100" rx="18" fill="${colour}" stroke="#111" stroke-width="4" transform="rotate(${turn} ${x} ${y})"/>`;

const subjects: Record<DrawingKind, Subject> = {
  pad: (rng, colour) => `${shoulders}${pad(colour, sticksAndButtons(rng, 210, false))}`,
  'pad-back': (_rng, colour, accent) =>
    `<rect x="-270" y="-160" width="130" height="60" rx="24" fill="#222"/><rect x="140" y="-160" width="130" height="60" rx="24" fill="#222"/>
${pad(colour, `<rect x="-90" y="-40" width="180" height="110" rx="30" fill="#000" opacity="0.25"/>`)}
${[[-235, 95, 14], [-165, 115, 8], [165, 115, -8], [235, 95, -14]].map(([x, y, t]) => paddle(x!, y!, t!, accent)).join('')}`,
  arcade: (_rng, colour, accent) => {
    const buttons = [[40, -60], [120, -80], [200, -80], [280, -70], [30, 30], [110, 10], [190, 10], [270, 20]]
      .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="32" fill="${i % 4 === 0 ? '#f2f2f2' : accent}" stroke="#111" stroke-width="5"/>`)
      .join('');
    return `<path d="M-360 -150 L360 -150 L380 170 L-380 170Z" fill="${colour}" stroke="#111" stroke-width="8"/>
<rect x="-340" y="-132" width="700" height="18" fill="#fff" opacity="0.1"/>
<circle cx="-200" cy="-10" r="60" fill="#0c0c0c"/><rect x="-209" y="-120" width="18" height="110" fill="#bbb"/>
<circle cx="-200" cy="-130" r="48" fill="${accent}" stroke="#111" stroke-width="5"/><circle cx="-215" cy="-145" r="14" fill="#fff" opacity="0.5"/>${buttons}`;
  },
  dock: (rng, colour, accent) => `<rect x="-300" y="110" width="600" height="110" rx="40" fill="${colour}" stroke="#111" stroke-width="6"/>
<rect x="-60" y="150" width="120" height="12" rx="6" fill="${accent}"/>
<g transform="translate(0 -40) scale(0.78)">${pad('#2b2d33', sticksAndButtons(rng, 200, false))}</g>`,
  case: (_rng, colour, accent) => `<rect x="-330" y="-210" width="660" height="420" rx="190" fill="${colour}" stroke="#111" stroke-width="6"/>
<rect x="-300" y="-180" width="600" height="360" rx="165" fill="none" stroke="${accent}" stroke-width="8" stroke-dasharray="18 12"/>
<rect x="-70" y="-250" width="140" height="60" rx="24" fill="none" stroke="#111" stroke-width="16"/>
<path d="${BODY}" transform="scale(0.55)" fill="#000" opacity="0.18"/><rect x="-330" y="-210" width="660" height="420" rx="190" fill="url(#shine)"/>`,
  cable: (_rng, colour, accent) => {
    const loops = [0, 1, 2, 3].map((i) => `<ellipse cx="${-20 + i * 14}" cy="0" rx="${230 - i * 22}" ry="${150 - i * 14}" fill="none" stroke="${colour}" stroke-width="22"/>`).join('');
    return `${loops}<path d="M200 80 Q280 160 300 230" fill="none" stroke="${colour}" stroke-width="22"/>
<rect x="270" y="220" width="60" height="110" rx="14" fill="#9aa0a8" stroke="#111" stroke-width="5"/><rect x="282" y="312" width="36" height="40" rx="8" fill="#d7dbe0"/>
<path d="M-230 -60 Q-320 -160 -300 -240" fill="none" stroke="${colour}" stroke-width="22"/>
<rect x="-335" y="-340" width="70" height="110" rx="14" fill="${accent}" stroke="#111" stroke-width="5"/>`;
  },
  adapter: (_rng, colour, accent) => `<rect x="-110" y="-200" width="220" height="330" rx="40" fill="${colour}" stroke="#111" stroke-width="6"/>
<rect x="-70" y="130" width="140" height="120" rx="8" fill="#c9ced6" stroke="#111" stroke-width="5"/><rect x="-40" y="170" width="80" height="30" fill="#555"/>
<circle cx="0" cy="-110" r="22" fill="${accent}"/><circle cx="0" cy="-110" r="40" fill="${accent}" opacity="0.25"/>
<rect x="-110" y="-200" width="220" height="330" rx="40" fill="url(#shine)"/>`,
  grips: (_rng, colour, accent) =>
    [[-170, -110], [170, -110], [-170, 130], [170, 130]]
      .map(([x, y], i) => {
        const fill = i % 2 === 0 ? colour : accent;
        const ridges = Array.from({ length: 12 }, (_, k) => {
          const a = (k * Math.PI) / 6;
          return `<circle cx="${x! + Math.cos(a) * 92}" cy="${y! + Math.sin(a) * 92}" r="12" fill="${fill}" stroke="#111" stroke-width="3"/>`;
        }).join('');
        return `${ridges}<circle cx="${x}" cy="${y}" r="92" fill="${fill}" stroke="#111" stroke-width="5"/><circle cx="${x}" cy="${y}" r="52" fill="#000" opacity="0.15"/>`;
      })
      .join(''),
  skin: (_rng, colour) => {
    const dots = Array.from({ length: 40 }, (_, i) => `<circle cx="${-260 + (i % 10) * 58}" cy="${-80 + Math.floor(i / 10) * 58}" r="6" fill="#fff" opacity="0.3"/>`).join('');
    return `${pad(colour, `<g opacity="0.9">${dots}</g><circle cx="-140" cy="20" r="56" fill="#e2e6ed"/><circle cx="140" cy="60" r="56" fill="#e2e6ed"/><circle cx="190" cy="-40" r="70" fill="#e2e6ed"/><circle cx="-190" cy="-20" r="60" fill="#e2e6ed"/>`)}`;
  },
  clip: (rng, colour) => `<rect x="-230" y="-330" width="460" height="250" rx="30" fill="#1b1c20" stroke="#111" stroke-width="6"/>
<rect x="-210" y="-312" width="420" height="214" rx="14" fill="#3b6fd8"/><rect x="-210" y="-312" width="420" height="214" rx="14" fill="url(#shine)"/>
<path d="M-30 -80 L-50 -20 L50 -20 L30 -80Z" fill="${colour}" stroke="#111" stroke-width="5"/><rect x="-250" y="-100" width="500" height="26" rx="13" fill="${colour}"/>
<g transform="translate(0 130) scale(0.7)">${pad('#f2f2f2', sticksAndButtons(rng, 30, true))}</g>`,
  bag: (_rng, colour, accent) => `<path d="M-300 -140 Q0 -400 300 -140" fill="none" stroke="#222" stroke-width="26"/>
<rect x="-380" y="-160" width="760" height="360" rx="50" fill="${colour}" stroke="#111" stroke-width="6"/>
<rect x="-340" y="-120" width="680" height="60" rx="20" fill="${accent}" opacity="0.85"/><rect x="-380" y="-160" width="760" height="360" rx="50" fill="url(#shine)"/>`,
  'stick-module': (_rng, colour, accent) => `<rect x="-170" y="-40" width="340" height="230" rx="20" fill="${colour}" stroke="#111" stroke-width="6"/>
<rect x="-150" y="-20" width="300" height="40" fill="#fff" opacity="0.15"/>
${[-90, -30, 30, 90].map((x) => `<rect x="${x - 8}" y="190" width="16" height="70" fill="#c8a84a"/>`).join('')}
<rect x="-22" y="-200" width="44" height="170" fill="#777"/><ellipse cx="0" cy="-210" rx="110" ry="34" fill="#222"/><ellipse cx="0" cy="-222" rx="96" ry="26" fill="${accent}"/>
<circle cx="120" cy="120" r="18" fill="${accent}"/>`,
  paddles: (_rng, colour, accent) =>
    [[-210, 0, 12], [-80, 20, 4], [80, 20, -4], [210, 0, -12]]
      .map(([x, y, t], i) => `<g transform="rotate(${t} ${x} ${y})"><rect x="${x! - 45}" y="${y! - 170}" width="90" height="340" rx="42" fill="${i < 2 ? colour : accent}" stroke="#111" stroke-width="6"/>
<rect x="${x! - 25}" y="${y! - 150}" width="20" height="300" rx="10" fill="#fff" opacity="0.25"/></g>`)
      .join(''),
  buttons: (_rng, colour) =>
    FACE.map((face, i) => {
      const [x, y] = [[0, -150], [150, 0], [-150, 0], [0, 150]][i]!;
      return `<circle cx="${x}" cy="${y}" r="96" fill="${colour === 'face' ? face : colour}" stroke="#111" stroke-width="6"/><circle cx="${x! - 26}" cy="${y! - 30}" r="26" fill="#fff" opacity="0.35"/>`;
    }).join(''),
  'trigger-kit': (_rng, colour, accent) => `<path d="M-320 -60 Q-260 -220 -100 -200 L-110 120 Q-260 130 -320 -60Z" fill="${colour}" stroke="#111" stroke-width="6"/>
<path d="M320 -60 Q260 -220 100 -200 L110 120 Q260 130 320 -60Z" fill="${colour}" stroke="#111" stroke-width="6"/>
${[-60, 0, 60].map((x) => `<rect x="${x - 22}" y="170" width="44" height="90" rx="10" fill="${accent}" stroke="#111" stroke-width="4"/>`).join('')}`,
  battery: (_rng, colour, accent) => `<rect x="-300" y="-150" width="560" height="300" rx="40" fill="${colour}" stroke="#111" stroke-width="6"/>
<rect x="260" y="-60" width="50" height="120" rx="12" fill="#222"/>
${[0, 1, 2, 3].map((i) => `<rect x="${-260 + i * 125}" y="-110" width="105" height="220" rx="14" fill="${accent}" opacity="${i < 3 ? 0.95 : 0.3}"/>`).join('')}
<rect x="-300" y="-150" width="560" height="300" rx="40" fill="url(#shine)"/>`,
  dpad: (_rng, colour, accent) => `<circle cx="-170" cy="0" r="170" fill="${colour}" stroke="#111" stroke-width="6"/>
<path d="M-200 -130 h60 v100 h100 v60 h-100 v100 h-60 v-100 h-100 v-60 h100z" fill="#000" opacity="0.2"/>
<path d="M110 -150 h100 v100 h100 v100 h-100 v100 h-100 v-100 h-100 v-100 h100z" fill="${accent}" stroke="#111" stroke-width="6"/>`,
};
