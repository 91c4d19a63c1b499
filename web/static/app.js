// The table page: one seat of a live table (/t/ID#seat=S&token=X) or a replay (/replay/ID).
// It draws only what the server sends for its seat; the game's own module (/games/NAME/table.js)
// draws seats, cards and the middle of the table.
import { T, esc, errorText, isRtl, iso, setLang, rememberLinks } from "/static/ui.js";

const $ = (sel) => document.querySelector(sel);
const page = {
  mode: location.pathname.startsWith("/replay/") ? "replay" : "table",
  id: location.pathname.split("/")[2],
  seat: null, token: null, lang: null, ws: null, view: null, log: [], client: null, game: null,
  mod: null, hint: null, thinking: null, step: 0, steps: 0, retry: 0, rulesOpen: false,
};

function params() {
  const p = new URLSearchParams(location.hash.slice(1));
  const key = "intrigue-seat-" + page.id;
  if (p.get("token")) {
    sessionStorage.setItem(key, JSON.stringify({seat: +p.get("seat"), token: p.get("token")}));
    rememberLinks(page.id, {[p.get("seat")]: location.pathname + location.hash});   // the lobby offers it again
  }
  const saved = JSON.parse(sessionStorage.getItem(key) || "null");
  if (saved) { page.seat = saved.seat; page.token = saved.token; }
  page.lang = new URLSearchParams(location.search).get("lang") || localStorage.getItem("intrigue-lang") || null;
}

function t(key, kw) { return T(page.lang || "en", key, kw); }
function ctx() { return { data: page.client || {}, lang: page.lang, T: t, esc, seat: page.seat, seats: page.view ? page.view.seats : [], who, botName }; }

// a bot by its friendly name: its level ("Strongest"), the rule-of-thumb or random player; another
// spec as it is.  The spec itself is in the seat's tooltip (``title``), shown on demand.
function botName(info) {
  if (!info || !info.bot) return "";
  if (info.level) return t("level_" + info.level);
  const name = info.bot.split(":")[0];
  if ((name === "heuristic" || name === "random") && !info.bot.includes(":")) return t("bot_" + name);
  return info.bot;
}

// what a seat box says under the name: a person (away, when no page has the seat open) or a bot
function who(info) {
  if (!info || info.human === null || info.human === undefined) return "";
  if (info.human) return t("human") + (info.online === false ? " · " + t("offline") : "");
  return t("bot") + (info.bot ? " · " + botName(info) : "");
}
function seatName(s) {
  const info = page.view && page.view.seats.find((x) => x.seat === s);
  return info ? info.name : t("seat") + " " + s;
}

// A game without drawings of its own (no web plug-in) is drawn plainly: the seats, and the public and
// private information as the server sends them; its moves are the same buttons as any game's.
const PLAIN = {
  drawTable: (v, c) => `<div class="plain-table">` + v.seats.map((s) =>
    `<div class="plain-seat" data-seat="${s.seat}" id="seat-${s.seat}"><b>${c.esc(s.name)}</b>${s.you ? " (" + c.esc(c.T("you")) + ")" : ""}</div>`).join("") +
    `<pre class="plain-info" dir="ltr">${c.esc(JSON.stringify(v.public, null, 1))}</pre></div>`,
  drawHand: (v, c) => `<pre class="plain-info" dir="ltr">${c.esc(JSON.stringify(v.private))}</pre>`,
  drawRevealed: (s, r, v, c) => `<code>${c.esc(JSON.stringify(r))}</code>`,
};

async function loadModule(name, drawings) {
  if (page.mod && page.game === name) return;
  if (drawings === false) { page.mod = PLAIN; page.game = name; return; }   // the server says it has none
  page.mod = await import(`/games/${name}/table.js`);
  page.game = name;
  if (!document.getElementById("game-css")) {
    const link = document.createElement("link");
    link.id = "game-css"; link.rel = "stylesheet"; link.href = `/games/${name}/table.css`;
    document.head.appendChild(link);
  }
}

// --- the live table ---------------------------------------------------------------------------
function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  page.ws = ws;
  ws.onopen = () => {
    page.retry = 0;
    $("#banner").hidden = true;
    clearTimeout(page.rejoin);                // a new socket joins now: an older timer's join is not needed
    join();
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = () => {
    if (page.stopped || (page.view && page.view.over)) return;
    $("#banner").textContent = t("reconnecting"); $("#banner").hidden = false;
    setTimeout(connect, Math.min(4000, 500 * ++page.retry));
  };
}

