// The lobby: start a table of any game, ruleset and option; continue a saved game; open a record.
import { T, esc, errorText, setLang } from "/static/ui.js";

const $ = (s) => document.querySelector(s);
let lang = localStorage.getItem("intrigue-lang") || "en";
let games = [];
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
    bots: $("#bots").value.split("\n").map((s) => s.trim()).filter(Boolean),
  };
  if ($("#seed").value !== "") body.seed = +$("#seed").value;
  const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  showLinks(await answer(r));
}

function showLinks(data) {
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

async function saves() {
  const data = await answer(await fetch("/api/saves"));
  if (!data.saves) { $("#msg").textContent = errorText(lang, data); return; }
  $("#saves").innerHTML = data.saves.length ? data.saves.map((n) => `<li>${esc(n)} <button data-save="${esc(n)}">${esc(t("continue"))}</button></li>`).join("") : `<li>${esc(t("no_saves"))}</li>`;
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
  $("#lang").onchange = (e) => { lang = e.target.value; localStorage.setItem("intrigue-lang", lang); labels(); fillHumans(); saves(); retitle(); };
  const data = await (await fetch("/api/games")).json();
  games = data.games.filter((g) => g.web);
  $("#game").innerHTML = games.map((g) => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join("");
  retitle();
  $("#bots").value = data.bots.join("\n");
  $("#game").onchange = () => { $("#players").value = ""; fillGame(); };
  $("#ruleset").onchange = fillRuleset;
  $("#players").onchange = fillHumans;
  $("#new").onsubmit = start;
  $("#file").onchange = upload;
  fillGame();
  saves();
}
main();
