// The page's own words in English, Thai and Hebrew (game words come from the server and the game's
// plug-in).  T(lang, key, {name: value}) formats one.
export const UI = {
  en: {
    title: "intrigue web table", hint: "Hint", save: "Save", load: "Load", replay: "Replay", lobby: "New table",
    your_cards: "Your cards", log: "Log", waiting: "Waiting for {who}: {what}", your_turn: "Your decision",
    thinking: "{who} is thinking", iterations: "iterations", hint_title: "The engine's view",
    hint_wait: "The engine is thinking…", hint_move: "It suggests: {move}", visits: "visits", value: "value",
    belief: "What it believes about the face-down cards", game_over: "Game over", place: "Place",
    seat: "Seat", score: "Score", revealed: "Cards", reconnecting: "Connection lost: reconnecting…", table_gone: "This table is not open on the server (it may have been restarted). A saved game of several people opens again at this link when someone continues it from the lobby; this page then joins it by itself. Otherwise, continue a saved game from the lobby.",
    saved: "Saved on the server as “{name}”; your own record is downloading.", download: "Download my record",
    step: "Step {k} of {n}", first: "First", prev: "Back", next: "Next", last: "End",
    replay_of: "Replay", error: "Not possible", bot: "bot", human: "person", offline: "away",
    new_game: "Start a table", game: "Game", ruleset: "Ruleset", players: "Players", humans: "People at seats",
    bots: "Bots (spec, one per line, cycled over the bot seats)", language: "Language", seed: "Seed (empty: random)",
    options: "Options", start: "Start", links: "Each person opens their own link (it holds their seat's secret):",
    open_seat: "Open seat {n}", saves: "Saved games on this server", continue: "Continue",
    upload: "Open a record file (a full record continues; a seat's record opens in the replay viewer)",
    no_saves: "none yet", reopened: "The game is open again at its table: each person opens the link they had for it (it holds their seat's secret).", more: "more…", go: "Go", you: "you", winner: "winner", rules: "Rules", close: "Close", show_result: "Show the result", more_cards: "and {n} more", more_moves: "… and {n} more moves", tiebreak: "The search found its best moves level, so the rule-of-thumb player chose among them.",
    missing_title: "This link does not open a table on this server", missing_why: "The table it names is not open here.",
    missing_reason_ended: "Its game ended and the table closed.", missing_reason_expired: "Nobody had the table open for a while, so the server closed it (a game someone played in was saved first).",
    missing_reason_restart: "The server was restarted since the link was made.", missing_reason_typo: "The link was copied only in part: check that it is whole, with everything after the # too.",
    missing_do: "What you can do", missing_do_saved: "Open the lobby and continue the game from “Saved games on this server”: a game of several people opens again at this very link.",
    missing_do_ask: "Ask whoever gave you the link for it again.", missing_do_lobby: "Start a new table in the lobby.", missing_lobby: "Go to the lobby",
    missing_replay_title: "This replay is not open on this server", missing_replay_why: "The replay it names is not kept here any more.",
    missing_replay_reason: "The server keeps a replay while people step through it and lets the oldest go when it holds many; it forgets them all when it restarts.",
    missing_do_replay: "Open the record file again in the lobby (“Open a record file”), or start the replay again from your table's end screen.",
    link_title: "This link does not open a seat at this table", link_why: "The table is open, but the seat's secret in the link is not right: the link was cut short, or it belongs to an older game.",
    link_do: "Ask whoever gave you the link for it again, whole, or start a new table in the lobby.",
    level: "Bots", level_beginner: "Beginner", level_casual: "Casual", level_strong: "Strong", level_max: "Strongest",
    bot_heuristic: "Rule of thumb", bot_random: "Random", bot_custom: "Custom (bot specs, one per line)", spec: "Spec",
    about_beginner: "Barely looks past its own move: easy to beat.", about_casual: "Reads claims, often misjudges them.",
    about_strong: "Reads claims and plays soundly, a step below the strongest.", about_max: "The engine at its best: about a second a move.",
    about_heuristic: "Plays by simple rules of thumb, at once.", about_random: "Any legal move, at random.", about_custom: "Bot specs as intrigue play takes them, e.g. ismcts:time=500.",
    show_spec: "Show the spec", legend: "What the short words mean", rematch: "Rematch", rematch_open: "A rematch is open: press Rematch to take your seat in it.",
    open_tables: "Open tables on this server", no_tables: "none", open_your_seat: "Open your seat {n}", events: "{n} events", started: "started {t}",
    in_progress: "in progress", finished: "over", people_at: "people at {seats}", online: "here", saved_at: "saved {date}",
    cap_time: "thinking time a move (ms)", cap_iterations: "iterations a move", cap_workers: "search processes", cap_memory: "search tree size (MB)",
    earlier: "… {n} earlier events (step back to read them)",
    limits_note: "This server allows a bot at most {ms} ms and {it} iterations a move.",
  },
  th: {
    title: "โต๊ะเกม intrigue", hint: "คำแนะนำ", save: "บันทึก", load: "โหลด", replay: "ดูย้อนหลัง", lobby: "โต๊ะใหม่",
    your_cards: "การ์ดของคุณ", log: "บันทึกเหตุการณ์", waiting: "รอ {who}: {what}", your_turn: "ตาของคุณ",
    thinking: "{who} กำลังคิด", iterations: "รอบ", hint_title: "มุมมองของเอนจิน",
    hint_wait: "เอนจินกำลังคิด…", hint_move: "แนะนำ: {move}", visits: "ครั้ง", value: "ค่า",
    belief: "สิ่งที่เอนจินเชื่อเกี่ยวกับการ์ดที่คว่ำอยู่", game_over: "จบเกม", place: "อันดับ",
    seat: "ที่นั่ง", score: "คะแนน", revealed: "การ์ด", reconnecting: "การเชื่อมต่อขาด: กำลังเชื่อมต่อใหม่…", table_gone: "โต๊ะนี้ไม่ได้เปิดอยู่บนเซิร์ฟเวอร์ (อาจเพิ่งเริ่มใหม่) เกมที่บันทึกไว้ที่มีหลายคนจะกลับมาเปิดที่ลิงก์นี้เมื่อมีคนเล่นต่อจากล็อบบี้ แล้วหน้านี้จะเข้าร่วมเอง หรือเล่นเกมที่บันทึกไว้ต่อจากล็อบบี้",
    saved: "บันทึกไว้บนเซิร์ฟเวอร์ชื่อ “{name}” และกำลังดาวน์โหลดบันทึกของคุณ", download: "ดาวน์โหลดบันทึกของฉัน",
    step: "ขั้น {k} จาก {n}", first: "แรก", prev: "ย้อน", next: "ถัดไป", last: "จบ",
    replay_of: "ดูย้อนหลัง", error: "ทำไม่ได้", bot: "บอท", human: "คน", offline: "ไม่อยู่",
    new_game: "เปิดโต๊ะ", game: "เกม", ruleset: "กติกา", players: "ผู้เล่น", humans: "ที่นั่งของคน",
    bots: "บอท (หนึ่งบรรทัดต่อหนึ่งสเปก วนไปตามที่นั่งบอท)", language: "ภาษา", seed: "seed (ว่าง: สุ่ม)",
    options: "ตัวเลือก", start: "เริ่ม", links: "แต่ละคนเปิดลิงก์ของตัวเอง (มีรหัสลับของที่นั่ง):",
    open_seat: "เปิดที่นั่ง {n}", saves: "เกมที่บันทึกไว้บนเซิร์ฟเวอร์", continue: "เล่นต่อ",
    upload: "เปิดไฟล์บันทึก (บันทึกเต็มเล่นต่อได้ บันทึกของที่นั่งเปิดในโหมดดูย้อนหลัง)",
    no_saves: "ยังไม่มี", reopened: "เกมกลับมาเปิดที่โต๊ะเดิมแล้ว แต่ละคนเปิดลิงก์เดิมของตัวเอง (มีรหัสลับของที่นั่ง)", more: "เพิ่มเติม…", go: "ตกลง", you: "คุณ", winner: "ผู้ชนะ", rules: "กติกา", close: "ปิด", show_result: "ดูผลการแข่งขัน", more_cards: "และอีก {n} ใบ", more_moves: "… และอีก {n} ทางเลือก", tiebreak: "การค้นหาเห็นว่าทางเลือกที่ดีที่สุดพอ ๆ กัน จึงให้ผู้เล่นแบบกฎง่าย ๆ เลือก",
    missing_title: "ลิงก์นี้ไม่ได้เปิดโต๊ะใดบนเซิร์ฟเวอร์นี้", missing_why: "โต๊ะที่ลิงก์นี้ชี้ไปไม่ได้เปิดอยู่ที่นี่",
    missing_reason_ended: "เกมจบแล้วและโต๊ะปิดไปแล้ว", missing_reason_expired: "ไม่มีใครเปิดโต๊ะนี้อยู่มาสักพัก เซิร์ฟเวอร์จึงปิดโต๊ะ (เกมที่มีคนเล่นถูกบันทึกไว้ก่อน)",
    missing_reason_restart: "เซิร์ฟเวอร์เริ่มใหม่หลังจากสร้างลิงก์นี้", missing_reason_typo: "ลิงก์ถูกคัดลอกมาไม่ครบ ตรวจดูว่าครบทั้งหมด รวมถึงส่วนหลังเครื่องหมาย # ด้วย",
    missing_do: "สิ่งที่ทำได้", missing_do_saved: "เปิดล็อบบี้แล้วเล่นต่อจาก “เกมที่บันทึกไว้บนเซิร์ฟเวอร์” เกมที่มีหลายคนจะกลับมาเปิดที่ลิงก์นี้เอง",
    missing_do_ask: "ขอลิงก์ใหม่จากคนที่ให้ลิงก์นี้มา", missing_do_lobby: "เปิดโต๊ะใหม่ในล็อบบี้", missing_lobby: "ไปที่ล็อบบี้",
    missing_replay_title: "การดูย้อนหลังนี้ไม่ได้เปิดอยู่บนเซิร์ฟเวอร์นี้", missing_replay_why: "เซิร์ฟเวอร์ไม่ได้เก็บการดูย้อนหลังนี้ไว้แล้ว",
    missing_replay_reason: "เซิร์ฟเวอร์เก็บการดูย้อนหลังไว้ระหว่างที่มีคนดู และปล่อยอันที่เก่าที่สุดเมื่อมีมากเกินไป และลืมทั้งหมดเมื่อเริ่มใหม่",
    missing_do_replay: "เปิดไฟล์บันทึกอีกครั้งในล็อบบี้ (“เปิดไฟล์บันทึก”) หรือเริ่มดูย้อนหลังอีกครั้งจากหน้าจบเกมของโต๊ะคุณ",
    link_title: "ลิงก์นี้ไม่ได้เปิดที่นั่งใดที่โต๊ะนี้", link_why: "โต๊ะเปิดอยู่ แต่รหัสลับของที่นั่งในลิงก์ไม่ถูกต้อง ลิงก์อาจถูกตัด หรือเป็นของเกมเก่า",
    link_do: "ขอลิงก์ฉบับเต็มอีกครั้งจากคนที่ให้มา หรือเปิดโต๊ะใหม่ในล็อบบี้",
    level: "บอท", level_beginner: "มือใหม่", level_casual: "สบาย ๆ", level_strong: "เก่ง", level_max: "เก่งที่สุด",
    bot_heuristic: "ตามหลักง่าย ๆ", bot_random: "สุ่ม", bot_custom: "กำหนดเอง (สเปกบอท บรรทัดละหนึ่ง)", spec: "สเปก",
    about_beginner: "แทบไม่มองไกลกว่าตาของตัวเอง ชนะได้ง่าย", about_casual: "อ่านการอ้างการ์ด แต่มักตัดสินผิด",
    about_strong: "อ่านการอ้างการ์ดและเล่นได้มั่นคง รองจากระดับเก่งที่สุด", about_max: "เอนจินเต็มกำลัง ประมาณหนึ่งวินาทีต่อตา",
    about_heuristic: "เล่นตามหลักง่าย ๆ ทันที", about_random: "เลือกการเดินที่ถูกกติกาแบบสุ่ม", about_custom: "สเปกบอทแบบเดียวกับ intrigue play เช่น ismcts:time=500",
    show_spec: "ดูสเปก", legend: "ความหมายของตัวย่อ", rematch: "เล่นอีกตา", rematch_open: "มีเกมใหม่เปิดรออยู่ กด เล่นอีกตา เพื่อเข้าที่นั่งของคุณ",
    open_tables: "โต๊ะที่เปิดอยู่บนเซิร์ฟเวอร์นี้", no_tables: "ไม่มี", open_your_seat: "เปิดที่นั่ง {n} ของคุณ", events: "{n} เหตุการณ์", started: "เริ่ม{t}",
    in_progress: "กำลังเล่น", finished: "จบแล้ว", people_at: "คนที่ที่นั่ง {seats}", online: "อยู่", saved_at: "บันทึกเมื่อ {date}",
    cap_time: "เวลาคิดต่อตา (มิลลิวินาที)", cap_iterations: "จำนวนรอบต่อตา", cap_workers: "จำนวนโปรเซสค้นหา", cap_memory: "ขนาดต้นไม้ค้นหา (MB)",
    earlier: "… อีก {n} เหตุการณ์ก่อนหน้า (ย้อนกลับเพื่ออ่าน)",
    limits_note: "เซิร์ฟเวอร์นี้ให้บอทคิดได้ไม่เกิน {ms} มิลลิวินาที และ {it} รอบต่อตา",
  },
  he: {
    title: "שולחן intrigue", hint: "רמז", save: "שמירה", load: "טעינה", replay: "הילוך חוזר", lobby: "שולחן חדש",
    your_cards: "הקלפים שלך", log: "יומן", waiting: "ממתינים ל{who}: {what}", your_turn: "ההחלטה שלך",
    thinking: "{who} חושב/ת", iterations: "איטרציות", hint_title: "מבט המנוע",
    hint_wait: "המנוע חושב…", hint_move: "הוא מציע: {move}", visits: "ביקורים", value: "ערך",
    belief: "מה הוא מעריך לגבי הקלפים הסגורים", game_over: "המשחק נגמר", place: "מקום",
    seat: "מושב", score: "ניקוד", revealed: "קלפים", reconnecting: "החיבור נותק: מתחבר מחדש…", table_gone: "השולחן הזה לא פתוח בשרת (ייתכן שהופעל מחדש). משחק שמור של כמה אנשים נפתח שוב בקישור הזה כשמישהו ממשיך אותו מהלובי, והדף הזה מצטרף אליו מעצמו. אחרת, אפשר להמשיך משחק שמור מהלובי.",
    saved: "נשמר בשרת בשם “{name}”; הרשומה שלך יורדת.", download: "הורדת הרשומה שלי",
    step: "שלב {k} מתוך {n}", first: "התחלה", prev: "אחורה", next: "הבא", last: "סוף",
    replay_of: "הילוך חוזר", error: "לא אפשרי", bot: "בוט", human: "אדם", offline: "לא מחובר",
    new_game: "פתיחת שולחן", game: "משחק", ruleset: "חוקים", players: "שחקנים", humans: "מושבים של אנשים",
    bots: "בוטים (מפרט בכל שורה, לפי סדר מושבי הבוטים)", language: "שפה", seed: "seed (ריק: אקראי)",
    options: "אפשרויות", start: "התחלה", links: "כל אחד פותח את הקישור שלו (יש בו הסוד של המושב):",
    open_seat: "פתיחת מושב {n}", saves: "משחקים שמורים בשרת", continue: "המשך",
    upload: "פתיחת קובץ רשומה (רשומה מלאה ממשיכה; רשומה של מושב נפתחת בהילוך חוזר)",
    no_saves: "אין עדיין", reopened: "המשחק נפתח שוב בשולחן שלו: כל אחד פותח את הקישור שהיה לו (יש בו הסוד של המושב).", more: "עוד…", go: "אישור", you: "את/ה", winner: "מנצח/ת", rules: "חוקים", close: "סגירה", show_result: "הצגת התוצאה", more_cards: "ועוד {n}", more_moves: "… ועוד {n} מהלכים", tiebreak: "החיפוש מצא שהמהלכים הטובים ביותר שקולים, ולכן שחקן כללי האצבע בחר ביניהם.",
    missing_title: "הקישור הזה לא פותח שולחן בשרת הזה", missing_why: "השולחן שהוא מציין לא פתוח כאן.",
    missing_reason_ended: "המשחק נגמר והשולחן נסגר.", missing_reason_expired: "אף אחד לא פתח את השולחן זמן מה, ולכן השרת סגר אותו (משחק שמישהו שיחק בו נשמר קודם).",
    missing_reason_restart: "השרת הופעל מחדש מאז שהקישור נוצר.", missing_reason_typo: "הקישור הועתק רק בחלקו: כדאי לבדוק שהוא שלם, כולל כל מה שאחרי ה־#.",
    missing_do: "מה אפשר לעשות", missing_do_saved: "לפתוח את הלובי ולהמשיך את המשחק מ„משחקים שמורים בשרת”: משחק של כמה אנשים נפתח שוב בקישור הזה עצמו.",
    missing_do_ask: "לבקש את הקישור שוב ממי שנתן אותו.", missing_do_lobby: "לפתוח שולחן חדש בלובי.", missing_lobby: "ללובי",
    missing_replay_title: "ההילוך החוזר הזה לא פתוח בשרת הזה", missing_replay_why: "השרת כבר לא שומר את ההילוך החוזר הזה.",
    missing_replay_reason: "השרת שומר הילוך חוזר כל עוד צופים בו, משחרר את הישן ביותר כשיש הרבה, ושוכח את כולם כשהוא מופעל מחדש.",
    missing_do_replay: "לפתוח שוב את קובץ הרשומה בלובי („פתיחת קובץ רשומה”), או להתחיל את ההילוך החוזר שוב ממסך הסיום של השולחן.",
    link_title: "הקישור הזה לא פותח מושב בשולחן הזה", link_why: "השולחן פתוח, אבל הסוד של המושב שבקישור לא נכון: הקישור נקטע, או ששייך למשחק ישן.",
    link_do: "לבקש את הקישור המלא שוב ממי שנתן אותו, או לפתוח שולחן חדש בלובי.",
    level: "בוטים", level_beginner: "מתחיל", level_casual: "קליל", level_strong: "חזק", level_max: "הכי חזק",
    bot_heuristic: "כללי אצבע", bot_random: "אקראי", bot_custom: "מותאם אישית (מפרט בוט בכל שורה)", spec: "מפרט",
    about_beginner: "כמעט לא מסתכל מעבר למהלך שלו: קל לנצח אותו.", about_casual: "קורא טענות, ולעיתים קרובות טועה בהן.",
    about_strong: "קורא טענות ומשחק היטב, צעד מתחת לחזק ביותר.", about_max: "המנוע במיטבו: בערך שנייה למהלך.",
    about_heuristic: "משחק לפי כללי אצבע פשוטים, מיד.", about_random: "מהלך חוקי כלשהו, באקראי.", about_custom: "מפרטי בוט כמו ב־intrigue play, למשל ismcts:time=500.",
    show_spec: "הצגת המפרט", legend: "מה פירוש הקיצורים", rematch: "משחק חוזר", rematch_open: "נפתח משחק חוזר: לחצו על משחק חוזר כדי לתפוס בו את המושב שלכם.",
    open_tables: "שולחנות פתוחים בשרת", no_tables: "אין", open_your_seat: "פתיחת המושב שלך {n}", events: "{n} אירועים", started: "התחיל {t}",
    in_progress: "בעיצומו", finished: "נגמר", people_at: "אנשים במושבים {seats}", online: "מחובר", saved_at: "נשמר {date}",
    cap_time: "זמן חשיבה למהלך (מילישניות)", cap_iterations: "איטרציות למהלך", cap_workers: "תהליכי חיפוש", cap_memory: "גודל עץ החיפוש (MB)",
    earlier: "… עוד {n} אירועים קודמים (אפשר לחזור אחורה כדי לקרוא אותם)",
    limits_note: "השרת הזה מרשה לבוט לכל היותר {ms} מילישניות ו־{it} איטרציות למהלך.",
  },
};

