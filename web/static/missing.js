// The page of a link that opens nothing (an unknown table or replay): what may have happened and
// what to do, in the language the lobby was last used in (else the browser's).
import { T, setLang } from "/static/ui.js";

const $ = (s) => document.querySelector(s);
const pick = (l) => (["en", "th", "he"].includes(l) ? l : null);
const lang = pick(localStorage.getItem("intrigue-lang")) || pick((navigator.language || "en").slice(0, 2)) || "en";
const replay = location.pathname.startsWith("/replay/");
const t = (k) => T(lang, k);

setLang(lang);
document.title = "intrigue: " + t("missing_title");
$("#missing-title").textContent = t(replay ? "missing_replay_title" : "missing_title");
$("#missing-why").textContent = t(replay ? "missing_replay_why" : "missing_why");
const reasons = replay ? ["missing_replay_reason"] : ["missing_reason_ended", "missing_reason_expired", "missing_reason_restart", "missing_reason_typo"];
$("#missing-reasons").innerHTML = "";
for (const k of reasons) { const li = document.createElement("li"); li.textContent = t(k); $("#missing-reasons").appendChild(li); }
$("#missing-do-title").innerHTML = "";
const b = document.createElement("b"); b.textContent = t("missing_do"); $("#missing-do-title").appendChild(b);
$("#missing-do").innerHTML = "";
for (const k of replay ? ["missing_do_replay", "missing_do_lobby"] : ["missing_do_saved", "missing_do_ask", "missing_do_lobby"]) {
  const li = document.createElement("li"); li.textContent = t(k); $("#missing-do").appendChild(li);
}
$("#missing-lobby").textContent = t("missing_lobby");
