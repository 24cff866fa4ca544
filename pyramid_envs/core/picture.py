"""Pictures as a list of drawing primitives, rendered to SVG or to an RGB array.

A game's layout code adds rectangles, circles, lines, polygons and text to a `Picture`;
`to_svg` and `to_rgb` draw the same list, so the vector and the raster picture agree.
Every text carries the colour of the box it sits on and is drawn on that box, so
`contrast_problems` can check it and `overlap_problems` can check that no two texts
collide, both from the layout alone (Pillow's font metrics give the text boxes).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

import numpy as np

MIN_CONTRAST = 4.5  # WCAG AA for normal text
PAD = 2             # pixels of background around a text
# Flow wraps lines to this share of its width, so an SVG viewer that ignores the embedded
# font and textLength (librsvg does) and draws a wider font still stays inside the column
WRAP_SHARE = 0.88
# Pillow's default font (Aileron, public domain) goes inside every SVG, so a browser draws
# the same letters as the RGB picture; viewers without @font-face fall back on the others
FONT_FAMILY = "PictureFont, Aileron, Helvetica, Arial, sans-serif"

INK = (25, 22, 18)
PAPER = (248, 243, 230)


@lru_cache(maxsize=None)
def font(size):
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


@lru_cache(maxsize=None)
def _font_face():
    import base64

    data = base64.b64encode(font(12).font_bytes).decode("ascii")
    return f'@font-face{{font-family:"PictureFont";src:url(data:font/ttf;base64,{data}) format("truetype")}}'


@lru_cache(maxsize=65536)
def text_size(text, size):
    """(width, height) of a line of text; the height covers ascenders and descenders."""
    f = font(size)
    ascent, descent = f.getmetrics()
    return int(np.ceil(f.getlength(text))), ascent + descent


def wrap(text, size, width):
    """Split text into lines no wider than `width` (a word longer than that stays whole)."""
    lines, cur = [], ""
    for word in text.split(" "):
        trial = word if not cur else cur + " " + word
        if cur and text_size(trial, size)[0] > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    lines.append(cur)
    return lines


def _hex(c):
    return "#%02x%02x%02x" % tuple(int(v) for v in c)


def luminance(c):
    """WCAG relative luminance of an sRGB colour."""
    ch = [v / 255 for v in c]
    ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(bg):
    """Black or white text, whichever reads better on `bg`."""
    return INK if contrast(INK, bg) >= contrast((255, 255, 255), bg) else (255, 255, 255)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: tuple | None
    outline: tuple | None = None
    width: int = 1


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: tuple | None
    outline: tuple | None = None
    width: int = 1


@dataclass(frozen=True)
class Line:
    points: tuple
    color: tuple
    width: int = 1


@dataclass(frozen=True)
class Polygon:
    points: tuple
    fill: tuple | None
    outline: tuple | None = None
    width: int = 1


@dataclass(frozen=True)
class Text:
    """A line of text with its top-left corner at (x, y), drawn on a box of colour `bg`."""
    x: float
    y: float
    text: str
    size: int
    fill: tuple
    bg: tuple

    @property
    def box(self):
        w, h = text_size(self.text, self.size)
        return (self.x, self.y, self.x + w, self.y + h)


class Picture:
    """Primitives in drawing order. The height is `height` (a game reserves one per
    configuration, so a video of a game keeps one frame size) or more, to fit what is drawn."""

    def __init__(self, width, height=0, background=PAPER, title=""):
        self.width = int(width)
        self.min_height = int(height)
        self.background = background
        self.title = title
        self.items = []
        self._bottom = 0

    @property
    def height(self):
        return max(self.min_height, int(np.ceil(self._bottom)) + 8)

    def _grow(self, y):
        self._bottom = max(self._bottom, y)

    def rect(self, x, y, w, h, fill, outline=None, width=1):
        self.items.append(Rect(x, y, w, h, fill, outline, width))
        self._grow(y + h)

    def circle(self, x, y, r, fill, outline=None, width=1):
        self.items.append(Circle(x, y, r, fill, outline, width))
        self._grow(y + r)

    def line(self, points, color, width=1):
        self.items.append(Line(tuple(map(tuple, points)), color, width))
        self._grow(max(p[1] for p in points))

    def polygon(self, points, fill, outline=None, width=1):
        self.items.append(Polygon(tuple(map(tuple, points)), fill, outline, width))
        self._grow(max(p[1] for p in points))

    def text(self, x, y, text, size, bg, fill=None, box=True):
        """Text at top-left (x, y) on colour `bg`; `box` paints the bg behind it first.
        Returns the text's box (x0, y0, x1, y1)."""
        t = Text(x, y, str(text), int(size), ink_on(bg) if fill is None else fill, bg)
        x0, y0, x1, y1 = t.box
        if box:
            self.items.append(Rect(x0 - PAD, y0 - PAD, x1 - x0 + 2 * PAD, y1 - y0 + 2 * PAD, bg))
        self.items.append(t)
        self._grow(y1 + PAD)
        return t.box

    def text_centered(self, cx, cy, text, size, bg, fill=None, box=True):
        w, h = text_size(str(text), size)
        return self.text(cx - w / 2, cy - h / 2, text, size, bg, fill, box)

    def texts(self):
        return [t for t in self.items if isinstance(t, Text)]

    # --- output ----------------------------------------------------------------------
    def to_svg(self) -> str:
        w, h = self.width, self.height
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
               f'viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}">']
        if self.title:
            out.append(f"<title>{escape(self.title)}</title>")
        out.append(f"<defs><style>{_font_face()}</style></defs>")
        out.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="{_hex(self.background)}"/>')
        for it in self.items:
            out.append(_svg(it))
        out.append("</svg>")
        return "\n".join(out)

    def to_rgb(self) -> np.ndarray:
        from PIL import Image, ImageDraw

        img = Image.new("RGB", (self.width, self.height), tuple(self.background))
        draw = ImageDraw.Draw(img)
        for it in self.items:
            _raster(draw, it)
        return np.asarray(img, dtype=np.uint8)


