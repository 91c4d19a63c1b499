// The page's own words in English, Thai and Hebrew (game words come from the server and the game's
// plug-in).  T(lang, key, {name: value}) formats one.
export const UI = {
  en: {
    title: "intrigue web table", hint: "Hint", save: "Save", load: "Load", replay: "Replay", lobby: "New table",
    your_cards: "Your cards", log: "Log", waiting: "Waiting for {who}: {what}", your_turn: "Your decision",
    thinking: "{who} is thinking", iterations: "iterations", hint_title: "The engine's view",
    hint_wait: "The engine is thinking…", hint_move: "It suggests: {move}", visits: "visits", value: "value",
    belief: "What it believes about the face-down cards", game_over: "Game over", place: "Place",
    seat: "Seat", score: "Score", revealed: "Cards", reconnecting: "Connection lost: reconnecting…",
    saved: "Saved on the server as “{name}”; your own record is downloading.", download: "Download my record",
    step: "Step {k} of {n}", first: "First", prev: "Back", next: "Next", last: "End",
    replay_of: "Replay", error: "Not possible", bot: "bot", human: "person", offline: "away",
    new_game: "Start a table", game: "Game", ruleset: "Ruleset", players: "Players", humans: "People at seats",
    bots: "Bots (spec, one per line, cycled over the bot seats)", language: "Language", seed: "Seed (empty: random)",
    options: "Options", start: "Start", links: "Each person opens their own link (it holds their seat's secret):",
    open_seat: "Open seat {n}", saves: "Saved games on this server", continue: "Continue",
    upload: "Open a record file (a full record continues; a seat's record opens in the replay viewer)",
    no_saves: "none yet", more: "more…", go: "Go", you: "you", winner: "winner", rules: "Rules", close: "Close",
  },
  th: {
    title: "โต๊ะเกม intrigue", hint: "คำแนะนำ", save: "บันทึก", load: "โหลด", replay: "ดูย้อนหลัง", lobby: "โต๊ะใหม่",
    your_cards: "การ์ดของคุณ", log: "บันทึกเหตุการณ์", waiting: "รอ {who}: {what}", your_turn: "ตาของคุณ",
    thinking: "{who} กำลังคิด", iterations: "รอบ", hint_title: "มุมมองของเอนจิน",
    hint_wait: "เอนจินกำลังคิด…", hint_move: "แนะนำ: {move}", visits: "ครั้ง", value: "ค่า",
    belief: "สิ่งที่เอนจินเชื่อเกี่ยวกับการ์ดที่คว่ำอยู่", game_over: "จบเกม", place: "อันดับ",
    seat: "ที่นั่ง", score: "คะแนน", revealed: "การ์ด", reconnecting: "การเชื่อมต่อขาด: กำลังเชื่อมต่อใหม่…",
    saved: "บันทึกไว้บนเซิร์ฟเวอร์ชื่อ “{name}” และกำลังดาวน์โหลดบันทึกของคุณ", download: "ดาวน์โหลดบันทึกของฉัน",
    step: "ขั้น {k} จาก {n}", first: "แรก", prev: "ย้อน", next: "ถัดไป", last: "จบ",
    replay_of: "ดูย้อนหลัง", error: "ทำไม่ได้", bot: "บอท", human: "คน", offline: "ไม่อยู่",
    new_game: "เปิดโต๊ะ", game: "เกม", ruleset: "กติกา", players: "ผู้เล่น", humans: "ที่นั่งของคน",
    bots: "บอท (หนึ่งบรรทัดต่อหนึ่งสเปก วนไปตามที่นั่งบอท)", language: "ภาษา", seed: "seed (ว่าง: สุ่ม)",
    options: "ตัวเลือก", start: "เริ่ม", links: "แต่ละคนเปิดลิงก์ของตัวเอง (มีรหัสลับของที่นั่ง):",
    open_seat: "เปิดที่นั่ง {n}", saves: "เกมที่บันทึกไว้บนเซิร์ฟเวอร์", continue: "เล่นต่อ",
    upload: "เปิดไฟล์บันทึก (บันทึกเต็มเล่นต่อได้ บันทึกของที่นั่งเปิดในโหมดดูย้อนหลัง)",
    no_saves: "ยังไม่มี", more: "เพิ่มเติม…", go: "ตกลง", you: "คุณ", winner: "ผู้ชนะ", rules: "กติกา", close: "ปิด",
  },
  he: {
    title: "שולחן intrigue", hint: "רמז", save: "שמירה", load: "טעינה", replay: "הילוך חוזר", lobby: "שולחן חדש",
    your_cards: "הקלפים שלך", log: "יומן", waiting: "ממתינים ל{who}: {what}", your_turn: "ההחלטה שלך",
    thinking: "{who} חושב/ת", iterations: "איטרציות", hint_title: "מבט המנוע",
    hint_wait: "המנוע חושב…", hint_move: "הוא מציע: {move}", visits: "ביקורים", value: "ערך",
    belief: "מה הוא מעריך לגבי הקלפים הסגורים", game_over: "המשחק נגמר", place: "מקום",
    seat: "מושב", score: "ניקוד", revealed: "קלפים", reconnecting: "החיבור נותק: מתחבר מחדש…",
    saved: "נשמר בשרת בשם “{name}”; הרשומה שלך יורדת.", download: "הורדת הרשומה שלי",
    step: "שלב {k} מתוך {n}", first: "התחלה", prev: "אחורה", next: "הבא", last: "סוף",
    replay_of: "הילוך חוזר", error: "לא אפשרי", bot: "בוט", human: "אדם", offline: "לא מחובר",
    new_game: "פתיחת שולחן", game: "משחק", ruleset: "חוקים", players: "שחקנים", humans: "מושבים של אנשים",
    bots: "בוטים (מפרט בכל שורה, לפי סדר מושבי הבוטים)", language: "שפה", seed: "seed (ריק: אקראי)",
    options: "אפשרויות", start: "התחלה", links: "כל אחד פותח את הקישור שלו (יש בו הסוד של המושב):",
    open_seat: "פתיחת מושב {n}", saves: "משחקים שמורים בשרת", continue: "המשך",
    upload: "פתיחת קובץ רשומה (רשומה מלאה ממשיכה; רשומה של מושב נפתחת בהילוך חוזר)",
    no_saves: "אין עדיין", more: "עוד…", go: "אישור", you: "את/ה", winner: "מנצח/ת", rules: "חוקים", close: "סגירה",
  },
};

const RTL = new Set(["he"]);

// In a right-to-left language a value put into a sentence (a seat's name, an English game word, the
// server's message) is isolated (U+2068 ... U+2069), so it keeps its own direction inside the line:
// "ממתינים לseat 1: seat 1 is to decide." with the full stop after "decide", not before "seat".
export function iso(lang, s) { return RTL.has(lang) ? "\u2068" + String(s) + "\u2069" : String(s); }

export function T(lang, key, kw) {
  let text = (UI[lang] && UI[lang][key]) || UI.en[key] || key;
  if (kw) for (const [k, v] of Object.entries(kw)) text = text.split("{" + k + "}").join(iso(lang, v));
  return text;
}

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}

export function setLang(lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
}
