// Coup at the web table: the seats around the table, the middle (treasury, court deck, the pending
// action) and the card pictures, drawn in SVG for this project.  The page (web/static/app.js) calls
// drawTable, drawHand, drawRevealed, moveBadge and beliefName; everything comes from the seat's view.

const LOOK = {
  duke:       { bg: "#5b3a8c", fg: "#f1d77a" },
  assassin:   { bg: "#2a2a2e", fg: "#d9d9d9" },
  captain:    { bg: "#1f4e7a", fg: "#e9c46a" },
  ambassador: { bg: "#2e6f47", fg: "#f3ead2" },
  contessa:   { bg: "#9e2b45", fg: "#fbe3b0" },
};

// one emblem per role, in a 60 x 60 box
const EMBLEM = {
  duke: (c) => `<path d="M12 42 L10 20 L21 30 L30 14 L39 30 L50 20 L48 42 Z" fill="${c}"/>
    <rect x="12" y="44" width="36" height="6" rx="2" fill="${c}"/><circle cx="30" cy="12" r="3" fill="${c}"/>
    <circle cx="10" cy="18" r="2.5" fill="${c}"/><circle cx="50" cy="18" r="2.5" fill="${c}"/>`,
  assassin: (c) => `<path d="M30 6 L35 36 L25 36 Z" fill="${c}"/><rect x="18" y="36" width="24" height="4" rx="2" fill="${c}"/>
    <rect x="27.5" y="40" width="5" height="12" fill="${c}"/><circle cx="30" cy="54" r="3.5" fill="${c}"/>`,
  captain: (c) => `<circle cx="30" cy="12" r="5" fill="none" stroke="${c}" stroke-width="3"/>
    <rect x="28" y="16" width="4" height="32" fill="${c}"/><rect x="19" y="22" width="22" height="4" rx="2" fill="${c}"/>
    <path d="M12 36 Q14 52 30 52 Q46 52 48 36" fill="none" stroke="${c}" stroke-width="4"/>
    <path d="M8 38 L14 32 L17 40 Z M52 38 L46 32 L43 40 Z" fill="${c}"/>`,
  ambassador: (c) => `<rect x="14" y="12" width="32" height="36" rx="3" fill="${c}"/>
    <circle cx="14" cy="12" r="5" fill="${c}"/><circle cx="46" cy="48" r="5" fill="${c}"/>
    <path d="M20 22 H40 M20 29 H40 M20 36 H34" stroke="#2e6f47" stroke-width="2.5"/>
    <circle cx="38" cy="41" r="4" fill="#9e2b45"/>`,
  contessa: (c) => `<path d="M30 52 L30 32" stroke="${c}" stroke-width="3"/><path d="M30 44 Q22 40 20 34 Q28 36 30 42" fill="${c}"/>
    <circle cx="30" cy="22" r="11" fill="${c}"/><circle cx="30" cy="22" r="6" fill="#9e2b45"/>
    <circle cx="30" cy="22" r="2.5" fill="${c}"/>`,
};

// a role with no ability in the ruleset (mini-a's third card): a plain card with its name only
const BLANK_LOOK = { bg: "#ece4d2", fg: "#5b4b3a" };

export function cardPicture(role, name, { small = false, lost = false, blank = false } = {}) {
  const look = blank ? BLANK_LOOK : LOOK[role];
  const cls = `card${small ? " small" : ""}${lost ? " lost" : ""}`;
  if (!look) {
    return `<svg class="${cls} back" viewBox="0 0 64 96" role="img" aria-label="?"><rect x="1" y="1" width="62" height="94" rx="7" fill="#3b2a20" stroke="#c9a96e" stroke-width="2"/>
      <path d="M32 14 L52 48 L32 82 L12 48 Z" fill="none" stroke="#c9a96e" stroke-width="2"/><text x="32" y="56" text-anchor="middle" font-size="22" fill="#c9a96e">?</text></svg>`;
  }
  return `<svg class="${cls}" data-role="${role}"${blank ? ' data-blank="1"' : ""} viewBox="0 0 64 96" role="img" aria-label="${name}">
    <rect x="1" y="1" width="62" height="94" rx="7" fill="${look.bg}" stroke="${look.fg}" stroke-width="2"/>
    <rect x="5" y="5" width="54" height="86" rx="5" fill="none" stroke="${look.fg}" stroke-opacity=".5"/>
    ${blank ? "" : `<g transform="translate(2 8)">${EMBLEM[role](look.fg)}</g>`}
    <text x="32" y="86" text-anchor="middle" font-size="${name.length > 9 ? 8 : 10}" font-weight="700" fill="${look.fg}">${name}</text></svg>`;
}

function roleName(role, c) { return (c.data.role_names || {})[role] || role; }
// a role's card as this table shows it: its picture, or a plain one where the ruleset makes it blank
function pic(role, c, opts = {}) {
  return cardPicture(role, roleName(role, c), { ...opts, blank: (c.data.blank || []).includes(role) });
}
function ui(key, c) { return (c.data.ui || {})[key] || key; }
function act(word, c) { return (c.data.action_names || {})[word] || word; }