function send(msg) { if (page.ws && page.ws.readyState === 1) page.ws.send(JSON.stringify(msg)); }
function join() { send({type: "join", table: page.id, seat: page.seat, token: page.token, lang: page.lang || undefined}); }

async function onMessage(m) {
  if (m.type === "state") {
    if (page.mode === "table") {                               // joined (again)
      $("#banner").hidden = true; clearTimeout(page.rejoin); page.rejoins = 0;
      $("#save-btn").disabled = false; $("#rules-btn").disabled = false;
    }
    if (m.log_start === 0) page.log = [];
    page.log = page.log.slice(0, m.log_start).concat(m.log);
    if (m.client) page.client = m.client;
    if (page.lang !== m.lang || !page.labelled) { page.lang = m.lang; setLang(m.lang); labels(); page.labelled = true; }
    page.view = m;
    page.thinking = m.thinking;
    if (m.legal) page.hint = page.hint && page.hint.events === m.events ? page.hint : null;
    else page.hint = null;
    await loadModule(m.game.game, m.drawings);
    render();
    if (page.rulesOpen) send({type: "rules"});   // the rules that matter may have changed with the position
  } else if (m.type === "rules") {
    drawRules(m.text);
  } else if (m.type === "thinking") {
    page.thinking = m; drawThinking();
  } else if (m.type === "seats") {
    if (page.view) { page.view.seats = m.seats; render(); }
  } else if (m.type === "hint_started") {
    page.hint = {waiting: true}; drawHint();
  } else if (m.type === "hint") {
    page.hint = Object.assign({events: page.view.events}, m.analysis); drawHint();
  } else if (m.type === "saved") {
    toast(t("saved", {name: m.name}));
    download();
  } else if (m.type === "notice") {
    toast(m.message);
  } else if (m.type === "error" && m.code === "no_table" && page.mode === "table") {
    // the server was restarted and the table is not open (yet: a saved game of several people reopens
    // at its own link): say so, take the buttons away, and ask to join again, every 3 s at first and
    // then less often (at most once a minute)
    $("#banner").textContent = t("table_gone"); $("#banner").hidden = false;
    $("#actions").innerHTML = "";
    for (const b of ["#hint-btn", "#save-btn", "#rules-btn"]) $(b).disabled = true;
    page.thinking = null; drawThinking();
    clearTimeout(page.rejoin);
    page.rejoins = (page.rejoins || 0) + 1;
    page.rejoin = setTimeout(join, Math.min(60000, 3000 * Math.pow(1.25, page.rejoins - 1)));
  } else if (m.type === "error" && !page.view && page.mode === "table" && ["bad_token", "bad_seat"].includes(m.code)) {
    linkProblem();                      // the link opens no seat: a page that says what to do, not a blank table
  } else if (m.type === "error") {
    if (page.hint && page.hint.waiting) { page.hint = null; drawHint(); }
    toast(t("error") + ": " + errorText(page.lang, m, seatName), true);
    if (page.view && page.view.legal) drawPrompt();        // the buttons a refused move disabled come back
  } else if (m.type === "rematch") {
    const [path, hash] = m.link.split("#");
    location.href = path + (page.lang ? `?lang=${page.lang}` : "") + "#" + hash;
  } else if (m.type === "rematch_open") {
    page.rematchOpen = true; drawOver();
    toast(t("rematch_open"));
  }
}

// the Rules panel: the live table asks the server for the seat's rules, a replay's frame carries them
function drawRules(text) {
  $("#rules-text").textContent = text || "";
  // below the top bar, however many lines it wraps to in a narrow window
  // (never above the window: scrolled down, the bar's bottom is above it)
  $("#rules-panel").style.top = Math.max(6, Math.round(document.querySelector(".bar-top").getBoundingClientRect().bottom + 6)) + "px";
  $("#rules-panel").hidden = !page.rulesOpen;
}

