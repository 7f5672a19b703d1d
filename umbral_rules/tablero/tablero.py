"""The board: W×H squares of 1.5 m, walls and cover the GM draws, and the figures on it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..errors import UmbralError
from ..sheets import validate_tamano
from ..tables import (
    LARGA_REACH,
    MELEE_REACH,
    PEQUENO_PER_SQUARE,
    SIDES,
    TABLERO_MAX_SIDE,
    TAMANO_LABELS,
    TAMANO_SIDE,
)
from .squares import Square, parse_square

TABLERO_FORMAT = 1


@dataclass(frozen=True)
class Figure:
    """A combatant on the board. ``position`` is its top-left square."""

    id: str
    name: str
    side: str
    position: Square
    tamano: str = "normal"
    larga: bool = False
    down: bool = False

    def __post_init__(self) -> None:
        if not self.id.strip():
            raise UmbralError("La figura necesita un identificador.")
        if not self.name.strip():
            raise UmbralError("La figura necesita un nombre.")
        if self.side not in SIDES:
            raise UmbralError(f"Bando desconocido «{self.side}»: usa {', '.join(SIDES)}.")
        validate_tamano(self.tamano)
        if not isinstance(self.position, Square):
            object.__setattr__(self, "position", Square(*self.position))

    @property
    def side_len(self) -> int:
        return TAMANO_SIDE[self.tamano]

    @property
    def extent(self) -> tuple[Square, ...]:
        """The squares the figure covers for distances (a Diminuto: the square it is in)."""
        c, r, n = self.position.col, self.position.row, self.side_len
        return tuple(Square(c + i, r + j) for j in range(n) for i in range(n))

    @property
    def occupies(self) -> tuple[Square, ...]:
        """The squares it takes from others: none for a Diminuto."""
        return () if self.tamano == "diminuto" else self.extent

    @property
    def reach(self) -> int:
        return LARGA_REACH if self.larga else MELEE_REACH

    @property
    def team(self) -> int:
        return SIDES[self.side]

    def is_enemy_of(self, other: Figure) -> bool:
        return self.team != other.team

    def at(self, square: Square) -> Figure:
        return replace(self, position=square)

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "at": self.position.label,
            "size": self.tamano,
            "larga": self.larga,
            "down": self.down,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Figure:
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            side=str(data["side"]),
            position=parse_square(str(data["at"])),
            tamano=str(data.get("size", "normal")),
            larga=bool(data.get("larga", False)),
            down=bool(data.get("down", False)),
        )


# --- distances (Chebyshev: a diagonal counts as one square) --------------------------------


def square_distance(a: Square, b: Square) -> int:
    return max(abs(a.col - b.col), abs(a.row - b.row))


def _gap(a0: int, a_len: int, b0: int, b_len: int) -> int:
    return max(0, b0 - (a0 + a_len - 1), a0 - (b0 + b_len - 1))


def figure_distance(a: Figure, b: Figure) -> int:
    """Edge to edge: 1 is adjacent (diagonals too), 0 is the same square."""
    pa, pb = a.position, b.position
    return max(
        _gap(pa.col, a.side_len, pb.col, b.side_len), _gap(pa.row, a.side_len, pb.row, b.side_len)
    )


def distance_to_square(figure: Figure, square: Square) -> int:
    p = figure.position
    n = figure.side_len
    return max(_gap(p.col, n, square.col, 1), _gap(p.row, n, square.row, 1))


# --- the board ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Tablero:
    width: int
    height: int
    walls: frozenset[Square] = frozenset()
    cover: frozenset[Square] = frozenset()
    figures: tuple[Figure, ...] = ()
    _by_id: Mapping[str, Figure] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _occupancy: Mapping[Square, tuple[str, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        for name, value in (("ancho", self.width), ("alto", self.height)):
            if not 1 <= value <= TABLERO_MAX_SIDE:
                raise UmbralError(
                    f"El {name} del tablero va de 1 a {TABLERO_MAX_SIDE} casillas (se dio {value})."
                )
        object.__setattr__(self, "walls", frozenset(Square(*s) for s in self.walls))
        object.__setattr__(self, "cover", frozenset(Square(*s) for s in self.cover))
        for square in sorted(self.walls | self.cover):
            self.require_inside(square)
        both = self.walls & self.cover
        if both:
            raise UmbralError(f"{min(both).label} no puede ser muro y cobertura a la vez.")
        by_id: dict[str, Figure] = {}
        for figure in self.figures:
            if figure.id in by_id:
                raise UmbralError(f"Hay dos figuras con el identificador «{figure.id}».")
            by_id[figure.id] = figure
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))
        object.__setattr__(self, "_occupancy", MappingProxyType(self._check_occupancy()))

    def _check_occupancy(self) -> dict[Square, tuple[str, ...]]:
        taken: dict[Square, tuple[str, ...]] = {}
        for figure in self.figures:
            for square in figure.extent:
                if not self.inside(square):
                    raise UmbralError(
                        f"{figure.name} no cabe en el tablero en {figure.position.label} "
                        f"({TAMANO_LABELS[figure.tamano]}, {figure.side_len}×{figure.side_len})."
                    )
                if square in self.walls:
                    raise UmbralError(f"{figure.name} no puede estar en {square.label}: es muro.")
            for square in figure.occupies:
                here = [*taken.get(square, ()), figure.id]
                if len(here) > 1 and not self._may_share([self._by_id[i] for i in here]):
                    names = " y ".join(self._by_id[i].name for i in here)
                    raise UmbralError(f"{names} no caben juntos en {square.label}.")
                taken[square] = tuple(here)
        return taken

    def __reduce__(self) -> tuple[type[Tablero], tuple[object, ...]]:
        """Pickled as its constructor's arguments (its indexes are read-only mappings, which
        pickle refuses): the bot's encounter cache packs encounters with their board."""
        return (Tablero, (self.width, self.height, self.walls, self.cover, self.figures))

    @staticmethod
    def _may_share(figures: list[Figure]) -> bool:
        """[D] Two Pequeño figures of the same team share a square; nothing else does."""
        return (
            len(figures) <= PEQUENO_PER_SQUARE
            and all(f.tamano == "pequeno" for f in figures)
            and len({f.team for f in figures}) == 1
        )

    # --- queries --------------------------------------------------------------------------

    def inside(self, square: Square) -> bool:
        return 0 <= square.col < self.width and 0 <= square.row < self.height

    def require_inside(self, square: Square) -> Square:
        if not self.inside(square):
            raise UmbralError(
                f"{square.label if square.col >= 0 and square.row >= 0 else 'Esa casilla'} "
                f"está fuera del tablero ({self.width}×{self.height})."
            )
        return square

    def figure(self, figure_id: str) -> Figure:
        try:
            return self._by_id[figure_id]
        except KeyError:
            raise UmbralError(f"No hay ninguna figura «{figure_id}» en el tablero.") from None

    def has(self, figure_id: str) -> bool:
        return figure_id in self._by_id

    def occupancy(self) -> Mapping[Square, tuple[str, ...]]:
        """Square → ids of the figures that take it (a Diminuto takes none)."""
        return self._occupancy

    def figures_at(self, square: Square) -> tuple[Figure, ...]:
        """Everyone in the square, a Diminuto included."""
        return tuple(f for f in self.figures if square in f.extent)

    def enemies_of(self, figure: Figure) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.is_enemy_of(figure))

    # --- changes (each returns a new board) -----------------------------------------------

    def place(self, figure: Figure) -> Tablero:
        """Put a figure on the board (or move it there without rules: the GM's hand)."""
        for square in figure.occupies:
            here = [self._by_id[i] for i in self._occupancy.get(square, ()) if i != figure.id]
            if here and not self._may_share([*here, figure]):
                raise UmbralError(f"{square.label} ya la ocupa {here[0].name}.")
        if figure.id in self._by_id:
            figures = tuple(figure if f.id == figure.id else f for f in self.figures)
        else:
            figures = (*self.figures, figure)
        return replace(self, figures=figures)

    def remove(self, figure_id: str) -> Tablero:
        self.figure(figure_id)
        return replace(self, figures=tuple(f for f in self.figures if f.id != figure_id))

    def update(
        self, figure_id: str, *, down: bool | None = None, larga: bool | None = None
    ) -> Tablero:
        figure = self.figure(figure_id)
        changed = replace(
            figure,
            down=figure.down if down is None else down,
            larga=figure.larga if larga is None else larga,
        )
        return self.place(changed)

    def with_walls(self, squares: Iterable[Square], present: bool = True) -> Tablero:
        """Draw (or erase) walls; a wall drawn over cover replaces it."""
        squares = frozenset(self.require_inside(Square(*s)) for s in squares)
        if present:
            return replace(self, walls=self.walls | squares, cover=self.cover - squares)
        return replace(self, walls=self.walls - squares)

    def with_cover(self, squares: Iterable[Square], present: bool = True) -> Tablero:
        """Draw (or erase) cover; cover drawn over a wall replaces it."""
        squares = frozenset(self.require_inside(Square(*s)) for s in squares)
        if present:
            return replace(self, cover=self.cover | squares, walls=self.walls - squares)
        return replace(self, cover=self.cover - squares)

    # --- JSON -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        return {
            "format": TABLERO_FORMAT,
            "width": self.width,
            "height": self.height,
            "walls": [s.label for s in sorted(self.walls)],
            "cover": [s.label for s in sorted(self.cover)],
            "figures": [f.to_dict() for f in self.figures],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Tablero:
        try:
            walls = data.get("walls", [])
            cover = data.get("cover", [])
            figures = data.get("figures", [])
            if not isinstance(walls, list | tuple) or not isinstance(cover, list | tuple):
                raise TypeError("walls/cover")
            if not isinstance(figures, list | tuple):
                raise TypeError("figures")
            return cls(
                width=int(str(data["width"])),
                height=int(str(data["height"])),
                walls=frozenset(parse_square(str(s)) for s in walls),
                cover=frozenset(parse_square(str(s)) for s in cover),
                figures=tuple(Figure.from_dict(f) for f in figures),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise UmbralError(f"El tablero guardado no se puede leer ({exc}).") from None
