"""Render a Táctico board to PNG: grid with coordinates, walls, cover, tokens, estados, bars.

Pure and deterministic: the same board and tokens give the same bytes. Only Pillow's default
font is used, so no font file is needed.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.observe import note_slow_work
from umbral_rules.errors import UmbralError
from umbral_rules.tablero import Figure, Square, Tablero, column_label

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Bar = tuple[int, int]
Colour = tuple[int, int, int]

BACKGROUND = (244, 239, 225)
GRID = (185, 174, 148)
TEXT = (40, 36, 32)
WALL = (59, 54, 49)
COVER_FILL = (217, 195, 154)
COVER_HATCH = (150, 112, 66)
HIGHLIGHT = (240, 150, 20)
SIDE_COLOURS = {"pj": (47, 111, 214), "aliado": (46, 158, 91), "enemigo": (200, 55, 45)}
DOWN_COLOUR = (150, 150, 150)
BAR_COLOURS = ((205, 50, 50), (60, 110, 220), (235, 180, 30))  # Aguante, Esencia, Aliento
BAR_EMPTY = (90, 84, 78)
ESTADO_COLOURS = {
    "aturdido": (250, 200, 40),
    "sangrando": (190, 20, 30),
    "quebrantado": (140, 70, 170),
    "enmaranado": (40, 140, 70),
    "cegado": (20, 20, 20),
}
ESTADO_OTHER = (110, 110, 110)


@dataclass(frozen=True)
class Token:
    """What the picture shows of a figure besides its place: a short label, estados, bars.

    Bars are ``(current, maximum)``: Aguante, Esencia and Aliento, in that order (§42).
    """

    figure_id: str
    label: str | None = None
    estados: tuple[str, ...] = ()
    aguante: Bar | None = None
    esencia: Bar | None = None
    aliento: Bar | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Token:
        def bar(key: str) -> Bar | None:
            value = data.get(key)
            if isinstance(value, list | tuple) and len(value) == 2:
                return int(value[0]), int(value[1])
            return None

        estados = data.get("estados", ())
        return cls(
            figure_id=str(data["figure_id"]),
            label=str(data["label"]) if data.get("label") else None,
            estados=tuple(str(e) for e in estados) if isinstance(estados, list | tuple) else (),
            aguante=bar("aguante"),
            esencia=bar("esencia"),
            aliento=bar("aliento"),
        )


@lru_cache(maxsize=16)
def _font(size: int) -> Font:
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, ValueError, OSError):  # pragma: no cover - Pillow without FreeType
        return ImageFont.load_default()


#: How the key names each side.
SIDE_NAMES = {"pj": "PJ", "aliado": "aliado", "enemigo": "enemigo"}
KEY_MAX_WIDTH = 460


def _ascii(text: str) -> str:
    """Pillow's bundled font has no accents or ñ: «Enmarañado» is drawn «Enmaranado»."""
    decomposed = unicodedata.normalize("NFKD", text.replace("·", "-").replace("…", "..."))
    return "".join(ch for ch in decomposed if ch.isascii() and not unicodedata.combining(ch))


def key_facts(figure: Figure, token: Token) -> str:
    """What the key says of a figure after its name: side, Aguante, estados, «caído»."""
    parts = [SIDE_NAMES.get(figure.side, figure.side)]
    if token.aguante is not None:
        parts.append(f"Aguante {token.aguante[0]}/{token.aguante[1]}")
    parts.extend(token.estados)
    if figure.down:
        parts.append("caído")
    return " · ".join(parts)


def key_line(figure: Figure, token: Token) -> str:
    """One line of the key: name, side, Aguante, estados (and «caído»)."""
    return f"{figure.name} · {key_facts(figure, token)}"


def _plain(text: str) -> str:
    table = str.maketrans("áéíóúñÁÉÍÓÚÑ", "aeiounAEIOUN")
    return text.strip().lower().translate(table)