function linkProblem() {
  $("#link-title").textContent = t("link_title");
  $("#link-why").textContent = t("link_why");
  $("#link-do").textContent = t("link_do");
  $("#link-lobby").textContent = t("missing_lobby");
  $("#link-problem").hidden = false;
  document.querySelector("main.layout").hidden = true;
  for (const b of ["#hint-btn", "#save-btn", "#rules-btn", "#download-btn"]) $(b).disabled = true;
  page.stopped = true;                  // no reconnecting to a seat it cannot open
  if (page.ws) page.ws.close();
}

function toast(text, bad) {
  const el = $("#toast");
  el.textContent = text; el.className = bad ? "toast bad" : "toast"; el.hidden = false;
  clearTimeout(toast.timer); toast.timer = setTimeout(() => (el.hidden = true), 6000);
}

function download() {
  const a = document.createElement("a");
  a.href = `/api/tables/${page.id}/record?seat=${page.seat}&token=${encodeURIComponent(page.token)}`;
  a.download = ""; document.body.appendChild(a); a.click(); a.remove();
}

// --- drawing ----------------------------------------------------------------------------------
function render() {
  const v = page.view; if (!v || !page.mod) return;
  const c = ctx();
  // each part isolated, so that a Hebrew title and the English ruleset keep their order
  $("#title").textContent = [v.title, v.game.ruleset, v.game.players].map((x) => iso(page.lang, x)).join(" · ");
  $("#header").textContent = v.header || "";
  // the drawings run in the direction of the game's words: English labels ("Table:", "Power:") of a
  // game without Hebrew stay left to right on a Hebrew page
  const dir = isRtl(v.words_lang || page.lang) ? "rtl" : "ltr";
  $("#table").dir = dir; $("#hand").dir = dir;
  $("#table").innerHTML = page.mod.drawTable(v, c);
  $("#hand").innerHTML = v.private ? `<h3>${esc(t("your_cards"))}</h3>` + page.mod.drawHand(v, c) : "";
  // the spec of each bot on demand: the seat's tooltip
  for (const s of v.seats) {
    const el = document.querySelector(`.seat[data-seat="${s.seat}"] .seat-who`);
    if (el && s.bot) el.title = s.bot;
  }
  drawLegend(); drawPrompt(); drawLog(); drawThinking(); drawHint(); drawOver();
  for (const b of document.querySelectorAll(".mode-table")) b.hidden = page.mode !== "table";
  for (const b of document.querySelectorAll(".mode-replay")) b.hidden = page.mode !== "replay";
}

// the game's abbreviations and symbols, from its plug-in ([short, meaning] pairs in the page's language)
function drawLegend() {
  const legend = (page.client && page.client.legend) || [];
  const el = $("#legend");
  el.hidden = !legend.length;
  if (!legend.length) return;
  if (!page.legendSet) { el.open = localStorage.getItem("intrigue-legend") !== "closed"; page.legendSet = true; }
  el.ontoggle = () => localStorage.setItem("intrigue-legend", el.open ? "open" : "closed");
  $("#legend-list").innerHTML = legend.map(([k, v]) => `<div><dt dir="auto">${esc(k)}</dt><dd dir="auto">${esc(v)}</dd></div>`).join("");
}

function drawPrompt() {
  const v = page.view, box = $("#actions"), prompt = $("#prompt");
  box.innerHTML = "";
  $("#hint-btn").disabled = !v.legal;
  if (v.over) {                 // the result box closed: a button opens it again
    prompt.textContent = "";
    if (page.overClosed) {
      const b = document.createElement("button"); b.id = "show-result"; b.textContent = t("show_result");
      b.onclick = () => { page.overClosed = false; render(); };
      box.appendChild(b);
    }
    return;
  }
  if (!v.legal) {
    prompt.className = "prompt";
    // the narrator's line names who decides ("Seat 1 is to decide."): it is the whole line
    prompt.textContent = v.to_decide === null || v.to_decide === undefined ? "" :
      v.waiting || t("waiting", {who: seatName(v.to_decide), what: v.kind});
    return;
  }
  prompt.className = "prompt mine";
  // the server's prompt is the whole line ("Your turn: choose an action ..."): the page adds nothing to it
  prompt.textContent = v.prompt || t("your_turn") + ": " + v.kind;
  const groups = new Map();
  for (const item of v.legal) {
    const g = item.group || item.action || item.move.split(" ")[0];
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(item);
  }
  const c = ctx();
  for (const [g, items] of groups) {
    if (items.length <= 8) {
      for (const item of items) box.appendChild(moveButton(item, c));
    } else {
      const wrap = document.createElement("span"); wrap.className = "move-group";
      const sel = document.createElement("select"); sel.dataset.group = g;
      for (const item of items) { const o = document.createElement("option"); o.value = item.move; o.textContent = item.label; sel.appendChild(o); }
      const go = document.createElement("button"); go.textContent = t("go"); go.className = "move";
      go.onclick = () => sendMove(sel.value);
      wrap.append(sel, go); box.appendChild(wrap);
    }
  }
}

