import sharp from 'sharp';
import type { Random } from './bulk.ts';

/**
 * Pictures for the demo posts, drawn at seed time (no downloads, nothing checked in): controllers
 * from the front and the back, arcade sticks, button layouts and desk setups, as SVG with the
 * colours and proportions left to the seed's random generator, rendered to JPEG by sharp. No text:
 * the machine that seeds may have no fonts.
 */
export interface SeedPicture {
  jpeg: Buffer;
  width: number;
  height: number;
}

const SIZES: [number, number][] = [[800, 600], [800, 800], [600, 800], [800, 600]];
const DRAWINGS = [controllerFront, controllerBack, arcadeStick, buttonLayout, deskSetup] as const;

export async function drawPictures(rng: Random, count: number): Promise<SeedPicture[]> {
  const svgs = Array.from({ length: count }, (_, i) => {
    const [width, height] = rng.pick(SIZES);
    return { width, height, svg: DRAWINGS[i % DRAWINGS.length]!(rng, width, height) };
  });
  // sharp renders on libuv's thread pool: a few at once use both cores.
  return Promise.all(svgs.map(async ({ width, height, svg }) => ({ width, height, jpeg: await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer() })));
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

function frame(rng: Random, width: number, height: number, scene: (hue: number) => string): string {
  const hue = rng.int(0, 359);
  const angle = rng.int(-8, 8);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(hue, 55, 88)}"/><stop offset="1" stop-color="${hsl(hue + rng.int(30, 90), 50, 62)}"/></linearGradient>
<radialGradient id="shine" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${dots(rng, width, height, hue)}
<g transform="translate(${width / 2} ${height / 2}) rotate(${angle}) scale(${Math.min(width, height) / 800})">${scene(hue)}</g>
</svg>`;
}

/** A scatter of soft circles behind the subject, so no two backgrounds look alike. */
function dots(rng: Random, width: number, height: number, hue: number): string {
  return Array.from({ length: rng.int(4, 10) }, () =>
    `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${rng.int(20, 140)}" fill="${hsl(hue + rng.int(-40, 40), 60, rng.int(70, 95))}" opacity="0.45"/>`,
  ).join('');
}

export const FACE = ['#2fa84f', '#d83b3b', '#3b6fd8', '#e6b422'];

export function sticksAndButtons(rng: Random, body: number, symmetric: boolean): string {
  const stickColour = rng.chance(0.5) ? '#222' : hsl(body + 180, 30, 30);
  const [leftStick, dpad] = symmetric ? [[-110, 60], [-190, -20]] : [[-190, -20], [-110, 60]];
  const stick = ([x, y]: number[]) =>
    `<circle cx="${x}" cy="${y}" r="46" fill="#111"/><circle cx="${x}" cy="${y}" r="34" fill="${stickColour}" stroke="#555" stroke-width="5"/>`;
  const arm = 20;
  const [dx, dy] = dpad as [number, number];
  const cross = `<path d="M${dx - arm} ${dy - 60}h${2 * arm}v${40}h40v${2 * arm}h-40v40h-${2 * arm}v-40h-40v-${2 * arm}h40z" transform="translate(0 ${arm})" fill="#2a2a2a"/>`;
  const face = FACE.map((colour, i) => {
    const [x, y] = [[190, -60], [235, -20], [145, -20], [190, 20]][i]!;
    return `<circle cx="${x}" cy="${y}" r="22" fill="${rng.chance(0.3) ? '#333' : colour}" stroke="#111" stroke-width="3"/>`;
  }).join('');
  return `${stick(leftStick)}${stick([110, 60])}${cross}${face}
<rect x="-45" y="-50" width="30" height="14" rx="7" fill="#333"/><rect x="15" y="-50" width="30" height="14" rx="7" fill="#333"/>
<circle cx="0" cy="20" r="16" fill="${hsl(body + 120, 70, 55)}"/>`;
}

export const BODY = 'M-230 -110 Q0 -160 230 -110 Q330 -80 330 80 Q325 210 250 200 Q200 190 150 110 Q0 95 -150 110 Q-200 190 -250 200 Q-325 210 -330 80 Q-330 -80 -230 -110Z';

function controllerFront(rng: Random, width: number, height: number): string {
  return frame(rng, width, height, (hue) => {
    const body = hue + rng.int(120, 240);
    const colour = rng.chance(0.3) ? rng.pick(['#f2f2f2', '#1b1b1f', '#3a3f4a']) : hsl(body, rng.int(35, 75), rng.int(30, 60));
    return `<ellipse cx="0" cy="230" rx="340" ry="28" fill="#000" opacity="0.18"/>
<path d="M-250 -118 Q-200 -150 -120 -140 L-130 -110 Q-200 -115 -240 -95Z" fill="#222"/>
<path d="M250 -118 Q200 -150 120 -140 L130 -110 Q200 -115 240 -95Z" fill="#222"/>
<path d="${BODY}" fill="${colour}" stroke="#111" stroke-width="6"/>
<path d="${BODY}" fill="url(#shine)"/>
${sticksAndButtons(rng, body, rng.chance(0.4))}`;
  });
}

