// The replay viewer: steps through the positions of one recorded game.
// Data (from agents/replay_page.py): lines, the distinct SVG lines of every picture;
// frames, each picture as [first line, count, first line, count, ...] runs into lines;
// positions[k][v], the picture of position k (after k moves) in view v.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const $ = (id) => document.getElementById(id);
  const last = data.positions.length - 1;
  let pos = 0;
  let view = 0;

  function picture(f) {
    const runs = data.frames[f];
    const out = [];
    for (let i = 0; i < runs.length; i += 2) {
      for (let j = runs[i]; j < runs[i] + runs[i + 1]; j++) out.push(data.lines[j]);
    }
    return out.join("\n");
  }

  function moveText(m) {
    return m.seat + ": " + m.name;
  }

  function show(k) {
    pos = Math.max(0, Math.min(last, k));
    $("board").innerHTML = picture(data.positions[pos][view]);
    $("slider").value = pos;
    $("counter").textContent = "move " + pos + " of " + last;
    $("caption").textContent = pos === 0
      ? "Start of the game" + (last ? "; first to move: " + data.moves[0].seat + "." : ".")
      : "After move " + pos + ": " + data.moves[pos - 1].seat + " played " + data.moves[pos - 1].name +
        (pos === last ? (data.ended ? " (game over)" : " (stopped by the step limit)") : "");
    $("first").disabled = $("prev").disabled = pos === 0;
    $("next").disabled = $("last").disabled = pos === last;
    const items = $("moves").children;
    for (let i = 0; i < items.length; i++) {
      const here = i === pos - 1;
      items[i].classList.toggle("current", here);
      if (here) {
        items[i].setAttribute("aria-current", "step");
        items[i].scrollIntoView({ block: "nearest" });
      } else {
        items[i].removeAttribute("aria-current");
      }
    }
  }

  function build() {
    $("players").textContent = data.players;
    data.views.forEach((label, v) => {
      const opt = document.createElement("option");
      opt.value = v;
      opt.textContent = label;
      $("view").appendChild(opt);
    });
    data.moves.forEach((m, i) => {
      const li = document.createElement("li");
      li.textContent = moveText(m);
      li.addEventListener("click", () => show(i + 1));
      $("moves").appendChild(li);
    });
    const body = $("scores").tBodies[0];
    data.scores.forEach((row) => {
      const tr = document.createElement("tr");
      [row.seat, row.agent, row.score].forEach((text, c) => {
        const td = document.createElement("td");
        td.textContent = text;
        if (c === 2) td.className = "score";
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    $("sheet").textContent = data.sheet;
    $("slider").max = last;
  }

  build();
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(pos - 1));
  $("next").addEventListener("click", () => show(pos + 1));
  $("last").addEventListener("click", () => show(last));
  $("slider").addEventListener("input", (e) => show(Number(e.target.value)));
  $("view").addEventListener("change", (e) => { view = Number(e.target.value); show(pos); });
  $("fullsize").addEventListener("change", (e) => $("board").classList.toggle("full", e.target.checked));
  document.addEventListener("keydown", (e) => {
    // the slider and the view list use the arrow keys themselves
    if (e.target === $("slider") || e.target === $("view") || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: pos - 1, ArrowRight: pos + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  show(0);
})();