def default_labels(tablero: Tablero) -> dict[str, str]:
    """Two letters of the name; a number when two figures would read the same."""
    base = {f.id: (f.name.strip()[:2] or "?").capitalize() for f in tablero.figures}
    counts: dict[str, int] = {}
    for value in base.values():
        counts[value] = counts.get(value, 0) + 1
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for figure in tablero.figures:
        label = base[figure.id]
        if counts[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            label = f"{label[0]}{seen[label]}"
        out[figure.id] = label
    return out


class _Painter:
    def __init__(
        self, tablero: Tablero, cell: int, key: list[tuple[Colour, str, str, str]]
    ) -> None:
        self.tablero = tablero
        self.cell = cell
        self.margin = _margin(cell)
        self.font = _font(max(10, min(18, cell // 3)))
        self.key_rows = key
        self.key_font = _font(KEY_FONT)
        width = self.margin * 2 + tablero.width * cell
        height = self.margin * 2 + tablero.height * cell
        if key:
            texts = [self.key_font.getlength(_ascii(f"{n} · {f}")) for _, _, n, f in key]
            width += min(KEY_MAX_WIDTH, round(KEY_ROW + 12 + max(texts))) + self.margin // 2
            height = max(height, self.margin * 2 + KEY_ROW * (len(key) + 1))
        self.image = Image.new("RGB", (width, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def key(self) -> None:
        """Beside the board: a heading, then each token's disc and label and its line."""
        x = self.margin * 2 + self.tablero.width * self.cell
        y = float(self.margin)
        right = self.image.width - 4
        self.draw.text((x, y), "Leyenda", font=self.key_font, fill=TEXT, anchor="lm")
        for colour, label, name, facts in self.key_rows:
            y += KEY_ROW
            r = KEY_ROW / 2 - 2
            cx = x + r
            self.draw.ellipse((cx - r, y - r, cx + r, y + r), fill=colour, outline=TEXT)
            self.text((cx, y), label, _font(max(8, round(r * 0.9))), (255, 255, 255))
            room = right - (x + KEY_ROW + 6)
            short, line = _ascii(name), _ascii(f"{name} · {facts}")
            while len(short) > 1 and self.key_font.getlength(line) > room:  # cut the name
                short = short[:-1]
                line = _ascii(f"{short}... · {facts}")
            self.draw.text((x + KEY_ROW + 6, y), line, font=self.key_font, fill=TEXT, anchor="lm")

    def xy(self, square: Square) -> tuple[int, int]:
        return self.margin + square.col * self.cell, self.margin + square.row * self.cell

    def text(
        self, centre: tuple[float, float], text: str, font: Font, fill: Colour, stroke: int = 0
    ) -> None:
        self.draw.text(
            centre, text, font=font, fill=fill, anchor="mm", stroke_width=stroke, stroke_fill=TEXT
        )

    def grid(self) -> None:
        b, c, m = self.tablero, self.cell, self.margin
        for square in sorted(b.cover):
            x, y = self.xy(square)
            self.draw.rectangle((x, y, x + c, y + c), fill=COVER_FILL)
            step = max(4, c // 5)
            for k in range(step, 2 * c, step):
                x0, y0, x1, y1 = x + max(0, k - c), y + min(k, c), x + min(k, c), y + max(0, k - c)
                self.draw.line((x0, y0, x1, y1), fill=COVER_HATCH, width=max(1, c // 24))
        for square in sorted(b.walls):
            x, y = self.xy(square)
            self.draw.rectangle((x, y, x + c, y + c), fill=WALL)
        for i in range(b.width + 1):
            self.draw.line((m + i * c, m, m + i * c, m + b.height * c), fill=GRID)
        for j in range(b.height + 1):
            self.draw.line((m, m + j * c, m + b.width * c, m + j * c), fill=GRID)
        small = _font(max(10, min(20, round(c * 0.3))))
        for i in range(b.width):
            cx = m + i * c + c / 2
            self.text((cx, m / 2), column_label(i), small, TEXT)
            self.text((cx, m + b.height * c + m / 2), column_label(i), small, TEXT)
        for j in range(b.height):
            cy = m + j * c + c / 2
            self.text((m / 2, cy), str(j + 1), small, TEXT)
            self.text((m + b.width * c + m / 2, cy), str(j + 1), small, TEXT)

    def highlight(self, squares: Iterable[Square]) -> None:
        width = max(2, self.cell // 12)
        for square in sorted(set(squares)):
            if self.tablero.inside(square):
                x, y = self.xy(square)
                box = (x + width, y + width, x + self.cell - width, y + self.cell - width)
                self.draw.rectangle(box, outline=HIGHLIGHT, width=width)

    def box(self, figure: Figure, slot: int) -> tuple[float, float, float]:
        """Left, top and side of the area a token uses inside its squares."""
        x, y = self.xy(figure.position)
        side = float(figure.side_len * self.cell)
        if figure.tamano == "pequeno":
            half = side / 2
            return x + half * (slot % 2), y + half / 2, half
        if figure.tamano == "diminuto":
            quarter = side * 0.45
            return x + side - quarter, y + side - quarter, quarter
        return x, y, side

    def token(self, figure: Figure, token: Token, label: str, slot: int) -> None:
        left, top, side = self.box(figure, slot)
        pad = max(1.0, side * 0.04)
        bars = (token.aguante, token.esencia, token.aliento)
        show_bars = figure.tamano not in ("pequeno", "diminuto")
        bar_h = float(max(2, min(8, round(side * 0.065)))) if show_bars else 0.0
        gap = 1.0 if bar_h >= 3 else 0.0
        block = 3 * bar_h + 3 * gap
        disc = side - 2 * pad - block
        cx, cy = left + side / 2, top + pad + disc / 2
        colour = DOWN_COLOUR if figure.down else SIDE_COLOURS.get(figure.side, ESTADO_OTHER)
        r = disc / 2
        line_w = max(1, int(side // 32))
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=TEXT, width=line_w)
        inner = r - line_w - 1
        if inner > 2:
            box = (cx - inner, cy - inner, cx + inner, cy + inner)
            self.draw.ellipse(box, outline=(255, 255, 255), width=line_w)
        size = int(max(8, min(34, disc * (0.5 if len(label) <= 2 else 0.36))))
        self.text((cx, cy), label, _font(size), (255, 255, 255), stroke=1 if size >= 14 else 0)
        if figure.down:
            k = r * 0.7
            self.draw.line((cx - k, cy - k, cx + k, cy + k), fill=TEXT, width=line_w + 1)
            self.draw.line((cx - k, cy + k, cx + k, cy - k), fill=TEXT, width=line_w + 1)
        self.estados(token.estados, cx, cy - r, r)
        if show_bars:
            y = top + side - pad - block + gap
            for value, colour_bar in zip(bars, BAR_COLOURS, strict=True):
                self.bar(left + pad, y, side - 2 * pad, bar_h, value, colour_bar)
                y += bar_h + gap

    def bar(self, x: float, y: float, w: float, h: float, value: Bar | None, col: Colour) -> None:
        self.draw.rectangle((x, y, x + w - 1, y + h - 1), fill=BAR_EMPTY)
        if value is None:
            return
        current, maximum = value
        if maximum > 0 and current > 0:
            filled = w * min(1.0, current / maximum)
            self.draw.rectangle((x, y, x + filled - 1, y + h - 1), fill=col)

    def estados(self, estados: tuple[str, ...], cx: float, top: float, r: float) -> None:
        """Up to four round marks over the top of the token, a letter each; then "+n"."""
        if not estados:
            return
        mark = max(9.0, min(18.0, r * 0.8))
        shown = list(estados[:4])
        x = cx - len(shown) * mark / 2
        y = top - mark * 0.25
        font = _font(int(max(7, mark * 0.75)))
        for name in shown:
            key = _plain(name)
            fill = ESTADO_COLOURS.get(key, ESTADO_OTHER)
            self.draw.ellipse((x, y, x + mark, y + mark), fill=fill, outline=(255, 255, 255))
            self.text((x + mark / 2, y + mark / 2), key[:1].upper(), font, (255, 255, 255))
            x += mark
        if len(estados) > len(shown):
            self.text((x + mark / 2, y + mark / 2), f"+{len(estados) - len(shown)}", font, TEXT)


KEY_FONT = 15
KEY_ROW = 24


def _cell_for(tablero: Tablero) -> int:
    return max(28, min(64, 1200 // max(tablero.width, tablero.height)))


@dataclass(frozen=True)
class Layout:
    """Where things land in the picture: pixels per square and the margin of coordinates."""

    cell: int
    margin: int

    def origin(self, square: Square) -> tuple[int, int]:
        """Top-left pixel of a square."""
        return self.margin + square.col * self.cell, self.margin + square.row * self.cell

    def centre(self, square: Square) -> tuple[int, int]:
        x, y = self.origin(square)
        return x + self.cell // 2, y + self.cell // 2


def layout(tablero: Tablero, cell: int | None = None) -> Layout:
    size = cell or _cell_for(tablero)
    return Layout(size, _margin(size))


def _margin(cell: int) -> int:
    return max(20, round(cell * 0.55))


def render_tablero(
    tablero: Tablero | Mapping[str, object],
    *tokens: Token | Mapping[str, object],
    highlight: Iterable[Square] = (),
    cell: int | None = None,
    key: bool = True,
) -> bytes:
    """The board as PNG bytes. ``tokens`` add labels, estados and bars to figures by id;
    a figure without a token is drawn with a two-letter label and empty bars.
    ``highlight`` outlines squares (an area, a sweep, a path). ``key``: beside the board,
    each token's label, name, side, Aguante and estados (:func:`key_line`)."""
    note_slow_work("imagen")
    if not isinstance(tablero, Tablero):
        tablero = Tablero.from_dict(tablero)
    if cell is not None and not 12 <= cell <= 128:
        raise UmbralError(
            f"El tamaño de casilla del dibujo va de 12 a 128 píxeles (se dio {cell})."
        )
    given = {
        t.figure_id: t for t in (x if isinstance(x, Token) else Token.from_dict(x) for x in tokens)
    }
    labels = default_labels(tablero)
    rows: list[tuple[Colour, str, str, str]] = []
    if key:
        for figure in tablero.figures:
            token = given.get(figure.id, Token(figure.id))
            colour = DOWN_COLOUR if figure.down else SIDE_COLOURS.get(figure.side, ESTADO_OTHER)
            label = token.label or labels[figure.id]
            rows.append((colour, label, figure.name, key_facts(figure, token)))
    painter = _Painter(tablero, cell or _cell_for(tablero), rows)
    painter.grid()
    painter.highlight(highlight)
    if rows:
        painter.key()
    slots: dict[Square, int] = {}
    order = sorted(tablero.figures, key=lambda f: (f.tamano == "diminuto", f.down is False))
    for figure in order:
        token = given.get(figure.id, Token(figure.id))
        slot = slots.get(figure.position, 0)
        if figure.tamano == "pequeno":
            slots[figure.position] = slot + 1
        painter.token(figure, token, token.label or labels[figure.id], slot)
    out = io.BytesIO()
    painter.image.save(out, format="PNG", optimize=False)
    return out.getvalue()