// The server's errors by their code.  {who} is the seat the error names (the message's `seat`),
// {reason} the server's short cause (`reason`), {detail} the server's own sentence, for what only it
// can say (why a move is illegal: the game's narrator words it, in the page's language where the game
// has one).  An unknown code, or one whose values are missing, is shown as the server's message.
export const ERRORS = {
  en: {
    bad_message: "The table could not read that message from the page.",
    no_table: "There is no such table (the server may have been restarted).",
    not_joined: "Join a seat first: open your seat's link.",
    bad_seat: "This page cannot play that seat.",
    bad_token: "This link's seat token is not right for that seat.",
    stale: "The table moved on in the meantime: the page now shows the game as it is; try again.",
    game_over: "The game is over: no more moves.",
    not_your_turn: "It is not your decision now.",
    not_your_turn_who: "It is not your decision now ({who} decides).",
    illegal_action: "That move cannot be played now: {detail}",
    bad_notation: "That move cannot be played now: {detail}",
    busy: "The engine is already thinking about a hint.",
    no_saves: "This server was started without a folder for saved games.",
    save_failed: "The game could not be saved on the server ({reason}); nothing was saved.",
    bot_failed: "The bot of {who} failed; a random legal move was played for it.",
    no_replay: "There is no such replay.",
    no_save: "There is no such saved game.",
    not_full: "This is one seat's view of a game: it can be replayed but not continued.",
    too_large: "That file is too large to be a game record.",
    bad_record: "The game record cannot be read: {detail}",
    bad_request: "The request was refused: {detail}",
    still_open: "This game is still being played at its table: each person goes on there with their own link (its saves open once it is over).",
    not_reopenable: "Several people played this saved game, and it does not keep their seats' secrets: it cannot be opened again without showing one person another's cards.",
    bot_budget: "The bot {bot} is over this server's limit on {cap}: at most {limit}.",
    too_many_tables: "This server keeps at most {limit} tables open; try again when one has closed.",
    too_many_tables_mine: "You have {limit} tables open here, the most one address may have; a table nobody has open closes by itself after a while.",
    too_fast: "This page sent messages faster than the server takes them; some were not read.",
    uploads_busy: "The server is reading other records just now; try again in a moment.",
    not_over: "A rematch starts once this game is over.",
    internal: "The server could not handle that; nothing changed.",
    not_found: "There is no such address on this server.",
  },
  th: {
    bad_message: "โต๊ะอ่านข้อความที่หน้าเว็บส่งมาไม่ได้",
    no_table: "ไม่มีโต๊ะนี้ (เซิร์ฟเวอร์อาจเพิ่งเริ่มใหม่)",
    not_joined: "ต้องเข้าที่นั่งก่อน โดยเปิดลิงก์ที่นั่งของคุณ",
    bad_seat: "หน้านี้เล่นในที่นั่งนั้นไม่ได้",
    bad_token: "รหัสลับในลิงก์นี้ไม่ตรงกับที่นั่งนั้น",
    stale: "ระหว่างนี้เกมเดินต่อไปแล้ว หน้านี้แสดงสถานะล่าสุดให้แล้ว ลองใหม่อีกครั้ง",
    game_over: "เกมจบแล้ว เดินต่อไม่ได้อีก",
    not_your_turn: "ตอนนี้ยังไม่ใช่ตาของคุณ",
    not_your_turn_who: "ตอนนี้ยังไม่ใช่ตาของคุณ ({who} กำลังตัดสินใจ)",
    illegal_action: "ตอนนี้เดินแบบนี้ไม่ได้: {detail}",
    bad_notation: "ตอนนี้เดินแบบนี้ไม่ได้: {detail}",
    busy: "เอนจินกำลังคิดคำแนะนำอยู่แล้ว",
    no_saves: "เซิร์ฟเวอร์นี้ไม่ได้ตั้งโฟลเดอร์สำหรับเก็บเกมที่บันทึกไว้",
    save_failed: "บันทึกเกมบนเซิร์ฟเวอร์ไม่สำเร็จ ({reason}) ยังไม่ได้บันทึกอะไรไว้",
    bot_failed: "บอทของ{who} ขัดข้อง จึงสุ่มเลือกการเดินที่ถูกกติกาให้แทน",
    no_replay: "ไม่มีการดูย้อนหลังนี้",
    no_save: "ไม่มีเกมที่บันทึกไว้ชื่อนี้",
    not_full: "นี่เป็นบันทึกจากมุมมองของที่นั่งเดียว ดูย้อนหลังได้ แต่เล่นต่อไม่ได้",
    too_large: "ไฟล์นี้ใหญ่เกินกว่าจะเป็นไฟล์บันทึกเกม",
    bad_record: "อ่านไฟล์บันทึกเกมไม่ได้: {detail}",
    bad_request: "คำขอไม่ถูกต้อง: {detail}",
    still_open: "เกมนี้ยังเล่นอยู่ที่โต๊ะของมัน แต่ละคนเล่นต่อที่นั่นด้วยลิงก์ของตัวเอง (เกมที่บันทึกไว้เปิดได้เมื่อเกมจบ)",
    not_reopenable: "เกมที่บันทึกนี้มีคนเล่นหลายคน และไม่ได้เก็บรหัสลับของที่นั่งไว้ จึงเปิดต่อไม่ได้โดยไม่ให้คนหนึ่งเห็นการ์ดของอีกคน",
    bot_budget: "บอท {bot} เกินขีดจำกัดของเซิร์ฟเวอร์นี้ด้าน{cap}: ได้ไม่เกิน {limit}",
    too_many_tables: "เซิร์ฟเวอร์นี้เปิดโต๊ะได้ไม่เกิน {limit} โต๊ะ ลองใหม่เมื่อมีโต๊ะปิดแล้ว",
    too_many_tables_mine: "คุณเปิดโต๊ะไว้ที่นี่ {limit} โต๊ะแล้ว ซึ่งเป็นจำนวนมากที่สุดต่อหนึ่งที่อยู่ โต๊ะที่ไม่มีใครเปิดอยู่จะปิดเองเมื่อผ่านไปสักพัก",
    too_fast: "หน้านี้ส่งข้อความเร็วเกินกว่าที่เซิร์ฟเวอร์รับได้ บางข้อความจึงไม่ได้อ่าน",
    uploads_busy: "เซิร์ฟเวอร์กำลังอ่านไฟล์บันทึกอื่นอยู่ ลองใหม่อีกสักครู่",
    not_over: "เล่นอีกตาได้เมื่อเกมนี้จบแล้ว",
    internal: "เซิร์ฟเวอร์จัดการคำขอนี้ไม่ได้ ไม่มีอะไรเปลี่ยนแปลง",
    not_found: "ไม่มีที่อยู่นี้บนเซิร์ฟเวอร์",
  },
  he: {
    bad_message: "השולחן לא הצליח לקרוא את ההודעה שהדף שלח.",
    no_table: "אין שולחן כזה (ייתכן שהשרת הופעל מחדש).",
    not_joined: "קודם צריך להצטרף למושב, דרך הקישור של המושב שלך.",
    bad_seat: "מהדף הזה אי אפשר לשחק במושב הזה.",
    bad_token: "הקוד הסודי שבקישור לא מתאים למושב הזה.",
    stale: "בינתיים המשחק התקדם: הדף מציג עכשיו את המצב העדכני. אפשר לנסות שוב.",
    game_over: "המשחק נגמר: אין עוד מהלכים.",
    not_your_turn: "זה לא התור שלך עכשיו.",
    not_your_turn_who: "זה לא התור שלך עכשיו ({who} מחליט/ה).",
    illegal_action: "אי אפשר לשחק את המהלך הזה עכשיו: {detail}",
    bad_notation: "אי אפשר לשחק את המהלך הזה עכשיו: {detail}",
    busy: "המנוע כבר חושב על רמז.",
    no_saves: "השרת הופעל בלי תיקייה למשחקים שמורים.",
    save_failed: "לא ניתן היה לשמור את המשחק בשרת ({reason}); שום דבר לא נשמר.",
    bot_failed: "הבוט של {who} נתקל בתקלה, ובמקומו שוחק מהלך חוקי אקראי.",
    no_replay: "אין הילוך חוזר כזה.",
    no_save: "אין משחק שמור כזה.",
    not_full: "זו רשומה של מושב אחד בלבד: אפשר לצפות בה בהילוך חוזר, אבל אי אפשר להמשיך אותה.",
    too_large: "הקובץ גדול מכדי להיות רשומת משחק.",
    bad_record: "אי אפשר לקרוא את רשומת המשחק: {detail}",
    bad_request: "הבקשה נדחתה: {detail}",
    still_open: "המשחק הזה עדיין משוחק בשולחן שלו: כל אחד ממשיך שם בקישור שלו (השמירות שלו נפתחות כשהוא נגמר).",
    not_reopenable: "כמה אנשים שיחקו במשחק השמור הזה, והוא לא שומר את הסודות של המושבים שלהם: אי אפשר לפתוח אותו שוב בלי להראות לאחד את הקלפים של אחר.",
    bot_budget: "הבוט {bot} חורג מהמגבלה של השרת הזה על {cap}: לכל היותר {limit}.",
    too_many_tables: "השרת הזה מחזיק לכל היותר {limit} שולחנות פתוחים; אפשר לנסות שוב כשאחד ייסגר.",
    too_many_tables_mine: "יש לך כאן {limit} שולחנות פתוחים, המספר המרבי לכתובת אחת; שולחן שאף אחד לא פתח זמן מה נסגר מעצמו.",
    too_fast: "הדף הזה שלח הודעות מהר יותר ממה שהשרת מקבל; חלקן לא נקראו.",
    uploads_busy: "השרת קורא עכשיו רשומות אחרות; אפשר לנסות שוב בעוד רגע.",
    not_over: "משחק חוזר מתחיל כשהמשחק הזה נגמר.",
    internal: "השרת לא הצליח לטפל בזה; שום דבר לא השתנה.",
    not_found: "אין כתובת כזאת בשרת הזה.",
  },
};

