"""Sheets the graded-combat tests share (our own numbers)."""

from __future__ import annotations

from umbral_rules.graduado import Combate, Ficha, Mundo, Reserva


def aria(**kw: object) -> Ficha:
    """A rank-B warrior (power 25), 100 of aguante, a good weapon."""
    return Ficha("Aria", Reserva(25, 100), arma=2, **kw)  # type: ignore[arg-type]


def bruno() -> Ficha:
    """A rank-B mage (Fuerza 20, magia 25 with 60 of maná)."""
    return Ficha("Bruno", Reserva(20, 80), magia=Reserva(25, 60))


def orco() -> Ficha:
    return Ficha("Orco", Reserva(25, 60), arma=1, armadura=1)


def lobo() -> Ficha:
    return Ficha("Lobo", Reserva(22, 15))


def fight(mundo: Mundo | None = None) -> Combate:
    """Aria and Bruno against an Orco and a Lobo."""
    c = Combate.start(mundo)
    c.add_heroe(aria())
    c.add_heroe(bruno())
    c.add_enemigo(orco())
    c.add_enemigo(lobo())
    return c
