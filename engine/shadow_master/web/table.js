// Shadow Master at the web table: the hex board (flat-topped hexes in columns, the odd columns half a
// cell lower, as in docs/shadow_master.md), the ranks, supply and alliance space, the open row, each
// seat's public holdings and the seat's own Territory cards, drawn in SVG for this project from the
// game's public view.  The page (web/static/app.js) calls drawTable, drawHand, drawRevealed,
// moveBadge and beliefName.

const U = (c, key) => ((c.data.ui || {})[key]) || key;
const HEX = (c, col) => ((c.data.colour_hex || {})[col]) || "#ccc";
const CNAME = (c, col) => ((c.data.colour_names || {})[col]) || col;
const R = 24;                                // a hex's radius (centre to corner) in SVG units
const SQ3 = Math.sqrt(3);
const INK = { Y: "#333", O: "#222" };        // dark text on the light kingdoms, white elsewhere

function colIndex(c, name) { return (c.data.columns || "ABCDEFGHIJKLMN").indexOf(name[0]); }

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function castleIcon(x, y) {
  return `<path class="castle" d="M${x - 7} ${y + 5} v-9 h3 v3 h2.5 v-3 h3 v3 h2.5 v-3 h3 v9 Z" fill="#f4efe4" stroke="#222" stroke-width="1"/>`;
}

// the board: one <g class="hex" data-cell="K1"> per cell of this player count
function board(v, c) {
  const cells = v.public.cells || {};
  const names = Object.keys(cells);
  const qs = names.map((n) => colIndex(c, n));
  const q0 = Math.min(...qs), q1 = Math.max(...qs);
  const legal = new Set((v.legal || []).filter((m) => m.cell).map((m) => m.cell));
  const width = 1.5 * R * (q1 - q0) + 2 * R + 4;
  const height = SQ3 * R * 5.5 + 4;
  let out = "";
  for (const name of names) {
    const cell = cells[name], q = colIndex(c, name), r = +name.slice(1) - 1;
    const x = R + 2 + 1.5 * R * (q - q0), y = SQ3 * R * (r + 0.5 + (q % 2 ? 0.5 : 0)) + 2;
    const col = cell.colour;
    const fill = col === "black" ? "#1b1b1b" : col ? HEX(c, col) : "#efe6cf";
    const ink = col === "black" ? "#eee" : col ? (INK[col] || "#fff") : "#8a7d5c";
    const title = `${name}: ` + (col === "black" ? U(c, "black") : col ? `${CNAME(c, col)} × ${cell.tokens}` : U(c, "empty"));
    out += `<g class="hex${legal.has(name) ? " legal" : ""}" data-cell="${name}" data-colour="${col || ""}" data-tokens="${cell.tokens}">` +
      `<title>${c.esc(title)}</title><polygon points="${hexPoints(x, y, R - 1)}" fill="${fill}"/>` +
      `<text class="cname" x="${x}" y="${y - 10}" fill="${ink}">${name}</text>` +
      (col && col !== "black" ? `<text class="count" x="${x}" y="${y + 9}" fill="${ink}">${cell.tokens}</text>` : "") +
      (cell.castle !== undefined ? castleIcon(x + 11, y + 7) : "") + `</g>`;
  }
  return `<svg class="sm-board" viewBox="0 0 ${width.toFixed(0)} ${height.toFixed(0)}" width="${(width * 1.25).toFixed(0)}">${out}</svg>`;
}

function swatch(c, col, text) {
  return `<span class="swatch" data-colour="${col}" style="background:${HEX(c, col)};color:${INK[col] || "#fff"}" title="${c.esc(CNAME(c, col))}">${c.esc(text)}</span>`;
}

// ranks, supply, black tokens, the alliance space(s), the open row and the piles
function side(v, c) {
  const pub = v.public, f = pub.flags || {};
  const cols = c.data.colours || Object.keys(pub.ranks || {});
  let html = `<div class="sm-side"><div class="sm-round">${c.esc(U(c, "round"))} ${pub.round} · ${c.esc(U(c, "first"))}: ${c.esc((v.seats[pub.first_player] || {}).name || pub.first_player)}` +
    (f.end_round ? ` · ${c.esc(U(c, "end"))} ${f.end_round}` : "") + `</div>`;
  html += `<div class="sm-line"><b>${c.esc(U(c, "ranks"))}</b> ` + cols.map((col) => swatch(c, col, `${pub.ranks[col]}/${(c.data.income || [])[pub.ranks[col]] ?? "?"}`)).join("") + `</div>`;
  html += `<div class="sm-line"><b>${c.esc(U(c, "supply"))}</b> ` + cols.map((col) => swatch(c, col, `${pub.supply[col]}`)).join("") +
    (f.black_supply !== undefined ? ` <span class="swatch black">${c.esc(U(c, "black"))} ${f.black_supply}</span>` : "") + `</div>`;
  const spaces = {};
  for (const [col, sp] of Object.entries(pub.alliance || {})) (spaces[sp] = spaces[sp] || []).push(col);
  const keys = Object.keys(spaces).sort();
  html += `<div class="sm-line sm-alliance"><b>${c.esc(U(c, "alliance"))}</b> ` + (keys.length ?
    keys.map((sp) => `<span class="space" data-space="${sp}">X${sp}: ${spaces[sp].map((col) => swatch(c, col, col)).join("")}</span>`).join(" ") :
    c.esc(U(c, "empty"))) + `</div>`;
  html += `<div class="sm-line sm-row"><b>${c.esc(U(c, "row"))}</b> ` + ((pub.open_row || []).length ?
    pub.open_row.map((r, i) => `<span class="row-place" data-row="${i + 1}">${i + 1}: ${territoryCard(r.card, v, c)}${r.silver ? `<small>+${r.silver}</small>` : ""}</span>`).join("") :
    c.esc(U(c, "empty"))) + `</div>`;
  html += `<div class="sm-line">${c.esc(U(c, "draw"))}: ${pub.draw_pile} · ${c.esc(U(c, "discard"))}: ${(pub.discard_pile || []).length}</div>`;
  return html + `</div>`;
}

