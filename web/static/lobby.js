// The lobby: start a table of any game, ruleset and option, with bots chosen by level; see the open
// tables (and open your own seats there); continue a saved game; open a record.
import { T, esc, errorText, setLang, rememberLinks, rememberedLinks } from "/static/ui.js";

const $ = (s) => document.querySelector(s);
let lang = localStorage.getItem("intrigue-lang") || "en";
let games = [];
let levels = [];          // the server's named strengths: [{name, spec, about}]
let limits = {};
let defaultBots = [];
const t = (k, kw) => T(lang, k, kw);

function labels() { setLang(lang); for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t); }

function current() { return games.find((g) => g.name === $("#game").value); }

// each game's name in the lobby's language, as its guide in that language names it
function retitle() {
  for (const o of document.querySelectorAll("#game option")) {
    const g = games.find((x) => x.name === o.value);
    o.textContent = (g && g.titles && g.titles[lang]) || (g ? g.title : o.textContent);
  }
}

function fillGame() {
  const g = current();
  $("#ruleset").innerHTML = Object.keys(g.rulesets).map((r) => `<option${r === g.default_ruleset ? " selected" : ""}>${esc(r)}</option>`).join("");
  fillRuleset();
  $("#options").innerHTML = g.options.map((o) => {
    const id = "opt-" + o.name;
    let input;
    if (o.type === "bool") input = `<input type="checkbox" id="${id}" data-opt="${o.name}" data-type="bool"${o.default ? " checked" : ""}>`;
    else if (o.type === "choice") input = `<select id="${id}" data-opt="${o.name}" data-type="choice">${o.choices.map((c) => `<option${c === o.default ? " selected" : ""}>${esc(c)}</option>`).join("")}</select>`;
    else input = `<input type="number" id="${id}" data-opt="${o.name}" data-type="int" min="${o.min}" max="${o.max}" value="${o.default}">`;
    return `<div title="${esc(o.help)}"><label for="${id}">${esc(o.name)}</label>${input}</div>`;
  }).join("");
}

function fillRuleset() {
  const g = current(), r = g.rulesets[$("#ruleset").value];
  $("#players").min = r.players[0]; $("#players").max = r.players[1];
  const n = Math.min(Math.max(+$("#players").value || g.default_players, r.players[0]), r.players[1]);
  $("#players").value = n;
  // the ruleset's own option values
  for (const [k, v] of Object.entries(r.options)) {
    const el = document.querySelector(`[data-opt="${k}"]`);
    if (el) { if (el.type === "checkbox") el.checked = !!v; else el.value = v; }
  }
  fillHumans();
}

function fillHumans() {
  const n = +$("#players").value;
  const was = [...document.querySelectorAll("#humans input:checked")].map((x) => +x.value);
  const on = was.length ? was : [0];
  $("#humans").innerHTML = [...Array(n).keys()].map((s) =>
    `<label><input type="checkbox" value="${s}"${on.includes(s) ? " checked" : ""}> ${esc(t("seat"))} ${s}</label>`).join("");
}

async function start(ev) {
  ev.preventDefault();
  const options = {};
  for (const el of document.querySelectorAll("[data-opt]")) {
    options[el.dataset.opt] = el.dataset.type === "bool" ? el.checked : el.dataset.type === "int" ? +el.value : el.value;
  }
  const body = {
    game: $("#game").value, ruleset: $("#ruleset").value, players: +$("#players").value, options, lang,
    humans: [...document.querySelectorAll("#humans input:checked")].map((x) => +x.value),
    bots: chosenBots(),
  };
  if ($("#seed").value !== "") body.seed = +$("#seed").value;
  const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  showLinks(await answer(r));
}

// --- the bots: a level menu, the spec on demand ------------------------------------------------
const PLAIN_BOTS = ["heuristic", "random"];

