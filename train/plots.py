"""Learning-curve picture (Pillow): evaluation win rates against env steps, each point with
its Wilson 95 % interval from the evaluation's game counts."""
import math

from PIL import Image, ImageDraw

from agents.ratings import wilson
from pyramid_envs.core.picture import font

COLORS = [(200, 40, 40), (40, 80, 200), (30, 140, 60), (170, 100, 0), (120, 40, 160), (0, 130, 140)]
W, H = 960, 540
LEFT, RIGHT, TOP, BOTTOM = 90, 250, 60, 80  # plot margins; the legend sits in the right one
TEXT = 15


def opponents(history):
    """The evaluation opponents in the history, in the order they first appear."""
    names = []
    for row in history:
        names += [k.partition("/")[2] for k in row if k.startswith("win_rate/") and k.partition("/")[2] not in names]
    return names


def win_rate_intervals(history, name):
    """(steps, win rates, lower, upper) of the evaluations against `name`; the bounds are the
    Wilson 95 % interval of wins/<name> in games/<name> (rows without counts: no interval)."""
    steps, rates, lo, hi = [], [], [], []
    for row in history:
        if f"win_rate/{name}" not in row:
            continue
        rate = row[f"win_rate/{name}"]
        n = row.get(f"games/{name}")
        low, high = wilson(row[f"wins/{name}"], n) if n else (rate, rate)
        steps.append(row["step"])
        rates.append(rate)
        lo.append(low)
        hi.append(high)
    return steps, rates, lo, hi


def nice_ticks(top, count=6):
    """Round tick values from 0 to at least `top`: steps of 1, 2 or 5 times a power of ten."""
    raw = max(top, 1) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [i * step for i in range(int(math.ceil(max(top, 1) / step)) + 1)]


def step_label(v):
    if v >= 1_000_000:
        return f"{v / 1e6:g}M"
    return f"{v / 1e3:g}k" if v >= 1000 else f"{v:g}"


def learning_curve(history, path, title, xlabel="env steps", prefix="vs ", colors=COLORS):
    """history: rows with 'step' (counted in `xlabel`), 'win_rate/<opponent>' in [0, 1] and, for the intervals,
    'wins/<opponent>' and 'games/<opponent>'. The legend names a series `prefix` + its name;
    series take `colors` in the order they first appear."""
    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    f, small = font(TEXT), font(TEXT - 2)
    x0, x1, y0, y1 = LEFT, W - RIGHT, H - BOTTOM, TOP
    xticks = nice_ticks(max([row["step"] for row in history] + [1]))
    x = lambda s: x0 + s / xticks[-1] * (x1 - x0)  # noqa: E731
    y = lambda v: y0 - v * (y0 - y1)  # noqa: E731
    d.text((LEFT, 18), title, fill="black", font=font(TEXT + 3))
    for k in range(6):  # win rate 0.0 .. 1.0
        v = k / 5
        d.line([(x0, y(v)), (x1, y(v))], fill=(228, 228, 228))
        d.line([(x0 - 6, y(v)), (x0, y(v))], fill="black")
        d.text((x0 - 10, y(v)), f"{v:.1f}", fill="black", font=small, anchor="rm")
    for s in xticks:
        d.line([(x(s), y0), (x(s), y0 + 6)], fill="black")
        d.text((x(s), y0 + 10), step_label(s), fill="black", font=small, anchor="mt")
    d.line([(x0, y0), (x1, y0)], fill="black", width=2)
    d.line([(x0, y0), (x0, y1)], fill="black", width=2)
    d.text(((x0 + x1) / 2, H - 30), xlabel, fill="black", font=f, anchor="mt")
    label = Image.new("RGB", (200, TEXT + 8), "white")
    ImageDraw.Draw(label).text((100, (TEXT + 8) / 2), "win rate", fill="black", font=f, anchor="mm")
    img.paste(label.rotate(90, expand=True), (12, int((y0 + y1) / 2 - 100)))
    names = opponents(history)
    for i, name in enumerate(names):
        color = colors[i % len(colors)]
        dx = (i - (len(names) - 1) / 2) * 6  # opponents' bars side by side, not on top of each other
        steps, rates, lo, hi = win_rate_intervals(history, name)
        pts = [(x(s) + dx, y(r)) for s, r in zip(steps, rates)]
        if len(pts) > 1:
            d.line(pts, fill=color, width=2)
        for (px, py), low, high in zip(pts, lo, hi):
            d.line([(px, y(low)), (px, y(high))], fill=color, width=1)
            d.line([(px - 4, y(low)), (px + 4, y(low))], fill=color)
            d.line([(px - 4, y(high)), (px + 4, y(high))], fill=color)
            d.ellipse([px - 4, py - 4, px + 4, py + 4], fill=color)
        ly = TOP + 10 + 26 * i
        d.line([(x1 + 20, ly), (x1 + 50, ly)], fill=color, width=3)
        d.ellipse([x1 + 31, ly - 4, x1 + 39, ly + 4], fill=color)
        games = {row.get(f"games/{name}") for row in history} - {None}
        count = f" ({'/'.join(map(str, sorted(games)))} games)" if games else ""
        d.text((x1 + 58, ly), f"{prefix}{name}{count}", fill="black", font=small, anchor="lm")
    if names:
        d.text((x1 + 20, TOP + 16 + 26 * len(names)), "bars: Wilson 95 % interval", fill=(90, 90, 90),
               font=small, anchor="lm")
    img.save(path)
