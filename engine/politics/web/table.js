// The Politics Game at the web table: seats with their coins (influence, legitimacy, underground,
// honour, betrayal) and marks, the government being formed, the policy cards on the table, contracts,
// and the seat's own policy and backroom cards, drawn in SVG for this project.  The page
// (web/static/app.js) calls drawTable, drawHand, drawRevealed, moveBadge and beliefName.

const W = (c, key) => (c.data.words || {})[key] || key;
const COINS = [["INF", "#c0392b"], ["LEG", "#2c6fbb"], ["UND", "#4a4a4a"], ["HON", "#2e8b57"], ["BET", "#8e44ad"]];

function bag(x, y, fill) {
  return `<g transform="translate(${x} ${y})"><path d="M-6 -4 Q-9 6 0 8 Q9 6 6 -4 Z" fill="${fill}"/><rect x="-3" y="-8" width="6" height="4" rx="1.5" fill="${fill}"/>` +
    `<text x="0" y="5" text-anchor="middle" font-size="7" font-weight="700" fill="#fff">$</text></g>`;
}

export function policyCard(type, { small = false } = {}) {
  const cls = `pcard${small ? " small" : ""}`;
  if (!type) {
    return `<svg class="${cls} back" viewBox="0 0 50 72"><rect x="1" y="1" width="48" height="70" rx="6" fill="#34495e" stroke="#bdc3c7" stroke-width="2"/><text x="25" y="42" text-anchor="middle" font-size="18" fill="#bdc3c7">§</text></svg>`;
  }
  const honest = type[0] === "H", n = +type[1];
  const bg = honest ? "#f7f3e3" : "#7b1e1e", fg = honest ? "#1f4e7a" : "#f3d27a";
  const bags = [];
  for (let i = 0; i < n; i++) bags.push(bag(25 + (i - (n - 1) / 2) * 14, 46, honest ? "#b8860b" : "#e0b43c"));
  return `<svg class="${cls}" data-card="${type}" viewBox="0 0 50 72"><rect x="1" y="1" width="48" height="70" rx="6" fill="${bg}" stroke="${fg}" stroke-width="2"/>` +
    `<text x="25" y="22" text-anchor="middle" font-size="16" font-weight="700" fill="${fg}">${honest ? "H" : "C"}${n}</text>` +
    (n === 0 ? `<path d="M17 40 L25 50 L35 34" stroke="${fg}" stroke-width="4" fill="none"/>` : bags.join("")) + `</svg>`;
}

const BR_ICON = {
  media: (c) => `<path d="M14 30 L30 22 L30 46 L14 38 Z" fill="${c}"/><rect x="9" y="29" width="6" height="10" fill="${c}"/><path d="M34 26 Q40 34 34 42" stroke="${c}" stroke-width="3" fill="none"/>`,
  coup: (c) => `<rect x="12" y="32" width="26" height="10" rx="3" fill="${c}"/><rect x="18" y="26" width="12" height="7" fill="${c}"/><rect x="29" y="28" width="14" height="3" fill="${c}"/><circle cx="16" cy="44" r="3" fill="${c}"/><circle cx="34" cy="44" r="3" fill="${c}"/>`,
  dealbreak: (c) => `<path d="M10 34 L22 28 L26 34 L22 40 Z M40 34 L28 28 L24 34 L28 40 Z" fill="${c}"/><path d="M25 20 L25 48" stroke="#b03030" stroke-width="3"/>`,
  block: (c) => `<path d="M25 18 L38 23 Q38 40 25 48 Q12 40 12 23 Z" fill="${c}"/>`,
};

export function backroomCard(kind, name, { small = false } = {}) {
  const icon = BR_ICON[kind] || (() => "");
  return `<svg class="bcard${small ? " small" : ""}" data-backroom="${kind}" viewBox="0 0 50 72"><rect x="1" y="1" width="48" height="70" rx="6" fill="#1d3b2a" stroke="#d4af37" stroke-width="2"/>` +
    icon("#d4af37") + `<text x="25" y="64" text-anchor="middle" font-size="${name.length > 8 ? 6 : 7.5}" fill="#d4af37">${name}</text></svg>`;
}

function roleBadge(role, c) {
  if (!role) return "";
  return `<span class="role-badge ${role}" data-role="${role}">${c.esc(W(c, role))}</span>`;
}

function seatBox(p, v, c) {
  const info = v.seats[p.seat] || {};
  const mine = p.seat === c.seat;
  const pub = v.public, pr = v.private || {};
  let role = p.role;
  if (mine) role = pr.role;
  else if (pr.partner === p.seat) role = "dark";
  const gov = pub.government || [];
  const govMark = gov.includes(p.seat) ? (p.seat === gov[0] ? W(c, "leader") : W(c, "partner")) :
    (pub.leader === p.seat ? W(c, "leader") : "");
  const marks = [p.right ? W(c, "right") : "", p.tried ? W(c, "tried") : "", p.barred ? W(c, "barred") : ""].filter(Boolean);
  const coins = COINS.map(([k, col]) => `<span class="chip" title="${c.esc(W(c, k))}" data-coin="${k}" style="background:${col}">${k} ${p[k]}</span>`).join("");
  const cards = Array.from({ length: Math.min(p.policy_cards, 6) }, () => policyCard(null, { small: true })).join("");
  // a person (away when no page has the seat open) or a bot by its friendly name (the page's ctx.who)
  const who = c.who(info);
  return `<div class="seat pseat${mine ? " me" : ""}${v.to_decide === p.seat ? " deciding" : ""}${gov.includes(p.seat) ? " gov" : ""}" data-seat="${p.seat}" id="seat-${p.seat}">
    <div class="seat-name">${c.esc(info.name || "")}${mine ? " (" + c.esc(c.T("you")) + ")" : ""} ${roleBadge(role, c)}</div>
    <div class="seat-who">${c.esc(who)}${govMark ? ` · <b>${c.esc(govMark)}</b>` : ""}</div>
    <div class="chips">${coins}</div>
    <div class="pcards">${cards}<span class="count">${p.policy_cards}</span>` +
    (pub.rules && pub.rules.backroom ? `<span class="brcount" title="${c.esc(W(c, "backroom"))}">✦ ${p.backroom_cards}</span>` : "") + `</div>
    ${marks.length ? `<div class="marks">${c.esc(marks.join(" · "))}</div>` : ""}
    ${p.score !== null && p.score !== undefined ? `<div class="score">${c.esc(W(c, "total"))}: ${p.score}</div>` : ""}
  </div>`;
}