function fillLevels() {
  const was = $("#level").value;
  $("#level").innerHTML = levels.map((l) => `<option value="${esc(l.name)}">${esc(t("level_" + l.name))}</option>`).join("") +
    PLAIN_BOTS.map((b) => `<option value="${b}">${esc(t("bot_" + b))}</option>`).join("") +
    `<option value="custom">${esc(t("bot_custom"))}</option>`;
  $("#level").value = was || defaultChoice();
  showLevel();
}

// the server's default bots as a choice of the menu (several specs, or one it does not name: custom)
function defaultChoice() {
  if (defaultBots.length === 1) {
    const b = defaultBots[0];
    const level = levels.find((l) => l.name === b || l.spec === b);
    if (level) return level.name;
    if (PLAIN_BOTS.includes(b)) return b;
  }
  $("#bots").value = defaultBots.join("\n");
  return "custom";
}

function showLevel() {
  const choice = $("#level").value, level = levels.find((l) => l.name === choice);
  $("#level-about").textContent = t("about_" + choice);
  $("#level-spec").textContent = level ? level.spec : choice === "custom" ? "" : choice;
  $("#custom-box").hidden = choice !== "custom";
  if (choice === "custom") $("#spec-box").open = true;
  $("#limits-note").textContent = limits.max_bot_time_ms ? t("limits_note", {ms: limits.max_bot_time_ms, it: limits.max_bot_iterations}) : "";
}

function chosenBots() {
  const choice = $("#level").value;
  if (choice === "custom") return $("#bots").value.split("\n").map((s) => s.trim()).filter(Boolean);
  return [choice];
}

// --- open tables ---------------------------------------------------------------------------------
function ago(seconds) {
  const fmt = new Intl.RelativeTimeFormat(lang, {numeric: "auto"});
  if (seconds < 60) return fmt.format(-Math.round(seconds), "second");
  if (seconds < 3600) return fmt.format(-Math.round(seconds / 60), "minute");
  return fmt.format(-Math.round(seconds / 3600), "hour");
}

function seatText(s) {
  const name = `${t("seat")} ${s.seat}`;
  if (s.human) return `<span class="${s.online ? "here" : ""}">${esc(name)}: ${esc(t("human"))}${s.online ? " · " + esc(t("online")) : ""}</span>`;
  const bot = s.level ? t("level_" + s.level) : PLAIN_BOTS.includes(s.bot) ? t("bot_" + s.bot) : s.bot;
  return `<span title="${esc(s.bot || "")}">${esc(name)}: ${esc(t("bot"))} · ${esc(bot)}</span>`;
}

async function tables() {
  const data = await answer(await fetch("/api/tables"));
  if (!data.tables) { $("#tables").innerHTML = `<li>${esc(errorText(lang, data))}</li>`; return; }
  const mine = rememberedLinks();
  $("#tables").innerHTML = data.tables.length ? data.tables.map((tb) => {
    const title = (tb.titles && tb.titles[lang]) || tb.game;
    const own = mine[tb.table] || {};
    const links = Object.keys(own).map((s) => `<a href="${esc(own[s])}" data-table="${esc(tb.table)}" data-seat="${esc(s)}">${esc(t("open_your_seat", {n: s}))}</a>`).join("");
    return `<li data-table="${esc(tb.table)}"><span class="what" dir="auto">${esc(title)}</span> · ${esc(tb.ruleset)} · ${esc(t("players"))}: ${tb.players}` +
      ` · <span class="when">${esc(t(tb.over ? "finished" : "in_progress"))}, ${esc(t("events", {n: tb.events}))}, ${esc(t("started", {t: ago(tb.age)}))}</span>${links}` +
      `<div class="seats">${tb.seats.map(seatText).join("")}</div></li>`;
  }).join("") : `<li>${esc(t("no_tables"))}</li>`;
}