def _paint(fill, outline, width):
    f = "none" if fill is None else _hex(fill)
    o = "" if outline is None else f' stroke="{_hex(outline)}" stroke-width="{width}"'
    return f'fill="{f}"{o}'


def _pts(points):
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _svg(it):
    if isinstance(it, Rect):
        return (f'<rect x="{it.x:.1f}" y="{it.y:.1f}" width="{it.w:.1f}" height="{it.h:.1f}" '
                f'{_paint(it.fill, it.outline, it.width)}/>')
    if isinstance(it, Circle):
        return f'<circle cx="{it.x:.1f}" cy="{it.y:.1f}" r="{it.r:.1f}" {_paint(it.fill, it.outline, it.width)}/>'
    if isinstance(it, Line):
        return (f'<polyline points="{_pts(it.points)}" fill="none" stroke="{_hex(it.color)}" '
                f'stroke-width="{it.width}" stroke-linecap="round"/>')
    if isinstance(it, Polygon):
        return f'<polygon points="{_pts(it.points)}" {_paint(it.fill, it.outline, it.width)}/>'
    # text: the baseline sits at the font's ascent below the box top; the width is pinned
    # to Pillow's so a viewer's substitute font cannot run into a neighbour
    ascent = font(it.size).getmetrics()[0]
    w = text_size(it.text, it.size)[0]
    return (f'<text x="{it.x:.1f}" y="{it.y + ascent:.1f}" font-size="{it.size}" fill="{_hex(it.fill)}" '
            f'textLength="{max(w, 1)}" lengthAdjust="spacingAndGlyphs" xml:space="preserve">'
            f"{escape(it.text)}</text>")


def _raster(draw, it):
    if isinstance(it, Rect):
        draw.rectangle([it.x, it.y, it.x + it.w - 1, it.y + it.h - 1], fill=it.fill,
                       outline=it.outline, width=it.width if it.outline is not None else 0)
    elif isinstance(it, Circle):
        draw.ellipse([it.x - it.r, it.y - it.r, it.x + it.r, it.y + it.r], fill=it.fill,
                     outline=it.outline, width=it.width if it.outline is not None else 0)
    elif isinstance(it, Line):
        draw.line(list(it.points), fill=it.color, width=it.width, joint="curve")
    elif isinstance(it, Polygon):
        draw.polygon(list(it.points), fill=it.fill, outline=it.outline,
                     width=it.width if it.outline is not None else 0)
    else:
        draw.text((it.x, it.y), it.text, fill=it.fill, font=font(it.size), anchor="la")


# --- checks of a layout ----------------------------------------------------------------
def contrast_problems(pic, minimum=MIN_CONTRAST):
    """Texts whose colour is too close to their background: [(text, ratio)]."""
    return [(t.text, round(contrast(t.fill, t.bg), 2)) for t in pic.texts()
            if contrast(t.fill, t.bg) < minimum]


def overlap_problems(pic):
    """Pairs of texts whose boxes intersect, and texts that leave the picture."""
    boxes = [(t.box, t.text) for t in pic.texts() if t.text.strip()]
    bad = [("outside", s) for (x0, y0, x1, y1), s in boxes
           if x0 < 0 or y0 < 0 or x1 > pic.width or y1 > pic.height]
    order = sorted(boxes, key=lambda b: b[0][0])
    for i, ((ax0, ay0, ax1, ay1), sa) in enumerate(order):
        for (bx0, by0, bx1, by1), sb in order[i + 1:]:
            if bx0 >= ax1:
                break
            if by0 < ay1 and ay0 < by1:
                bad.append((sa, sb))
    return bad


class Flow:
    """Lines of text (and small swatches) stacked down a column of a picture."""

    def __init__(self, pic, x, y, width, bg=PAPER, size=13, gap=3):
        self.pic, self.x, self.y, self.width = pic, x, y, width
        self.bg, self.size, self.gap = bg, size, gap

    def line(self, text, size=None, bg=None, fill=None, indent=0):
        """One paragraph, wrapped to the column's width."""
        size = size or self.size
        bg = bg or self.bg
        for part in wrap(str(text), size, (self.width - indent) * WRAP_SHARE):
            self.pic.text(self.x + indent, self.y, part, size, bg, fill)
            self.y += text_size(part, size)[1] + 2 * PAD + self.gap
        return self

    def swatch(self, color, text, outline=INK, size=None, draw=None):
        """A coloured square (or a custom marker: draw(pic, cx, cy, r)) and its label."""
        size = size or self.size
        h = text_size("Hg", size)[1]
        if draw is None:
            self.pic.rect(self.x, self.y, h, h, color, outline)
        else:
            draw(self.pic, self.x + h / 2, self.y + h / 2, h / 2)
        lines = wrap(str(text), size, (self.width - h - 8) * WRAP_SHARE)
        for part in lines:
            self.pic.text(self.x + h + 6, self.y, part, size, self.bg)
            self.y += h + 2 * PAD + self.gap
        return self

    def space(self, px=8):
        self.y += px
        return self