const RTL = new Set(["he"]);
export function isRtl(lang) { return RTL.has(lang); }

// In a right-to-left language a value put into a sentence (a seat's name, an English game word, the
// server's message) is isolated (U+2068 ... U+2069), so it keeps its own direction inside the line:
// "ממתינים לseat 1: seat 1 is to decide." with the full stop after "decide", not before "seat".
export function iso(lang, s) { return RTL.has(lang) ? "\u2068" + String(s) + "\u2069" : String(s); }

export function T(lang, key, kw) {
  let text = (UI[lang] && UI[lang][key]) || UI.en[key] || key;
  if (kw) for (const [k, v] of Object.entries(kw)) text = text.split("{" + k + "}").join(iso(lang, v));
  return text;
}

// An `error` message from the server in the page's language; `name(seat)` is a seat's name on the page.
export function errorText(lang, m, name) {
  const has = (v) => v !== undefined && v !== null && v !== "";
  const code = m.code === "not_your_turn" && has(m.seat) ? "not_your_turn_who" :
    m.code === "too_many_tables" && m.cap === "tables_per_client" ? "too_many_tables_mine" : m.code;
  const text = (ERRORS[lang] && ERRORS[lang][code]) || ERRORS.en[code];
  const fallback = iso(lang, has(m.message) ? m.message : m.code || "?");
  if (!text) return fallback;
  const kw = {detail: m.message, reason: m.reason, who: has(m.seat) && name ? name(m.seat) : undefined,
    bot: m.bot, limit: m.limit, cap: has(m.cap) ? T(lang, "cap_" + m.cap) : undefined};
  let out = text;
  for (const [k, v] of Object.entries(kw)) {
    if (!out.includes("{" + k + "}")) continue;
    if (!has(v)) return fallback;                 // the sentence needs what this message lacks
    out = out.split("{" + k + "}").join(iso(lang, v));
  }
  return out;
}

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}

// the seat links this browser was given (by the lobby, or a seat page it opened), by table: the
// lobby's list of open tables offers them again (the server never lists a seat's secret)
const LINKS = "intrigue-links";
export function rememberedLinks() {
  try { return JSON.parse(localStorage.getItem(LINKS) || "{}") || {}; } catch (e) { return {}; }
}
export function rememberLinks(table, links) {
  const all = rememberedLinks();
  all[table] = Object.assign(all[table] || {}, links);
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - 50))) delete all[k];      // the 50 latest tables
  try { localStorage.setItem(LINKS, JSON.stringify(all)); } catch (e) { /* storage full or off: the list just offers less */ }
}

export function setLang(lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
}