function showLinks(data) {
  if (data.links && data.table) rememberLinks(data.table, data.links);
  if (!data.links) { $("#msg").textContent = errorText(lang, data, (s) => t("seat") + " " + s); return; }
  // a saved game of several people reopens at its own links, which only their holders have
  $("#msg").textContent = data.reopened ? t("reopened") : "";
  if (data.reopened) { $("#links").hidden = true; return; }
  const seats = Object.keys(data.links);
  if (seats.length === 1) { location.href = data.links[seats[0]]; return; }
  $("#links").hidden = false;
  $("#links ul").innerHTML = seats.map((s) => {
    const url = location.origin + data.links[s];
    return `<li><a href="${esc(data.links[s])}" target="_blank" data-seat="${s}">${esc(t("open_seat", { n: s }))}</a> <code>${esc(url)}</code></li>`;
  }).join("");
}

// a response's JSON; a server error that is not JSON (a 500 page) becomes an error the page can show
async function answer(r) {
  try { return await r.json(); } catch (e) { return { code: "server_error", message: `the server answered ${r.status} ${r.statusText}` }; }
}

// a save as people read it: the game, who sat where, how far it went and when it was saved
function saveText(a) {
  const g = games.find((x) => x.name === a.game);
  const title = (a.titles && a.titles[lang]) || (g && ((g.titles && g.titles[lang]) || g.title)) || a.game || a.name;
  const parts = [a.ruleset, a.players ? `${t("players")}: ${a.players}` : null,
    a.people && a.people.length ? t("people_at", {seats: a.people.join(", ")}) : null,
    a.events !== undefined ? t("events", {n: a.events}) : null,
    a.over === undefined ? null : t(a.over ? "finished" : "in_progress")].filter((x) => x !== null && x !== undefined);
  const date = a.saved ? new Intl.DateTimeFormat(lang, {dateStyle: "medium", timeStyle: "short"}).format(new Date(a.saved * 1000)) : "";
  return `<span class="what" dir="auto">${esc(title)}</span> · ${esc(parts.join(" · "))}` +
    (date ? ` · <span class="when">${esc(t("saved_at", {date}))}</span>` : "");
}

async function saves() {
  const data = await answer(await fetch("/api/saves"));
  if (!data.saves) { $("#msg").textContent = errorText(lang, data); return; }
  const about = data.about || data.saves.map((name) => ({name}));
  $("#saves").innerHTML = about.length ? about.map((a) => `<li title="${esc(a.name)}">${saveText(a)} <button data-save="${esc(a.name)}">${esc(t("continue"))}</button></li>`).join("") : `<li>${esc(t("no_saves"))}</li>`;
  for (const b of document.querySelectorAll("[data-save]")) {
    b.onclick = async () => showLinks(await answer(await fetch(`/api/saves/${encodeURIComponent(b.dataset.save)}?lang=${lang}`, { method: "POST" })));
  }
}

async function upload() {
  const f = $("#file").files[0]; if (!f) return;
  const r = await fetch(`/api/records?lang=${lang}`, { method: "POST", body: await f.arrayBuffer() });
  const data = await answer(r);
  if (data.link) location.href = data.link;
  else showLinks(data);
}

async function main() {
  labels();
  $("#lang").value = lang;
  $("#lang").onchange = (e) => { lang = e.target.value; localStorage.setItem("intrigue-lang", lang); labels(); fillHumans(); fillLevels(); saves(); tables(); retitle(); };
  const data = await (await fetch("/api/games")).json();
  games = data.games.filter((g) => g.web);
  levels = data.levels || [];
  limits = data.limits || {};
  defaultBots = data.bots || [];
  $("#game").innerHTML = games.map((g) => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join("");
  retitle();
  fillLevels();
  $("#level").onchange = showLevel;
  $("#game").onchange = () => { $("#players").value = ""; fillGame(); };
  $("#ruleset").onchange = fillRuleset;
  $("#players").onchange = fillHumans;
  $("#new").onsubmit = start;
  $("#file").onchange = upload;
  fillGame();
  saves();
  tables();
  setInterval(tables, 10000);          // the list follows the server's tables
}
main();