// a Territory card: the cell it names, tinted with that cell's colour now (X: the wild card)
export function territoryCard(name, v, c, { small = false } = {}) {
  const cell = name && name !== "X" ? (v.public.cells || {})[name] : null;
  const col = cell && cell.colour && cell.colour !== "black" ? cell.colour : null;
  const band = name === "X" ? "#d4af37" : col ? HEX(c, col) : cell && cell.colour === "black" ? "#1b1b1b" : "#efe6cf";
  return `<svg class="tcard${small ? " small" : ""}" data-card="${name}" viewBox="0 0 40 56"><rect x="1" y="1" width="38" height="54" rx="5" fill="#fbf7ec" stroke="#5b4636" stroke-width="2"/>` +
    `<polygon points="${hexPoints(20, 22, 13)}" fill="${band}" stroke="#5b4636"/>` +
    `<text x="20" y="48" text-anchor="middle" font-size="12" font-weight="700" fill="#3b2f22">${c.esc(name)}</text></svg>`;
}

function seatBox(p, v, c) {
  const info = v.seats[p.seat] || {};
  const mine = p.seat === c.seat;
  // a person (away when no page has the seat open) or a bot by its friendly name (the page's ctx.who)
  const who = c.who(info);
  const deps = Object.entries(p.deposits || {}).map(([col, k]) => swatch(c, col, `${k}`)).join("") || "-";
  const power = (p.power || []).map((pc) => {
    const [col, type] = pc.split(" ");
    return swatch(c, col, ((c.data.type_names || {})[type]) || type);
  }).join("") || "-";
  const persons = (p.persons || []).map((x) => ((c.data.person_names || {})[x]) || x);
  // "castles: D4, G4" (it read "castles D4, castles G4")
  const castles = (p.castles || []).length ? [`${U(c, "castles")}: ${p.castles.join(", ")}`] : [];
  const extra = persons.concat(castles);
  const known = (p.known_cards || []).length ? `<div class="sm-known">${(p.known_cards || []).map((k) => territoryCard(k, v, c, { small: true })).join("")}</div>` : "";
  return `<div class="seat smseat${mine ? " me" : ""}${v.to_decide === p.seat ? " deciding" : ""}${p.alive ? "" : " out"}" data-seat="${p.seat}" id="seat-${p.seat}">
    <div class="seat-name">${c.esc(info.name || "")}${mine ? " (" + c.esc(c.T("you")) + ")" : ""}${p.alive ? "" : ` <span class="seat-out">${c.esc(U(c, "out"))}</span>`}</div>
    <div class="seat-who">${c.esc(who)}</div>
    <div class="sm-money" data-money="${p.hand_money}">${c.esc(U(c, "hand"))}: <b>${p.hand_money}</b> · ${c.esc(U(c, "income"))}: ${p.income} · ${c.esc(U(c, "score"))}: ${p.score}</div>
    <div class="sm-line">${c.esc(U(c, "deposits"))}: ${deps}</div>
    <div class="sm-line">${c.esc(U(c, "power"))}: ${power}</div>
    <div class="sm-line">${c.esc(U(c, "cards"))}: ${p.territory_cards} · ${c.esc(U(c, "pl"))} ${p.pl} · ${c.esc(U(c, "tl"))} ${p.tl}</div>
    ${extra.length ? `<div class="sm-line">${c.esc(extra.join(", "))}</div>` : ""}${known}
  </div>`;
}

export function drawTable(v, c) {
  const players = v.public.players || [];
  return `<div class="sm-table" data-players="${players.length}"><div class="sm-top">${board(v, c)}${side(v, c)}</div>` +
    `<div class="sm-seats">${players.map((p) => seatBox(p, v, c)).join("")}</div></div>`;
}

export function drawHand(v, c) {
  const cards = (v.private || {}).cards || [];
  return `<div class="sm-hand">${cards.length ? cards.map((k) => territoryCard(k, v, c)).join("") : c.esc(U(c, "none"))}</div>`;
}

export function drawRevealed(seat, priv, v, c) {
  if (!priv) return "";
  return `<span class="revealed" data-seat="${seat}">${(priv.cards || []).map((k) => territoryCard(k, v, c, { small: true })).join("")}</span>`;
}

export function moveBadge(item, c) {
  if (!item.cell) return "";
  const v = (window.intrigue || {}).view;
  const cell = v && v.public && v.public.cells ? v.public.cells[item.cell] : null;
  const col = cell && cell.colour;
  const fill = col === "black" ? "#1b1b1b" : col ? HEX(c, col) : "#efe6cf";
  return `<svg class="cell-badge" viewBox="0 0 24 22"><polygon points="${hexPoints(12, 11, 10)}" fill="${fill}" stroke="#333"/></svg>`;
}

export function beliefName(key, c) { return key; }
