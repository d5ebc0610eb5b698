/**
 * The pictures the demo posts show, drawn as SVG scenes so they need no binary files in the repo
 * and come out the same on every start (no randomness; text falls back to any sans-serif font).
 */
export const DEMO_IMAGES = [
  'demo-campus.jpg',
  'demo-reunion.jpg',
  'demo-hackathon.jpg',
  'demo-convocation.jpg',
  'demo-sports.jpg',
  'demo-library.jpg',
] as const;
export type DemoImage = (typeof DEMO_IMAGES)[number];

export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 800;

const W = DEMO_IMAGE_WIDTH;
const H = DEMO_IMAGE_HEIGHT;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

const round = (n: number) => Math.round(n * 10) / 10;

/** A standing person seen from the front; (x, feet) is the middle of the feet. */
function person(x: number, feet: number, height: number, color: string, skin = '#f1c7a1') {
  const headR = height * 0.11;
  const headCy = feet - height + headR;
  const top = headCy + headR + height * 0.04;
  const w = height * 0.36;
  const r = w * 0.35;
  const left = x - w / 2;
  const right = x + w / 2;
  return [
    `<circle cx="${round(x)}" cy="${round(headCy)}" r="${round(headR)}" fill="${skin}"/>`,
    `<path d="M${round(left)} ${feet} V${round(top + r)} Q${round(left)} ${round(top)} ${round(left + r)} ${round(top)}`,
    ` H${round(right - r)} Q${round(right)} ${round(top)} ${round(right)} ${round(top + r)} V${feet} Z" fill="${color}"/>`,
  ].join('');
}

/** A square academic cap on a person drawn by `person` with the same arguments. */
function mortarboard(x: number, feet: number, height: number, color = '#1d2433') {
  const headR = height * 0.11;
  const top = feet - height;
  const half = headR * 1.5;
  return [
    `<polygon points="${round(x - half)},${round(top + headR * 0.25)} ${round(x)},${round(top - headR * 0.35)} ${round(x + half)},${round(top + headR * 0.25)} ${round(x)},${round(top + headR * 0.8)}" fill="${color}"/>`,
    `<line x1="${round(x)}" y1="${round(top + headR * 0.2)}" x2="${round(x + half * 0.9)}" y2="${round(top + headR * 1.1)}" stroke="#f2c14e" stroke-width="${round(headR * 0.12)}"/>`,
  ].join('');
}

function cloud(x: number, y: number, s: number) {
  return `<g fill="#ffffff" opacity="0.92"><ellipse cx="${x}" cy="${y}" rx="${60 * s}" ry="${26 * s}"/><ellipse cx="${x - 40 * s}" cy="${y + 8 * s}" rx="${40 * s}" ry="${20 * s}"/><ellipse cx="${x + 42 * s}" cy="${y + 6 * s}" rx="${44 * s}" ry="${22 * s}"/><ellipse cx="${x + 6 * s}" cy="${y - 18 * s}" rx="${36 * s}" ry="${24 * s}"/></g>`;
}

function tree(x: number, ground: number, s: number, leaf = '#3f8f4f') {
  return `<rect x="${x - 7 * s}" y="${ground - 70 * s}" width="${14 * s}" height="${70 * s}" fill="#7a5232"/><circle cx="${x}" cy="${ground - 95 * s}" r="${42 * s}" fill="${leaf}"/><circle cx="${x - 28 * s}" cy="${ground - 72 * s}" r="${28 * s}" fill="${leaf}"/><circle cx="${x + 28 * s}" cy="${ground - 74 * s}" r="${30 * s}" fill="${leaf}"/>`;
}

function caption(text: string) {
  return `<rect x="0" y="${H - 92}" width="${W}" height="92" fill="#0b1526" opacity="0.55"/><text x="48" y="${H - 34}" font-family="${FONT}" font-size="40" font-weight="bold" fill="#ffffff">${text}</text>`;
}

