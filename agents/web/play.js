// The play page: shows the server's state (agents/web/server.py) and sends the person's moves.
// Moves with a place in the picture get a ring there (one ring per place; a place with several
// moves opens a chooser), the others are buttons grouped by their first word.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
let current = null;  // the last state the server sent
let busy = false;

async function api(path, body) {
  const init = body === undefined ? {} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function request(path, body) {
  if (busy) return;
  busy = true;
  setBusy(true);
  try {
    show(await api(path, body));
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
    setBusy(false);
  }
}

function setBusy(on) {
  document.body.dataset.busy = on ? "yes" : "no";
  for (const b of document.querySelectorAll("button")) b.disabled = on;
  if (on) $("status").textContent = "waiting for the server (the agent may be thinking)...";
}

function newGame() {
  closeChooser();
  return request("/api/new", current ? {replaces: current.game_id} : {});
}

function play(action) {
  closeChooser();
  return request("/api/move", {game: current.game_id, action: action, ply: current.ply});
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = false;
  if (current) $("status").textContent = statusLine(current);
}

function statusLine(s) {
  const you = `you play ${s.seat_name} against ${s.agent}`;
  if (s.over) return `${s.title}: game over (${you})`;
  return `${s.title}: ${s.your_turn ? "your move" : s.to_move + " to move"} (${you}), ply ${s.ply}`;
}

function show(s) {
  current = s;
  location.hash = s.game_id;
  Object.assign(document.body.dataset, {gameId: s.game_id, ply: String(s.ply), replies: String(s.replies.length),
                                        phase: s.over ? "over" : s.your_turn ? "your-turn" : "waiting"});
  $("error").hidden = true;
  $("title").textContent = s.title;
  $("status").textContent = statusLine(s);
  $("board").innerHTML = s.svg;
  const svg = $("board").querySelector("svg");
  svg.removeAttribute("width");  // scale with the column; the viewBox keeps the coordinates
  svg.removeAttribute("height");
  const onBoard = drawPlaces(svg, s.moves.filter((m) => m.place));
  listMoves(s.moves.filter((m) => !m.place));
  $("board-hint").textContent = s.over ? "" :
    onBoard ? `${onBoard} moves are on the board: click a ringed place (a number on a ring: that many moves there).` :
    "No move has a place on the board now.";
  $("replies").replaceChildren(...s.replies.map((r) => item(`${r.player}: ${r.name}`)));
  $("no-replies").hidden = s.replies.length > 0;
  showResult(s);
}

function item(text) {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

function ringRadius(places) {
  // under half the distance between the closest two places, so rings never touch and
  // sit around what is drawn at a place
  let closest = Infinity;
  for (let i = 0; i < places.length; i++) {
    for (let j = i + 1; j < places.length; j++) {
      closest = Math.min(closest, Math.hypot(places[i][0] - places[j][0], places[i][1] - places[j][1]));
    }
  }
  return Math.max(12, Math.min(26, closest * 0.44));  // 26: inside the smallest squares (Keops)
}

function svgCircle(svg, attrs) {
  const c = document.createElementNS(SVG_NS, "circle");
  Object.entries(attrs).forEach(([k, v]) => c.setAttribute(k, v));
  svg.appendChild(c);
  return c;
}

function drawPlaces(svg, moves) {
  const groups = new Map();
  for (const m of moves) {
    const key = m.place.join(",");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(m);
  }
  const r = ringRadius([...groups.values()].map((g) => g[0].place));
  const texts = [...svg.querySelectorAll("text")];
  for (const group of groups.values()) {
    const [x, y] = group[0].place;
    svgCircle(svg, {cx: x, cy: y, r: r + 2.5, class: "place-edge"});
    svgCircle(svg, {cx: x, cy: y, r: r - 2.5, class: "place-edge"});
    const ring = svgCircle(svg, {cx: x, cy: y, r: r, class: "place"});
    ring.dataset.actions = group.map((m) => m.action).join(" ");
    const tip = document.createElementNS(SVG_NS, "title");
    tip.textContent = group.map((m) => m.name).join("\n");
    ring.appendChild(tip);
    ring.addEventListener("click", (e) => group.length === 1 ? play(group[0].action) : openChooser(group, e));
  }
  // the picture's words again, over the rings, so a ring never hides a letter
  const words = document.createElementNS(SVG_NS, "g");
  words.setAttribute("class", "place-words");
  words.setAttribute("pointer-events", "none");
  words.append(...texts.map((t) => t.cloneNode(true)));
  svg.appendChild(words);
  for (const group of groups.values()) {  // how many moves share a place, on its ring
    if (group.length > 1) badge(svg, group[0].place[0] + r * 0.87, group[0].place[1] - r * 0.5, String(group.length));
  }
  return moves.length;
}

function badge(svg, x, y, text) {
  svgCircle(svg, {cx: x, cy: y, r: 9, class: "place-badge"});
  const label = document.createElementNS(SVG_NS, "text");
  Object.entries({x: x, y: y + 4.5, "text-anchor": "middle", class: "place-count"})
    .forEach(([k, v]) => label.setAttribute(k, v));
  label.textContent = text;
  svg.append(label);
}

function listMoves(moves) {
  const box = $("moves");
  box.replaceChildren();
  const kinds = new Map();
  for (const m of moves) {
    if (!kinds.has(m.kind)) kinds.set(m.kind, []);
    kinds.get(m.kind).push(m);
  }
  for (const [kind, group] of kinds) {
    const head = document.createElement("h3");
    head.textContent = kind;
    const row = document.createElement("div");
    row.className = "move-group";
    row.append(...group.map((m) => {
      const b = button(m.name, () => play(m.action));
      b.className = "move";
      b.dataset.action = m.action;
      return b;
    }));
    box.append(head, row);
  }
}

function openChooser(group, event) {
  const box = $("chooser");
  $("choices").replaceChildren(...group.map((m) => {
    const b = button(m.name, () => play(m.action));
    b.className = "choice";
    return b;
  }));
  box.hidden = false;
  const w = box.offsetWidth, h = box.offsetHeight;
  box.style.left = Math.max(4, Math.min(event.clientX + 8, innerWidth - w - 4)) + "px";
  box.style.top = Math.max(4, Math.min(event.clientY + 8, innerHeight - h - 4)) + "px";
}

function closeChooser() {
  $("chooser").hidden = true;
}

function showResult(s) {
  const box = $("result");
  box.hidden = !s.over;
  if (!s.over) return;
  const scores = s.scores.map((r) => `${r.player} ${r.score}`).join(", ");
  box.replaceChildren();
  const head = document.createElement("strong");
  head.textContent = (s.ended ? "Game over. Scores: " : "Stopped at the step limit. Scores: ") + scores;
  const saved = document.createElement("p");
  saved.textContent = `Saved as ${s.record}`;
  box.append(head, saved);
  if (s.score_sheet) {
    const sheet = document.createElement("pre");
    sheet.textContent = s.score_sheet;
    box.append(sheet);
  }
}

$("new-game").addEventListener("click", newGame);
$("chooser-cancel").addEventListener("click", closeChooser);
document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeChooser(); });

(async () => {  // reopen the game named in the address, else start one
  const id = location.hash.slice(1);
  if (id) {
    try {
      show(await api(`/api/state?game=${encodeURIComponent(id)}`));
      return;
    } catch (e) {
      location.hash = "";
    }
  }
  newGame();
})();