function moveButton(item, c) {
  const b = document.createElement("button");
  b.className = "move"; b.dataset.move = item.move;
  if (item.target !== undefined) b.dataset.target = item.target;
  if (item.claim) b.dataset.claim = item.claim;
  const badge = page.mod.moveBadge ? page.mod.moveBadge(item, c) : "";
  // "→ seat 2" after a label that does not name its target already ("Steal from seat 2" does)
  const named = item.target !== undefined && names(item.label, seatName(item.target));
  const target = item.target !== undefined && !named ? `<span class="target-seat">${arrow()} ${esc(seatName(item.target))}</span>` : "";
  b.innerHTML = badge + `<span class="label">${esc(item.label)}</span>` + target;
  b.onclick = () => sendMove(item.move);
  return b;
}

// whether `label` names `name` as a whole ("seat 1" in "Steal from seat 1", not in "... seat 10"; a
// Hebrew name may carry a one-letter preposition: "ממושב 1")
function names(label, name) {
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}]|[\u05d0-\u05ea])${quoted}($|[^\\p{L}\\p{N}])`, "iu").test(label);
}

function sendMove(move) {
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
  send({type: "move", move, seq: page.view.events});
}

function drawLog() {
  const el = $("#log");
  const earlier = page.mode === "replay" && page.logStart > 0 ? `<li class="more" dir="auto">${esc(t("earlier", {n: page.logStart}))}</li>` : "";
  el.innerHTML = earlier + page.log.map((e) => `${e.header ? `<li dir="auto" class="turn">${esc(e.header)}</li>` : ""}` +
    e.lines.map((l) => `<li dir="auto" class="ev${e.seat === page.seat && e.seat !== null ? " me" : ""}" data-index="${e.index}">${esc(l)}</li>`).join("")).join("");
  el.scrollTop = el.scrollHeight;
}

function drawThinking() {
  for (const el of document.querySelectorAll(".seat.thinking")) el.classList.remove("thinking");
  for (const el of document.querySelectorAll(".think-badge")) el.remove();
  const th = page.thinking, box = $("#thinking");
  if (!th || (page.view && page.view.over)) { box.hidden = true; return; }
  const spec = th.bot || "";
  const want = /time=(\d+)/.exec(spec);
  const frac = want ? Math.min(1, (th.elapsed * 1000) / +want[1]) : null;
  const text = t("thinking", {who: seatName(th.seat)}) + ` · ${th.elapsed.toFixed(1)} s`;
  box.hidden = false;
  box.innerHTML = `<span>${esc(text)}</span><span class="bar${frac === null ? " busy" : ""}"><i style="width:${frac === null ? 30 : Math.round(frac * 100)}%"></i></span>`;
  const seatEl = document.querySelector(`.seat[data-seat="${th.seat}"]`);
  if (seatEl) {
    seatEl.classList.add("thinking");
    const badge = document.createElement("div"); badge.className = "think-badge"; badge.textContent = "…";
    seatEl.appendChild(badge);
  }
}

function drawHint() {
  const el = $("#hint-panel"), h = page.hint;
  if (!h) { el.hidden = true; return; }
  el.hidden = false;
  if (h.waiting) { el.innerHTML = `<h3>${esc(t("hint_title"))}</h3><p>${esc(t("hint_wait"))}</p>`; return; }
  const all = (h.stats || []).slice().sort((a, b) => b.visits - a.visits), stats = all.slice(0, 8);
  const most = Math.max(1, ...stats.map((s) => s.visits));
  let html = `<h3>${esc(t("hint_title"))}</h3><p class="suggest">${esc(t("hint_move", {move: h.label}))}` +
    (h.iterations ? ` <small>(${h.iterations.toLocaleString()} ${esc(t("iterations"))})</small>` : "") + "</p>" +
    // the search scored its best moves the same: the suggestion is the rule of thumb's, not the top bar's
    (h.tiebreak ? `<p class="tiebreak"><small>${esc(t("tiebreak"))}</small></p>` : "");
  html += `<table class="stats">` + stats.map((s) => `<tr data-move="${esc(s.move)}"><td>${esc(s.label)}</td>` +
    `<td class="barcell"><span class="bar"><i style="width:${Math.round((100 * s.visits) / most)}%"></i></span></td>` +
    `<td>${esc(t("value"))} ${s.value.toFixed(2)}</td><td><small>${s.visits.toLocaleString()} ${esc(t("visits"))}</small></td></tr>`).join("") + "</table>" +
    (all.length > 8 ? `<p class="more"><small>${esc(t("more_moves", {n: all.length - 8}))}</small></p>` : "");
  if (h.belief) {
    html += `<h4>${esc(t("belief"))}</h4>`;
    for (const [seat, dist] of Object.entries(h.belief)) {
      const name = (h.belief_names && h.belief_names[seat]) || seatName(+seat);
      // the ten likeliest (Shadow Master's belief runs over some forty cards a seat), as the terminal does
      const likely = Object.entries(dist).filter(([, p]) => p >= 0.005).sort((a, b) => b[1] - a[1]);
      html += `<div class="belief" data-seat="${seat}"><b>${esc(name)}</b>` +
        likely.slice(0, 10).map(([k, p]) =>
          `<div class="brow"><span class="bname">${esc(page.mod.beliefName ? page.mod.beliefName(k, ctx()) : k)}</span>` +
          `<span class="bar"><i style="width:${Math.round(p * 100)}%"></i></span><span class="pct">${Math.round(p * 100)}%</span></div>`).join("") +
        (likely.length > 10 ? `<div class="brow more">${esc(t("more_cards", {n: likely.length - 10}))}</div>` : "") + "</div>";
    }
  }
  el.innerHTML = html;
}

function drawOver() {
  const v = page.view, el = $("#gameover");
  if (!v.over || !v.result || page.overClosed) { el.hidden = true; return; }
  el.hidden = false;
  const c = ctx(), r = v.result, n = r.placings.length;
  const order = [...Array(n).keys()].sort((a, b) => r.placings[a] - r.placings[b]);
  // the narrator's end screen in the page's language (as intrigue play ends), else the engine's reason
  const why = v.end_text ? `<pre class="end-screen" dir="auto">${esc(v.end_text)}</pre>` : `<p class="end-reason">${esc(r.reason || "")}</p>`;
  let html = `<h2>${esc(t("game_over"))}</h2>${why}<table class="placings"><tr><th>${esc(t("place"))}</th><th>${esc(t("seat"))}</th>` +
    (r.scores ? `<th>${esc(t("score"))}</th>` : "") + (v.revealed ? `<th>${esc(t("revealed"))}</th>` : "") + "</tr>";
  for (const s of order) {
    html += `<tr data-seat="${s}" class="${r.winners.includes(s) ? "won" : ""}"><td>${r.placings[s]}</td><td>${esc(seatName(s))}${s === page.seat ? " (" + esc(t("you")) + ")" : ""}</td>` +
      (r.scores ? `<td>${r.scores[s]}</td>` : "") +
      (v.revealed ? `<td>${page.mod.drawRevealed(s, v.revealed[String(s)], v, c)}</td>` : "") + "</tr>";
  }
  html += "</table>";
  if (page.mode === "table") {
    html += (page.rematchOpen ? `<p class="rematch-open">${esc(t("rematch_open"))}</p>` : "") +
      `<p><button id="over-rematch" class="move">${esc(t("rematch"))}</button> <button id="over-replay">${esc(t("replay"))}</button> <button id="over-download">${esc(t("download"))}</button> <a href="/">${esc(t("lobby"))}</a> <button id="over-close" title="${esc(t("close"))}" aria-label="${esc(t("close"))}">×</button></p>`;
  }
  else html += `<p><button id="over-close" title="${esc(t("close"))}" aria-label="${esc(t("close"))}">×</button></p>`;
  el.innerHTML = html;
  const rb = $("#over-replay"); if (rb) rb.onclick = openReplay;
  // the same game with the same seats: the server answers this page with its own seat's new link
  const mb = $("#over-rematch"); if (mb) mb.onclick = () => { mb.disabled = true; send({type: "rematch"}); };
  const db = $("#over-download"); if (db) db.onclick = download;
  // closed, the box stays closed through later messages, so the final board and log can be read
  const cb = $("#over-close"); if (cb) cb.onclick = () => { page.overClosed = true; render(); };
}

async function openReplay() {
  const r = await fetch(`/api/tables/${page.id}/replay?seat=${page.seat}&token=${encodeURIComponent(page.token)}`, {method: "POST"});
  const data = await r.json();
  if (data.link) location.href = data.link + (page.lang ? `?lang=${page.lang}` : "");
  else toast(t("error") + ": " + errorText(page.lang, data, seatName), true);
}

// --- the replay viewer ------------------------------------------------------------------------
async function showFrame(k) {
  // the frame in the page's language (the selector can change it at any step)
  const r = await fetch(`/api/replays/${page.id}/${k}` + (page.lang ? `?lang=${encodeURIComponent(page.lang)}` : ""));
  const f = await r.json();
  if (f.type !== "frame") { toast(t("error") + ": " + errorText(page.lang, f, seatName), true); return; }
  page.step = f.step; page.steps = f.steps;
  page.client = f.client;
  if (page.lang !== f.lang || !page.labelled) { page.lang = f.lang; setLang(f.lang); labels(); page.labelled = true; }
  // a long record's frame carries the last part of its log (log_start: the index of its first entry)
  page.seat = f.seat; page.view = f; page.log = f.log; page.logStart = f.log_start || 0; page.thinking = null;
  await loadModule(f.game.game, f.drawings);
  render();
  if (page.rulesOpen) drawRules(f.rules);
  $("#step").textContent = t("step", {k: f.step, n: f.steps});
  $("#slider").max = f.steps; $("#slider").value = f.step;
}

function setupReplay() {
  $("#first").onclick = () => showFrame(0);
  $("#prev").onclick = () => showFrame(Math.max(0, page.step - 1));
  $("#next").onclick = () => showFrame(Math.min(page.steps, page.step + 1));
  $("#last").onclick = () => showFrame(page.steps);
  $("#slider").oninput = (e) => showFrame(+e.target.value);
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") $(document.dir === "rtl" ? "#prev" : "#next").click();
    if (e.key === "ArrowLeft") $(document.dir === "rtl" ? "#next" : "#prev").click();
  });
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) page.lang = lang;
  showFrame(0);
}

// --- start ------------------------------------------------------------------------------------
function labels() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  $("#rules-close").title = t("close"); $("#rules-close").setAttribute("aria-label", t("close"));
  $("#lang").value = page.lang || "en";
}
function arrow() { return document.documentElement.dir === "rtl" ? "←" : "→"; }

function start() {
  params();
  if (page.lang) setLang(page.lang);
  labels();
  $("#hint-btn").onclick = () => { page.hint = {waiting: true}; drawHint(); send({type: "hint"}); };
  $("#rules-btn").onclick = () => {      // the seat's rules, from the server, in the page's language
    page.rulesOpen = !page.rulesOpen;
    if (!page.rulesOpen) $("#rules-panel").hidden = true;
    else if (page.mode === "replay") drawRules(page.view && page.view.rules);
    else send({type: "rules"});
  };
  $("#rules-close").onclick = () => { page.rulesOpen = false; $("#rules-panel").hidden = true; };
  $("#save-btn").onclick = () => send({type: "save"});
  $("#download-btn").onclick = download;
  $("#lang").value = page.lang || "en";
  $("#lang").onchange = (e) => {
    localStorage.setItem("intrigue-lang", e.target.value);
    page.lang = e.target.value; setLang(page.lang); labels();
    if (page.mode === "table") { page.log = []; if (page.ws) page.ws.close(); }
    else showFrame(page.step);
  };
  if (page.mode === "replay") setupReplay();
  else connect();
}

window.intrigue = page;      // for people poking at the page (and the browser tests)
start();
