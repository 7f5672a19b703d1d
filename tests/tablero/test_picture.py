"""The picture of the board: a PNG of the right size, the right colours where they belong,
the same bytes for the same scene, a stored reference, and fast enough for a big board."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.render.tablero_png import (
    BAR_COLOURS,
    COVER_FILL,
    COVER_HATCH,
    DOWN_COLOUR,
    SIDE_COLOURS,
    WALL,
    Token,
    default_labels,
    key_line,
    layout,
    render_tablero,
)
from umbral_rules import UmbralError
from umbral_rules.tablero import Figure, Square, Tablero, parse_square, parse_squares

REFERENCE = Path(__file__).parent / "reference" / "escena_12x12.png"
sq = parse_square


def scene() -> tuple[Tablero, list[Token]]:
    """Three characters against an ogre and two guards, a wall and a barricade."""
    tablero = (
        Tablero(12, 12)
        .with_walls(parse_squares("F1:F5 G5:H5"))
        .with_cover(parse_squares("D8:E8 J9"))
        .place(Figure("kaeda", "Kaeda", "pj", sq("B2")))
        .place(Figure("bran", "Bran", "pj", sq("C9")))
        .place(Figure("ilse", "Ilse", "pj", sq("K11")))
        .place(Figure("ogro", "Ogro", "enemigo", sq("H2"), "grande"))
        .place(Figure("g1", "Guardia", "enemigo", sq("C3"), larga=True))
        .place(Figure("g2", "Guardia", "enemigo", sq("E10"), down=True))
        .place(Figure("rata", "Rata", "enemigo", sq("A12"), "diminuto"))
        .place(Figure("pip", "Pip", "aliado", sq("J7"), "pequeno"))
        .place(Figure("pop", "Pop", "aliado", sq("J7"), "pequeno"))
    )
    tokens = [
        Token("kaeda", aguante=(12, 16), esencia=(3, 6), aliento=(2, 3), estados=("Sangrando",)),
        Token("bran", aguante=(4, 16), esencia=(0, 4), aliento=(1, 3)),
        Token("ilse", label="Il", aguante=(16, 16), esencia=(6, 6), aliento=(3, 3)),
        Token("ogro", aguante=(20, 30), estados=("Cegado", "Aturdido")),
        Token("g1", aguante=(14, 14)),
        Token("g2", aguante=(0, 14)),
    ]
    return tablero, tokens


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def test_size_and_colours_where_they_belong() -> None:
    tablero, tokens = scene()
    image = decode(render_tablero(tablero, *tokens))
    grid = layout(tablero)
    assert grid.cell == 64
    assert decode(render_tablero(tablero, *tokens, key=False)).size == (
        2 * grid.margin + 12 * 64,
        2 * grid.margin + 12 * 64,
    )
    assert image.size[1] == 2 * grid.margin + 12 * 64  # the key beside it, not below
    assert image.size[0] > 2 * grid.margin + 12 * 64
    assert image.getpixel(grid.centre(sq("F3"))) == WALL
    x, y = grid.origin(sq("D8"))
    cover_pixels = {image.getpixel((x + i, y + 2)) for i in range(2, 60)}
    assert COVER_FILL in cover_pixels and COVER_HATCH in cover_pixels
    # tokens: a PC's disc is blue, an enemy's red (a little left of the label)
    cx, cy = grid.origin(sq("K11"))
    assert image.getpixel((cx + 19, cy + 24)) == SIDE_COLOURS["pj"]
    ox, oy = grid.origin(sq("H2"))  # the ogre: one disc over its four squares
    assert image.getpixel((ox + 30, oy + 56)) == SIDE_COLOURS["enemigo"]
    assert image.getpixel((ox + 98, oy + 56)) == SIDE_COLOURS["enemigo"]
    # Ilse's Aguante bar is full: red across the bottom of her square
    bars = {image.getpixel((cx + i, cy + 48)) for i in range(6, 58)}
    assert bars == {BAR_COLOURS[0]}


def test_same_scene_same_bytes() -> None:
    tablero, tokens = scene()
    first = render_tablero(tablero, *tokens)
    assert render_tablero(tablero, *tokens) == first
    dicts = [
        {
            "figure_id": t.figure_id,
            "label": t.label,
            "estados": list(t.estados),
            "aguante": list(t.aguante) if t.aguante else None,
            "esencia": list(t.esencia) if t.esencia else None,
            "aliento": list(t.aliento) if t.aliento else None,
        }
        for t in tokens
    ]
    assert render_tablero(tablero.to_dict(), *dicts) == first


def test_the_scene_matches_the_stored_reference() -> None:
    tablero, tokens = scene()
    image = decode(render_tablero(tablero, *tokens))
    reference = decode(REFERENCE.read_bytes())
    assert image.size == reference.size
    diff = (
        ImageChops.difference(image, reference).convert("L").point(lambda v: 255 if v > 48 else 0)
    )
    changed = diff.histogram()[255]
    assert changed <= image.size[0] * image.size[1] // 100  # fonts may move a pixel or two


def test_the_key_names_every_token_beside_the_tablero() -> None:
    tablero, tokens = scene()
    by_id = {t.figure_id: t for t in tokens}
    lines = [key_line(f, by_id.get(f.id, Token(f.id))) for f in tablero.figures]
    assert lines[0] == "Kaeda · PJ · Aguante 12/16 · Sangrando"
    assert "Ogro · enemigo · Aguante 20/30 · Cegado · Aturdido" in lines
    assert "Guardia · enemigo · Aguante 0/14 · caído" in lines
    assert "Pip · aliado" in lines
    image = decode(render_tablero(tablero, *tokens))
    grid = layout(tablero)
    x = 2 * grid.margin + 12 * grid.cell + 3  # in the key's discs, left of their labels
    discs = [image.getpixel((x, grid.margin + 24 * (i + 1))) for i in range(len(lines))]
    assert discs[0] == SIDE_COLOURS["pj"]  # Kaeda
    assert discs[3] == SIDE_COLOURS["enemigo"]  # the ogre
    assert discs[5] == DOWN_COLOUR  # the fallen guard
    assert discs[7] == SIDE_COLOURS["aliado"]  # Pip


def test_highlight_estados_overflow_and_fallen_figures_are_drawn() -> None:
    tablero, _ = scene()
    plain = decode(render_tablero(tablero))
    marked = decode(
        render_tablero(
            tablero,
            Token(
                "ogro",
                estados=("Cegado", "Aturdido", "Sangrando", "Quebrantado", "Enmarañado", "Miedo"),
            ),
            highlight=[sq("G3"), sq("G4"), Square(40, 40)],
        )
    )
    grid = layout(tablero)
    gx, gy = grid.origin(sq("G3"))
    assert plain.getpixel((gx + 6, gy + 32)) != marked.getpixel((gx + 6, gy + 32))
    assert ImageChops.difference(plain, marked).getbbox() is not None


def test_labels_default_to_two_letters_numbered_when_repeated() -> None:
    tablero, _ = scene()
    labels = default_labels(tablero)
    assert labels["kaeda"] == "Ka" and labels["g1"] == "G1" and labels["g2"] == "G2"


def test_cell_size_is_checked() -> None:
    tablero, _ = scene()
    assert decode(render_tablero(tablero, cell=20, key=False)).size == (2 * 20 + 240, 2 * 20 + 240)
    # the key (24 px a line, nine figures and its heading) makes a small board taller
    assert decode(render_tablero(tablero, cell=20)).size[1] == 2 * 20 + 24 * 10
    with pytest.raises(UmbralError, match="píxeles"):
        render_tablero(tablero, cell=4)


def crowded(n: int, figures: int) -> tuple[Tablero, list[Token]]:
    tablero = (
        Tablero(n, n).with_walls(parse_squares(f"J1:J{n // 2}")).with_cover(parse_squares("C3:E3"))
    )
    tokens = []
    for i in range(figures):
        square = Square((i * 7) % n, (i * 3 + (i * 7) // n * 5) % n)
        try:
            tablero = tablero.place(
                Figure(f"f{i}", f"Figura {i}", ("pj", "enemigo")[i % 2], square)
            )
        except UmbralError:
            continue
        tokens.append(Token(f"f{i}", estados=("Aturdido",) * (i % 2), aguante=(i % 9, 9)))
    return tablero, tokens


@pytest.mark.parametrize(("side", "figures"), [(30, 30), (40, 60)])
def test_a_big_crowded_tablero_renders(side: int, figures: int) -> None:
    # Render time is measured by the benchmark, never asserted here.
    tablero, tokens = crowded(side, figures)
    assert len(tablero.figures) >= figures * 0.9
    png = render_tablero(tablero, *tokens)
    assert decode(png).size[0] > side * 20
    assert png == render_tablero(tablero, *tokens)