function controllerBack(rng: Random, width: number, height: number): string {
  return frame(rng, width, height, (hue) => {
    const colour = hsl(hue + 200, rng.int(20, 50), rng.int(22, 45));
    const paddle = hsl(hue + rng.int(0, 359), 70, 55);
    const paddles = [[-235, 95, 14], [-165, 115, 8], [165, 115, -8], [235, 95, -14]]
      .filter((_, i) => rng.chance(0.5) || i === 0 || i === 3)
      .map(([x, y, turn]) => `<rect x="${x! - 20}" y="${y! - 45}" width="40" height="100" rx="18" fill="${paddle}" stroke="#111" stroke-width="4" transform="rotate(${turn} ${x} ${y})"/>`)
      .join('');
    return `<ellipse cx="0" cy="230" rx="340" ry="28" fill="#000" opacity="0.18"/>
<rect x="-270" y="-160" width="130" height="60" rx="24" fill="#222"/><rect x="140" y="-160" width="130" height="60" rx="24" fill="#222"/>
<path d="${BODY}" fill="${colour}" stroke="#111" stroke-width="6"/><path d="${BODY}" fill="url(#shine)"/>
<rect x="-90" y="-40" width="180" height="110" rx="30" fill="#000" opacity="0.25"/><circle cx="0" cy="-80" r="10" fill="#111"/>
${paddles}`;
  });
}

function arcadeStick(rng: Random, width: number, height: number): string {
  return frame(rng, width, height, (hue) => {
    const panel = hsl(hue + 180, rng.int(10, 40), rng.int(15, 35));
    const ball = hsl(hue + rng.int(0, 359), 80, 50);
    const buttonHue = hue + rng.int(0, 359);
    const buttons = [[40, -60], [120, -80], [200, -80], [280, -70], [30, 30], [110, 10], [190, 10], [270, 20]]
      .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="32" fill="${hsl(buttonHue + (rng.chance(0.5) ? 0 : i * 45), 75, 55)}" stroke="#111" stroke-width="5"/>`)
      .join('');
    return `<path d="M-360 -170 L360 -170 L380 170 L-380 170Z" fill="${panel}" stroke="#111" stroke-width="8"/>
<rect x="-340" y="-150" width="700" height="20" fill="#fff" opacity="0.08"/>
<circle cx="-200" cy="-10" r="60" fill="#0c0c0c"/><rect x="-209" y="-120" width="18" height="110" fill="#bbb"/>
<circle cx="-200" cy="-130" r="48" fill="${ball}" stroke="#111" stroke-width="5"/><circle cx="-215" cy="-145" r="14" fill="#fff" opacity="0.5"/>
${buttons}`;
  });
}

function buttonLayout(rng: Random, width: number, height: number): string {
  return frame(rng, width, height, (hue) => {
    const highlight = hsl(hue + 180, 85, 50);
    const marks = [[-190, -20], [190, -60], [235, -20], [-110, 60], [110, 60], [-250, -130], [250, -130]]
      .filter(() => rng.chance(0.6))
      .map(([x, y], i) => {
        const side = x! < 0 ? -1 : 1;
        const lx = side * 360;
        const ly = -180 + i * 60;
        return `<path d="M${x} ${y} L${lx - side * 40} ${ly} L${lx} ${ly}" fill="none" stroke="${highlight}" stroke-width="5"/>
<circle cx="${x}" cy="${y}" r="30" fill="none" stroke="${highlight}" stroke-width="6"/><rect x="${lx - 14}" y="${ly - 14}" width="28" height="28" rx="6" fill="${highlight}"/>`;
      })
      .join('');
    return `<rect x="-390" y="-260" width="780" height="520" rx="24" fill="#10131a" opacity="0.85"/>
<path d="${BODY}" fill="none" stroke="#e8ecf4" stroke-width="5" stroke-dasharray="${rng.pick(['0', '14 8'])}"/>
${sticksAndButtons(rng, hue, false).replaceAll('fill="#111"', 'fill="#444"')}${marks}`;
  });
}

function deskSetup(rng: Random, width: number, height: number): string {
  return frame(rng, width, height, (hue) => {
    const screen = hue + rng.int(0, 359);
    const bars = Array.from({ length: 6 }, (_, i) => `<rect x="${-250 + i * 85}" y="${-40 - rng.int(20, 160)}" width="60" height="${rng.int(40, 200)}" fill="${hsl(screen + i * 25, 80, 60)}" opacity="0.8"/>`).join('');
    return `<rect x="-400" y="140" width="800" height="260" fill="${hsl(hue + 30, 25, rng.int(25, 45))}"/>
<rect x="-290" y="-250" width="580" height="340" rx="14" fill="#111"/>
<rect x="-270" y="-232" width="540" height="300" fill="${hsl(screen, 60, 18)}"/>${bars}
<rect x="-30" y="90" width="60" height="60" fill="#222"/><rect x="-120" y="140" width="240" height="16" rx="6" fill="#222"/>
<g transform="translate(160 205) scale(0.32)"><path d="${BODY}" fill="${hsl(hue + 180, 55, 45)}" stroke="#111" stroke-width="10"/></g>
<rect x="-330" y="175" width="300" height="70" rx="10" fill="#2b2b2b"/>
<circle cx="330" cy="-180" r="${rng.int(30, 60)}" fill="${hsl(hue + 60, 90, 75)}" opacity="0.7"/>`;
  });
}
