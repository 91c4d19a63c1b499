// Leduc hold'em at the web table: the felt with the two seats (the viewer at the bottom), the public
// card and the pot in the middle, and card faces drawn in SVG for this project.  The page
// (web/static/app.js) calls drawTable, drawHand, drawRevealed, moveBadge and beliefName; everything
// comes from the seat's view (the other seat's card arrives only once it is shown at a showdown).

const FACE = {
  J: { fg: "#1f4e7a" },
  Q: { fg: "#9e2b45" },
  K: { fg: "#5b3a8c" },
};

// one emblem per rank, in a 40 x 40 box: a feather cap (Jack), a flower (Queen), a crown (King)
const EMBLEM = {
  J: (c) => `<path d="M6 30 Q20 4 34 30 Z" fill="${c}"/><path d="M20 10 Q30 0 38 6 Q30 8 24 14" fill="none" stroke="${c}" stroke-width="2.5"/>`,
  Q: (c) => `<circle cx="20" cy="20" r="6" fill="${c}"/>` + [0, 72, 144, 216, 288].map((a) =>
    `<ellipse cx="20" cy="9" rx="5" ry="8" fill="none" stroke="${c}" stroke-width="2.5" transform="rotate(${a} 20 20)"/>`).join(""),
  K: (c) => `<path d="M5 32 L4 12 L13 21 L20 7 L27 21 L36 12 L35 32 Z" fill="${c}"/><rect x="5" y="33" width="30" height="4" rx="1.5" fill="${c}"/>`,
};

export function cardPicture(rank, name, { small = false } = {}) {
  const face = FACE[rank];
  const cls = `lcard${small ? " small" : ""}`;
  if (!face) {
    return `<svg class="${cls} back" viewBox="0 0 64 96" role="img" aria-label="${name || "?"}"><rect x="1" y="1" width="62" height="94" rx="7" fill="#7a1f2b" stroke="#f3ead2" stroke-width="2"/>
      <rect x="6" y="6" width="52" height="84" rx="5" fill="none" stroke="#f3ead2" stroke-opacity=".6"/>
      <path d="M32 18 L50 48 L32 78 L14 48 Z" fill="none" stroke="#f3ead2" stroke-width="2"/></svg>`;
  }
  return `<svg class="${cls}" data-rank="${rank}" viewBox="0 0 64 96" role="img" aria-label="${name}">
    <rect x="1" y="1" width="62" height="94" rx="7" fill="#fdfaf2" stroke="${face.fg}" stroke-width="2"/>
    <text x="12" y="20" font-size="16" font-weight="700" fill="${face.fg}" text-anchor="middle">${rank}</text>
    <text x="52" y="88" font-size="16" font-weight="700" fill="${face.fg}" text-anchor="middle">${rank}</text>
    <g transform="translate(12 26)">${EMBLEM[rank](face.fg)}</g>
    <text x="32" y="76" text-anchor="middle" font-size="${name.length > 6 ? 8 : 10}" fill="${face.fg}">${name}</text></svg>`;
}

function ui(key, c) { return (c.data.ui || {})[key] || key; }
function rankName(rank, c) { return (c.data.rank_names || {})[rank] || rank; }

const CHIP = `<svg class="chip-icon" viewBox="0 0 20 20"><circle cx="10" cy="10" r="9" fill="#c0392b" stroke="#f3ead2" stroke-width="2" stroke-dasharray="3 2"/><circle cx="10" cy="10" r="5" fill="#f3ead2"/></svg>`;

function seatBox(p, v, c) {
  const info = (v.seats || []).find((s) => s.seat === p.seat) || {};
  const mine = p.seat === c.seat;
  const own = mine && v.private ? v.private.card : null;
  const rank = own || p.shown;
  const card = rank ? cardPicture(rank, rankName(rank, c), { small: true }) : cardPicture(null, "?", { small: true });
  const who = info.human === null || info.human === undefined ? "" :
    info.human ? c.T("human") + (info.online ? "" : " · " + c.T("offline")) : c.T("bot") + (info.bot ? " · " + info.bot : "");
  const classes = ["seat", "leduc-seat", mine ? "me" : "", p.folded ? "out" : "", v.to_decide === p.seat ? "deciding" : ""].join(" ");
  return `<div class="${classes}" data-seat="${p.seat}" id="seat-${p.seat}">
    <div class="seat-name">${c.esc(info.name || c.T("seat") + " " + p.seat)}${mine ? " (" + c.esc(c.T("you")) + ")" : ""}</div>
    <div class="seat-who">${c.esc(who)}</div>
    <div class="stake" data-stake="${p.stake}">${CHIP}<b>${p.stake}</b> <span>${c.esc(ui("in", c))}</span></div>
    <div class="lcards">${card}</div>
    ${p.folded ? `<div class="mark">${c.esc(ui("folded", c))}</div>` : ""}
  </div>`;
}

export function drawTable(v, c) {
  const pub = v.public;
  const me = c.seat === null || c.seat === undefined ? 0 : c.seat;
  const spots = pub.players.map((p) =>
    `<div class="spot ${p.seat === me ? "bottom" : "top"}">${seatBox(p, v, c)}</div>`).join("");
  const card = pub.public_card ? cardPicture(pub.public_card, rankName(pub.public_card, c))
    : cardPicture(null, ui("not_yet", c));
  const betting = v.to_decide !== null && v.to_decide !== undefined;
  const middle = `<div class="middle"><div class="public" data-public="${pub.public_card || ""}">${card}</div>
    <div class="info">
      <div>${c.esc(ui("round", c))} ${pub.round} ${c.esc(ui("of", c))} 2</div>
      <div class="pot" data-pot="${pub.pot}">${CHIP} ${c.esc(ui("pot", c))}: <b>${pub.pot}</b></div>
      ${betting && pub.to_call ? `<div>${c.esc(ui("to_call", c))}: <b>${pub.to_call}</b></div>` : ""}
      ${betting ? `<div>${c.esc(ui("raises_left", c))}: <b>${pub.max_raises - pub.raises}</b></div>` : ""}
    </div></div>`;
  return `<div class="leduc-table">${middle}${spots}</div>`;
}

export function drawHand(v, c) {
  const pr = v.private || {};
  const pub = v.public.public_card;
  let html = `<div class="leduc-hand">`;
  if (pr.card) html += cardPicture(pr.card, rankName(pr.card, c));
  if (pub) html += `<span class="label">${c.esc(ui("public", c))}:</span>` + cardPicture(pub, rankName(pub, c), { small: true });
  if (pr.card && pub && pr.card === pub) html += `<b class="pair">${c.esc(ui("pair", c))}</b>`;
  return html + `</div>`;
}

export function drawRevealed(seat, priv, v, c) {
  const rank = priv && priv.card;
  return `<span class="revealed" data-seat="${seat}">` +
    (rank ? cardPicture(rank, rankName(rank, c), { small: true }) : `<small>${c.esc(ui("hidden", c))}</small>`) + `</span>`;
}

export function moveBadge(item, c) {
  return item.chips ? `<span class="move-chips">${CHIP}${item.chips}</span>` : "";
}

export function beliefName(key, c) { return rankName(key, c); }