function svg(defs: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

function vertical(id: string, stops: string[]) {
  const step = stops.length > 1 ? 1 / (stops.length - 1) : 1;
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map((c, i) => `<stop offset="${round(i * step)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

const PALETTE = ['#3b6fb6', '#c0504d', '#2f8f83', '#8e5ea2', '#e08e2b', '#4a4f5c', '#d0679a'];

function campus() {
  const ground = 620;
  const windows: string[] = [];
  for (const wing of [160, 820]) {
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 4; col++) {
        windows.push(
          `<rect x="${wing + 24 + col * 52}" y="${378 + row * 70}" width="30" height="44" rx="3" fill="#9cc3e6" stroke="#e9dcc6" stroke-width="3"/>`,
        );
      }
    }
  }
  const columns = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${472 + i * 48}" y="360" width="18" height="${ground - 380}" fill="#f4ede1"/>`,
  ).join('');
  const people = [
    person(572, 690, 104, PALETTE[0]!),
    person(622, 700, 112, PALETTE[1]!, '#c98e66'),
    person(800, 680, 92, PALETTE[2]!),
    person(330, 670, 84, PALETTE[3]!, '#d9a27a'),
  ].join('');
  return svg(
    vertical('sky', ['#6fb1e8', '#bfe0f7', '#e8f4fb']) +
      vertical('lawn', ['#7cc36f', '#4f9a4a']) +
      vertical('wall', ['#e6c9a0', '#d6b386']),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      `<circle cx="1030" cy="130" r="62" fill="#ffe8a3"/>` +
      cloud(230, 130, 1.1) +
      cloud(760, 90, 0.8) +
      `<path d="M0 560 Q200 470 420 540 T860 520 T1200 530 V${ground} H0 Z" fill="#9fcf8f"/>` +
      `<rect x="0" y="${ground}" width="${W}" height="${H - ground}" fill="url(#lawn)"/>` +
      `<rect x="160" y="340" width="240" height="${ground - 340}" fill="url(#wall)"/>` +
      `<rect x="800" y="340" width="240" height="${ground - 340}" fill="url(#wall)"/>` +
      `<rect x="440" y="330" width="320" height="${ground - 330}" fill="#ecd7b5"/>` +
      `<rect x="150" y="326" width="260" height="18" fill="#b9895a"/><rect x="790" y="326" width="260" height="18" fill="#b9895a"/>` +
      windows.join('') +
      `<polygon points="420,332 600,240 780,332" fill="#c98c5a"/><polygon points="456,322 600,254 744,322" fill="#e8cfa8"/>` +
      `<rect x="560" y="130" width="80" height="140" fill="#ddbb8f"/><polygon points="548,132 600,70 652,132" fill="#a9653d"/>` +
      `<circle cx="600" cy="180" r="26" fill="#fffaf0" stroke="#7a5232" stroke-width="4"/><line x1="600" y1="180" x2="600" y2="162" stroke="#33302b" stroke-width="4"/><line x1="600" y1="180" x2="614" y2="186" stroke="#33302b" stroke-width="3"/>` +
      columns +
      `<rect x="560" y="520" width="80" height="${ground - 520}" rx="6" fill="#7a5232"/>` +
      `<rect x="430" y="${ground - 12}" width="340" height="12" fill="#cdb89a"/>` +
      `<polygon points="560,${ground} 640,${ground} 760,${H} 440,${H}" fill="#e4d6bd"/>` +
      tree(90, ground + 10, 1.2) +
      tree(1110, ground + 10, 1.3, '#357f46') +
      tree(440, ground + 6, 0.75, '#4d9c58') +
      tree(790, ground + 6, 0.7) +
      people +
      caption('Our campus'),
  );
}

function reunion() {
  const flags = Array.from({ length: 15 }, (_, i) => {
    const x = 40 + i * 80;
    const sag = 40 * Math.sin((Math.PI * (i + 0.5)) / 15);
    const y = 90 + sag;
    return `<polygon points="${round(x)},${round(y)} ${round(x + 60)},${round(y + 2)} ${round(x + 30)},${round(y + 52)}" fill="${PALETTE[i % PALETTE.length]}"/>`;
  }).join('');
  const balloons = [
    [110, 300, '#e35d6a'],
    [170, 250, '#f2c14e'],
    [1060, 280, '#5b8def'],
    [1120, 330, '#2fb39a'],
  ]
    .map(
      ([x, y, c]) =>
        `<line x1="${x}" y1="${Number(y) + 48}" x2="${Number(x) + 10}" y2="${Number(y) + 220}" stroke="#6b5b53" stroke-width="2"/><ellipse cx="${x}" cy="${y}" rx="38" ry="48" fill="${c}"/><ellipse cx="${Number(x) - 12}" cy="${Number(y) - 16}" rx="9" ry="14" fill="#ffffff" opacity="0.45"/>`,
    )
    .join('');
  const back = [300, 390, 480, 570, 660, 750, 840, 930]
    .map((x, i) =>
      person(x, 600, 190, PALETTE[(i + 3) % PALETTE.length]!, i % 2 ? '#d9a27a' : '#f1c7a1'),
    )
    .join('');
  const front = [350, 450, 560, 660, 770, 870]
    .map((x, i) => person(x, 700, 210, PALETTE[i % PALETTE.length]!, i % 2 ? '#f1c7a1' : '#c98e66'))
    .join('');
  return svg(
    vertical('dusk', ['#f7a46b', '#f7c59f', '#fde8d3']),
    `<rect width="${W}" height="${H}" fill="url(#dusk)"/>` +
      `<circle cx="600" cy="420" r="150" fill="#ffe2b8" opacity="0.8"/>` +
      `<path d="M0 90 Q600 170 1200 90" stroke="#6b5b53" stroke-width="3" fill="none"/>` +
      flags +
      `<rect x="260" y="180" width="680" height="86" rx="10" fill="#fffaf3" stroke="#c0504d" stroke-width="4"/>` +
      `<text x="600" y="236" text-anchor="middle" font-family="${FONT}" font-size="38" font-weight="bold" fill="#8a3b3a">Welcome back, Class of 2012</text>` +
      `<rect x="0" y="600" width="${W}" height="${H - 600}" fill="#c98f63"/>` +
      balloons +
      back +
      front +
      caption('Alumni reunion'),
  );
}

function hackathon() {
  const laptops = [150, 420, 690, 960]
    .map((x, i) => {
      const stickers = [
        `<circle cx="${x + 50}" cy="470" r="16" fill="${PALETTE[(i + 2) % PALETTE.length]}"/>`,
        `<rect x="${x + 96}" y="${486 + (i % 2) * 8}" width="44" height="22" rx="6" fill="${PALETTE[(i + 4) % PALETTE.length]}"/>`,
        `<circle cx="${x + 90}" cy="505" r="10" fill="#e6e9ef"/>`,
      ].join('');
      return (
        person(
          x + 90,
          700,
          340,
          PALETTE[(i + 1) % PALETTE.length]!,
          i % 2 ? '#c98e66' : '#f1c7a1',
        ) +
        `<rect x="${x}" y="436" width="180" height="120" rx="10" fill="#b8c0cc"/>` +
        `<rect x="${x + 6}" y="442" width="168" height="108" rx="7" fill="#c9d0da"/>` +
        stickers
      );
    })
    .join('');
  const code = Array.from(
    { length: 6 },
    (_, line) =>
      `<rect x="${370 + (line % 3) * 28}" y="${190 + line * 22}" width="${120 + ((line * 53) % 180)}" height="10" rx="5" fill="${['#7ee0b5', '#8fb8ff', '#ffd37a'][line % 3]}"/>`,
  ).join('');
  const bulbs = Array.from({ length: 20 }, (_, i) => {
    const x = 30 + i * 60;
    const y = 40 + 26 * Math.sin((Math.PI * i) / 19);
    return `<circle cx="${round(x)}" cy="${round(y + 12)}" r="9" fill="${['#ffd37a', '#ff8fa3', '#8fb8ff', '#7ee0b5'][i % 4]}"/>`;
  }).join('');
  return svg(
    vertical('room', ['#1b2340', '#2b3560', '#3a4575']) + vertical('desk', ['#9a6a48', '#7a4e31']),
    `<rect width="${W}" height="${H}" fill="url(#room)"/>` +
      `<path d="M0 40 Q600 110 1200 40" stroke="#0d1226" stroke-width="3" fill="none"/>` +
      bulbs +
      `<rect x="330" y="100" width="540" height="260" rx="12" fill="#0f1629" stroke="#5b6aa0" stroke-width="6"/>` +
      `<text x="360" y="160" font-family="${FONT}" font-size="40" font-weight="bold" fill="#7ee0b5">&lt;hack/&gt; 24 hours</text>` +
      code +
      laptops +
      `<rect x="0" y="556" width="${W}" height="22" fill="#b07d57"/><rect x="0" y="578" width="${W}" height="${H - 578}" fill="url(#desk)"/>` +
      `<rect x="370" y="506" width="36" height="50" rx="6" fill="#f2f2f2"/><path d="M406 518 q16 0 16 14 q0 14 -16 14" stroke="#f2f2f2" stroke-width="6" fill="none"/>` +
      `<rect x="630" y="520" width="44" height="36" rx="4" fill="#ff8fa3"/><rect x="900" y="530" width="30" height="26" rx="4" fill="#ffd37a"/>` +
      caption('Annual hackathon'),
  );
}

function convocation() {
  const ground = 680;
  const graduates = [150, 260, 370, 480, 720, 830, 940, 1050]
    .map((x, i) => {
      const h = 230 + (i % 3) * 14;
      return (
        person(x, ground, h, '#1d2433', i % 2 ? '#c98e66' : '#f1c7a1') +
        `<rect x="${x - 6}" y="${ground - h * 0.68}" width="12" height="${h * 0.5}" fill="${PALETTE[i % PALETTE.length]}"/>` +
        mortarboard(x, ground, h)
      );
    })
    .join('');
  const thrown = [
    [300, 170, -18],
    [500, 110, 12],
    [700, 150, -8],
    [900, 100, 20],
  ]
    .map(
      ([x, y, a]) =>
        `<g transform="rotate(${a} ${x} ${y})"><polygon points="${Number(x) - 40},${y} ${x},${Number(y) - 18} ${Number(x) + 40},${y} ${x},${Number(y) + 18}" fill="#1d2433"/><line x1="${x}" y1="${y}" x2="${Number(x) + 30}" y2="${Number(y) + 34}" stroke="#f2c14e" stroke-width="4"/></g>`,
    )
    .join('');
  return svg(
    vertical('sky', ['#4d8fd6', '#9cc9ef', '#e3f1fb']) + vertical('stage', ['#7b3b3b', '#5a2a2a']),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      cloud(160, 90, 0.9) +
      cloud(1040, 70, 1) +
      `<polygon points="20,300 600,200 1180,300" fill="#d8c6a8"/>` +
      `<rect x="0" y="300" width="${W}" height="${ground - 300}" fill="#efe3cf"/>` +
      Array.from(
        { length: 9 },
        (_, i) =>
          `<rect x="${40 + i * 140}" y="320" width="34" height="${ground - 320}" fill="#f9f3e8"/>`,
      ).join('') +
      `<rect x="0" y="292" width="${W}" height="28" fill="#cdb89a"/>` +
      `<rect x="360" y="336" width="480" height="72" rx="8" fill="#7b3b3b"/>` +
      `<text x="600" y="386" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="bold" fill="#f6e7c1">Convocation 2024</text>` +
      graduates +
      thrown +
      `<rect x="0" y="${ground}" width="${W}" height="${H - ground}" fill="url(#stage)"/>` +
      caption('Convocation day'),
  );
}

function sports() {
  const stripes = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${i * 150}" y="470" width="75" height="${H - 470}" fill="#5fae55" opacity="0.6"/>`,
  ).join('');
  const crowd = Array.from({ length: 26 }, (_, i) =>
    person(
      30 + i * 46,
      i % 2 ? 380 : 400,
      70,
      PALETTE[(i * 3) % PALETTE.length]!,
      i % 3 ? '#f1c7a1' : '#c98e66',
    ),
  ).join('');
  const team = [300, 400, 800, 900]
    .map((x, i) =>
      person(x, 700, 230, i < 2 ? '#c0504d' : '#3b6fb6', i % 2 ? '#c98e66' : '#f1c7a1'),
    )
    .join('');
  return svg(
    vertical('sky', ['#5aa5e6', '#bfe0f7']) +
      vertical('gold', ['#ffe27a', '#e0a526', '#b87a12']) +
      vertical('field', ['#6cbf60', '#3f8f3c']),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      cloud(950, 90, 0.9) +
      [90, 1110]
        .map(
          (x) =>
            `<rect x="${x - 5}" y="70" width="10" height="190" fill="#6d7485"/><rect x="${x - 46}" y="40" width="92" height="44" rx="6" fill="#4a5163"/>` +
            Array.from(
              { length: 6 },
              (_, i) =>
                `<circle cx="${x - 33 + (i % 3) * 33}" cy="${52 + Math.floor(i / 3) * 20}" r="8" fill="#fff7d1"/>`,
            ).join(''),
        )
        .join('') +
      `<rect x="0" y="250" width="${W}" height="170" fill="#9aa3b5"/>` +
      Array.from(
        { length: 4 },
        (_, i) => `<rect x="0" y="${262 + i * 40}" width="${W}" height="6" fill="#7f889b"/>`,
      ).join('') +
      crowd +
      `<rect x="0" y="420" width="${W}" height="50" fill="#c4623f"/>` +
      Array.from(
        { length: 3 },
        (_, i) => `<rect x="0" y="${432 + i * 12}" width="${W}" height="2" fill="#f2d7c8"/>`,
      ).join('') +
      `<rect x="0" y="470" width="${W}" height="${H - 470}" fill="url(#field)"/>` +
      stripes +
      team +
      `<rect x="500" y="610" width="200" height="90" fill="#f3f3f3"/><rect x="530" y="570" width="140" height="40" fill="#e4e4e4"/>` +
      `<text x="600" y="670" text-anchor="middle" font-family="${FONT}" font-size="48" font-weight="bold" fill="#b87a12">1</text>` +
      `<path d="M540 380 H660 V420 Q660 500 600 512 Q540 500 540 420 Z" fill="url(#gold)"/>` +
      `<path d="M540 400 Q500 400 505 440 Q510 470 548 476" stroke="#d49a22" stroke-width="12" fill="none"/>` +
      `<path d="M660 400 Q700 400 695 440 Q690 470 652 476" stroke="#d49a22" stroke-width="12" fill="none"/>` +
      `<rect x="588" y="510" width="24" height="36" fill="#d49a22"/><rect x="560" y="544" width="80" height="26" rx="4" fill="#8a5a1e"/>` +
      `<ellipse cx="578" cy="420" rx="10" ry="28" fill="#ffffff" opacity="0.35"/>` +
      caption('Inter-college sports meet: champions!'),
  );
}

