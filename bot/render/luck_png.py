"""``/estadisticas``' picture: a bar chart of how many times each face of the d12 came up,
against what a fair die gives (Pillow; pure: counts in, PNG bytes out).

It is drawn in the worker process (:func:`bot.offloop.off_process`), as ``/mapa``'s board:
Pillow's PNG encoder holds the GIL. Its texts are in ASCII Spanish with no accents: Pillow's
bundled font has none (the reply's text says everything with them).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 720, 400
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 56, 20, 56, 64
BACKGROUND = (255, 255, 255)
TEXT = (40, 40, 48)
GRID = (225, 225, 232)
BAR = (88, 101, 242)
ONE = (192, 57, 43)  # the natural 1
TWELVE = (39, 174, 96)  # the natural 12
EXPECTED = (230, 126, 34)
FILENAME = "estadisticas.png"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=8)
def _font(size: int) -> Font:
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, ValueError, OSError):  # pragma: no cover - Pillow without FreeType
        return ImageFont.load_default()


def _step(top: float) -> int:
    """A round step for the count axis: about five lines up to ``top``."""
    raw = max(1.0, top / 5)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000):
        if step >= raw:
            return step
    return int(raw) + 1


def render_chart(counts: Sequence[int], title: str) -> bytes:
    """The chart of ``counts`` (face 1 first) with the fair die's line (their mean), as PNG."""
    sides = len(counts)
    total = sum(counts)
    expected = total / sides if sides else 0.0
    top = max([*counts, expected, 1])
    step = _step(top)
    top = step * (int(top // step) + 1)
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    base = MARGIN_TOP + plot_h

    def y_of(value: float) -> float:
        return base - plot_h * value / top

    small, label = _font(13), _font(15)
    draw.text((WIDTH / 2, 22), title, font=_font(18), fill=TEXT, anchor="mm")
    for value in range(0, top + 1, step):
        y = y_of(value)
        draw.line((MARGIN_LEFT, y, WIDTH - MARGIN_RIGHT, y), fill=GRID, width=1)
        draw.text((MARGIN_LEFT - 8, y), str(value), font=small, fill=TEXT, anchor="rm")
    slot = plot_w / max(1, sides)
    for index, seen in enumerate(counts):
        face = index + 1
        x0 = MARGIN_LEFT + index * slot + slot * 0.15
        x1 = MARGIN_LEFT + (index + 1) * slot - slot * 0.15
        colour = ONE if face == 1 else TWELVE if face == sides else BAR
        if seen:
            draw.rectangle((x0, y_of(seen), x1, base), fill=colour)
        draw.text(((x0 + x1) / 2, y_of(seen) - 4), str(seen), font=small, fill=TEXT, anchor="md")
        draw.text(((x0 + x1) / 2, base + 6), str(face), font=label, fill=TEXT, anchor="mt")
    if total:
        y = y_of(expected)
        draw.line((MARGIN_LEFT, y, WIDTH - MARGIN_RIGHT, y), fill=EXPECTED, width=3)
    draw.line((MARGIN_LEFT, base, WIDTH - MARGIN_RIGHT, base), fill=TEXT, width=1)
    key_y = HEIGHT - 18
    draw.line((MARGIN_LEFT, key_y, MARGIN_LEFT + 28, key_y), fill=EXPECTED, width=3)
    draw.text(
        (MARGIN_LEFT + 36, key_y),
        f"lo esperado con un dado justo ({expected:.1f} por cara)".replace(".", ","),
        font=small,
        fill=TEXT,
        anchor="lm",
    )
    draw.text((WIDTH - MARGIN_RIGHT, key_y), "cara del d12", font=small, fill=TEXT, anchor="rm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