function middle(v, c) {
  const pub = v.public;
  const name = (s) => (v.seats[s] || {}).name || s;
  let html = `<div class="pmiddle"><div class="round">${c.esc(W(c, "round"))} ${pub.round}/${pub.rounds} · ${c.esc(W(c, "failed"))}: ${pub.failed_governments}/5</div>`;
  html += `<div class="piles">${c.esc(W(c, "pile"))}: ${pub.policy_pile} · ${c.esc(W(c, "discard"))}: ${pub.discard_pile}` +
    (pub.rules && pub.rules.backroom ? ` · ${c.esc(W(c, "br_pile"))}: ${pub.backroom_pile}` : "") + `</div>`;
  if (pub.government && pub.government.length) {
    html += `<div class="gov">${c.esc(W(c, "government"))}: ${pub.government.map((s) => c.esc(name(s))).join(", ")}</div>`;
  } else if (pub.leader !== null && pub.leader !== undefined) {
    html += `<div class="gov">${c.esc(W(c, "forming"))}: ${c.esc(W(c, "leader"))} ${c.esc(name(pub.leader))}</div>`;
  }
  const tb = pub.table || {};
  if (tb.face_down || (tb.revealed && tb.revealed.length)) {
    html += `<div class="tablecards">${c.esc(W(c, "table"))}: ` + Array.from({ length: tb.face_down }, () => policyCard(null, { small: true })).join("") +
      (tb.revealed || []).map((r) => `<span class="rev${r.inspected ? " insp" : ""}">${policyCard(r.card, { small: true })}</span>`).join("") + `</div>`;
  }
  for (const ct of pub.contracts || []) {
    html += `<div class="contract">${c.esc(W(c, "contract"))}: ${c.esc(W(c, ct.template))}(${ct.k}) ${c.esc(name(ct.creator))} → ${c.esc(name(ct.counterparty))} [${c.esc((c.data.words || {})["st_" + ct.status] || ct.status)}]</div>`;
  }
  if (pub.crisis) html += `<div class="crisis">${c.esc(W(c, "crisis"))}</div>`;
  return html + `</div>`;
}

export function drawTable(v, c) {
  const players = v.public.players, n = players.length;
  const me = c.seat === null || c.seat === undefined ? 0 : c.seat;
  const boxes = players.map((p) => {
    const k = (p.seat - me + n) % n;
    const a = Math.PI / 2 + (2 * Math.PI * k) / n;
    const x = 50 + 41 * Math.cos(a), y = 50 + 39 * Math.sin(a);
    return `<div class="spot" style="left:${x.toFixed(1)}%;top:${y.toFixed(1)}%">${seatBox(p, v, c)}</div>`;
  });
  return `<div class="politics-table" data-players="${n}">${middle(v, c)}${boxes.join("")}</div>`;
}

export function drawHand(v, c) {
  const pr = v.private || {};
  let html = `<div class="phand">${roleBadge(pr.role, c)}` +
    (pr.partner !== undefined ? ` <span class="partner">${c.esc(W(c, "partner"))}: ${c.esc((v.seats[pr.partner] || {}).name || pr.partner)}</span>` : "") + `</div>`;
  html += `<div class="phand">` + (pr.policy || []).map((t) => policyCard(t)).join("") +
    (pr.backroom || []).map((b) => backroomCard(b, W(c, b))).join("") + `</div>`;
  if (pr.proposed) html += `<div class="phand small">${c.esc(W(c, "policy"))} → ${pr.proposed.map((t) => policyCard(t, { small: true })).join("")}</div>`;
  if (pr.table_known) html += `<div class="phand small">${c.esc(W(c, "table"))}: ${pr.table_known.map((t) => policyCard(t, { small: true })).join("")}</div>`;
  return html;
}

export function drawRevealed(seat, priv, v, c) {
  if (!priv) return "";
  return `<span class="revealed" data-seat="${seat}">${roleBadge(priv.role, c)} ${(priv.policy || []).map((t) => policyCard(t, { small: true })).join("")}</span>`;
}

export function moveBadge(item, c) {
  let html = "";
  if (item.cards) html += item.cards.map((t) => policyCard(t.toUpperCase(), { small: true })).join("");
  if (item.action === "play" && item.claim) html += backroomCard(item.claim, W(c, item.claim), { small: true });
  return html;
}

export function beliefName(key, c) { return W(c, key); }
