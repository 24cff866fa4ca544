"""Learning-curve picture (Pillow): evaluation win rates against env steps."""
from PIL import Image, ImageDraw

COLORS = [(200, 40, 40), (40, 80, 200), (30, 150, 60), (160, 90, 0), (120, 40, 160)]


def learning_curve(history, path, title):
    """history: list of dicts with 'step' and 'win_rate/<opponent>' entries in [0, 1]."""
    w, h, left, bottom, top = 720, 420, 60, 50, 40
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    d.text((left, 10), title, fill="black")
    keys = sorted({k for row in history for k in row if k.startswith("win_rate/")})
    max_step = max([row["step"] for row in history] + [1])
    x = lambda s: left + s / max_step * (w - left - 20)  # noqa: E731
    y = lambda v: h - bottom - v * (h - bottom - top)  # noqa: E731
    d.line([(left, y(0)), (w - 20, y(0))], fill="black")
    d.line([(left, y(0)), (left, y(1))], fill="black")
    for v in (0.0, 0.5, 1.0):
        d.text((10, y(v) - 6), f"{v:.1f}", fill="black")
        d.line([(left, y(v)), (w - 20, y(v))], fill=(225, 225, 225))
    d.text((w // 2 - 40, h - 25), f"env steps (max {max_step})", fill="black")
    for i, key in enumerate(keys):
        pts = [(x(r["step"]), y(r[key])) for r in history if key in r]
        color = COLORS[i % len(COLORS)]
        if len(pts) > 1:
            d.line(pts, fill=color, width=3)
        for px, py in pts:
            d.ellipse([px - 3, py - 3, px + 3, py + 3], fill=color)
        d.text((w - 220, top + 15 * i), key.replace("win_rate/", "win rate vs "), fill=color)
    img.save(path)