const COIN = `<svg class="coin" viewBox="0 0 20 20"><circle cx="10" cy="10" r="9" fill="#e0b43c" stroke="#8a6a12"/><circle cx="10" cy="10" r="5.5" fill="none" stroke="#8a6a12"/></svg>`;

function seatBox(p, v, c) {
  const info = v.seats[p.seat] || {};
  const mine = p.seat === c.seat;
  const hidden = p.influence;
  const cards = [];
  for (const r of p.face_up) cards.push(pic(r, c, { small: true, lost: true }));
  for (let i = 0; i < hidden; i++) {
    const own = mine && v.private && v.private.cards ? v.private.cards[i] : null;
    cards.push(own ? pic(own, c, { small: true }) : cardPicture(null, "?", { small: true }));
  }
  // a person (away when no page has the seat open) or a bot by its friendly name (the page's ctx.who)
  const who = c.who(info);
  const classes = ["seat", mine ? "me" : "", p.alive ? "" : "out", v.to_decide === p.seat ? "deciding" : ""].join(" ");
  return `<div class="${classes}" data-seat="${p.seat}" id="seat-${p.seat}">
    <div class="seat-name">${c.esc(info.name || ui("seat", c) + " " + p.seat)}${mine ? " (" + c.esc(c.T("you")) + ")" : ""}</div>
    <div class="seat-who">${c.esc(who)}</div>
    <div class="seat-coins" data-coins="${p.coins}">${COIN}<b>${p.coins}</b> <span>${c.esc(ui("coins", c))}</span></div>
    <div class="seat-cards">${cards.join("")}</div>
    ${p.alive ? "" : `<div class="seat-out">${c.esc(ui("out", c))}</div>`}
  </div>`;
}

function pendingText(v, c) {
  const pd = v.public.pending;
  if (!pd) return "";
  const name = (s) => (v.seats[s] || {}).name || ui("seat", c) + " " + s;
  let text = `${name(pd.actor)}: ${act(pd.action, c)}`;
  if (pd.target !== null && pd.target !== undefined) text += ` ${document.documentElement.dir === "rtl" ? "←" : "→"} ${name(pd.target)}`;
  let html = `<div class="pending"><div>${c.esc(text)}</div>`;
  if (pd.claim) html += `<div class="claim">${pic(pd.claim, c, { small: true })}</div>`;
  if (pd.blocker !== null && pd.blocker !== undefined) {
    html += `<div class="block">${c.esc(act("block", c) + ": " + name(pd.blocker))} ${pd.block_role ? pic(pd.block_role, c, { small: true }) : ""}</div>`;
  }
  if (pd.challenger !== null && pd.challenger !== undefined) html += `<div class="chal">${c.esc(act("challenge", c) + ": " + name(pd.challenger))}</div>`;
  return html + "</div>";
}

export function drawTable(v, c) {
  const pub = v.public, n = pub.players.length;
  const me = c.seat === null || c.seat === undefined ? 0 : c.seat;
  // seats on an ellipse, the viewer at the bottom, the others clockwise in seat order
  const boxes = pub.players.map((p) => {
    const k = (p.seat - me + n) % n;
    const a = Math.PI / 2 + (2 * Math.PI * k) / n;
    const x = 50 + 40 * Math.cos(a), y = 50 + 38 * Math.sin(a);
    return `<div class="spot" style="left:${x.toFixed(1)}%;top:${y.toFixed(1)}%">${seatBox(p, v, c)}</div>`;
  });
  const middle = `<div class="middle">
    <div>${c.esc(ui("turn", c))} ${pub.turn + 1}</div>
    <div>${COIN} ${c.esc(ui("treasury", c))}: <b>${pub.treasury}</b></div>
    <div>${cardPicture(null, "?", { small: true })} ${c.esc(ui("deck", c))}: <b>${pub.deck_size}</b></div>
    ${pendingText(v, c)}</div>`;
  return `<div class="coup-table" data-players="${n}">${middle}${boxes.join("")}</div>`;
}

export function drawHand(v, c) {
  const pr = v.private || {};
  let html = `<div class="coup-hand">` + (pr.cards || []).map((r) => pic(r, c)).join("") + `</div>`;
  if (pr.drawn && pr.drawn.length) {
    html += `<div class="coup-drawn"><span>${c.esc(act("draw", c))}:</span>` + pr.drawn.map((r) => pic(r, c)).join("") + `</div>`;
  }
  return html;
}

export function drawRevealed(seat, priv, v, c) {
  const p = v.public.players[seat];
  const up = (p.face_up || []).map((r) => pic(r, c, { small: true, lost: true }));
  const down = ((priv && priv.cards) || []).map((r) => pic(r, c, { small: true }));
  return `<span class="revealed" data-seat="${seat}">${down.concat(up).join("")}</span>`;
}

export function moveBadge(item, c) {
  const role = item.claim || (item.action === "reveal" ? item.card : null);
  let html = role ? pic(role, c, { small: true }) : "";
  if (item.cards) html += item.cards.map((r) => pic(r, c, { small: true })).join("");
  return html;
}

export function beliefName(key, c) { return roleName(key, c); }