function library() {
  const bookColors = ['#8e3b46', '#3b6fb6', '#2f8f83', '#e0a526', '#5a4a7a', '#c0504d', '#4a4f5c'];
  const shelves: string[] = [];
  for (const [x0, width] of [
    [40, 420],
    [740, 420],
  ] as const) {
    shelves.push(`<rect x="${x0 - 16}" y="90" width="${width + 32}" height="560" fill="#6b4426"/>`);
    for (let row = 0; row < 4; row++) {
      const base = 210 + row * 130;
      let x = x0;
      let k = row * 5 + x0;
      while (x < x0 + width - 24) {
        const w = 18 + ((k * 7) % 16);
        const h = 84 + ((k * 11) % 26);
        shelves.push(
          `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${bookColors[k % bookColors.length]}"/>`,
          `<rect x="${x + 3}" y="${base - h + 12}" width="${w - 6}" height="5" fill="#f3e2c0" opacity="0.7"/>`,
        );
        x += w + 3;
        k += 1;
      }
      shelves.push(
        `<rect x="${x0 - 16}" y="${base}" width="${width + 32}" height="14" fill="#4d2f19"/>`,
      );
    }
  }
  return svg(
    vertical('wall', ['#f3e6cf', '#e8d4b2']) + vertical('light', ['#fff6d8', '#fff6d800']),
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      `<rect x="500" y="90" width="200" height="300" rx="100" fill="#bfe0f7" stroke="#8a5a3b" stroke-width="10"/>` +
      `<line x1="600" y1="95" x2="600" y2="385" stroke="#8a5a3b" stroke-width="6"/><line x1="505" y1="250" x2="695" y2="250" stroke="#8a5a3b" stroke-width="6"/>` +
      `<polygon points="505,390 695,390 800,650 400,650" fill="url(#light)" opacity="0.5"/>` +
      shelves.join('') +
      `<rect x="0" y="650" width="${W}" height="${H - 650}" fill="#a0694a"/>` +
      person(510, 690, 250, '#3b6fb6') +
      person(690, 690, 236, '#8e5ea2', '#c98e66') +
      `<rect x="360" y="596" width="480" height="20" rx="4" fill="#8a5632"/><rect x="372" y="616" width="456" height="80" fill="#6e4226"/>` +
      `<path d="M560 596 Q600 578 600 596 Q600 578 640 596 V602 H560 Z" fill="#fffaf0" stroke="#c9b58f" stroke-width="2"/>` +
      `<rect x="410" y="580" width="46" height="16" fill="#c0504d"/><rect x="414" y="566" width="40" height="14" fill="#2f8f83"/>` +
      `<line x1="790" y1="596" x2="790" y2="536" stroke="#3a3a3a" stroke-width="5"/><path d="M765 544 L815 544 L802 516 L778 516 Z" fill="#2f8f83"/><ellipse cx="790" cy="548" rx="30" ry="8" fill="#fff2b0" opacity="0.8"/>` +
      caption('Central library'),
  );
}

const SCENES: Record<DemoImage, () => string> = {
  'demo-campus.jpg': campus,
  'demo-reunion.jpg': reunion,
  'demo-hackathon.jpg': hackathon,
  'demo-convocation.jpg': convocation,
  'demo-sports.jpg': sports,
  'demo-library.jpg': library,
};

export const demoSceneSvg = (name: DemoImage) => SCENES[name]();
