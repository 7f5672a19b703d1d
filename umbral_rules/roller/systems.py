"""Systems Spanish tables play, each an alias with its own reading (``docs/dados.md``):

* ``4wod8`` — Mundo de Tinieblas clásico (Dice Maiden's alias): 4d10 against difficulty 8
  (6 when left out); each 1 takes a success away; no success and some 1 is a FRACASO.
* ``vtm7h2`` (``vtm7h2dif3``) — Vampiro 5ª (Dice Maiden's Rust alias): 7d10, the last 2 of
  Hambre; 6+ is a success, each pair of 10s four; crítico caótico when a 10 of the pair is
  of Hambre; a 1 of Hambre makes a failed roll a fracaso bestial.
* ``coc55`` (``coc55b1``, ``coc55p2``) — La Llamada de Cthulhu 7ª: d100 under 55, with
  Extremo (a fifth), Difícil (half), crítico (01), pifia (100; 96+ below 50); each bonus
  (penalty) die is another tens die, the lowest (highest) one counts.
* ``hitos`` — Hitos: 3d10, the middle die counts; [D] two 10s are a crítico, two 1s a pifia.
* ``anima`` — Anima: the open d100: 90 or more rolls again and adds, each time needing one
  more (91, 92…); [D] 1 to 3 on the first die is a pifia.
* ``1o3d10``, ``ryf`` (``ryf+``, ``ryf-``, ``ryf6``…) — Rápido y Fácil: 3d10, the middle die
  (``+`` the highest, ``-`` the lowest; ``ryf6``: 3d6); the target die at its highest face
  adds and rolls the three again ([D] in every variant, ``docs/dados.md``).

Pure: dice come from ``draw`` (the evaluator's, which counts them against the limit).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .cursor import Cursor
from .faces import Die
from .nodes import Node, System

_ALIASES = re.compile(
    r"(?P<wod>(?P<wod_pool>\d+)wod(?P<wod_dif>\d*))"
    r"|(?P<vtm>vtm(?P<vtm_pool>\d+)h(?P<vtm_hunger>\d+)(?:dif(?P<vtm_dif>\d+))?)"
    r"|(?P<coc>coc(?P<coc_skill>\d+)(?:(?P<coc_kind>[bp])(?P<coc_n>\d))?)"
    r"|(?P<hitos>hitos)|(?P<anima>anima)"
    r"|(?P<wng>wng(?:\s+dn(?P<wng_dn>\d+))?\s+(?P<wng_n>\d+)d6)"
    r"|(?P<hero>(?P<hero_n>\d+)hs(?P<hero_k>[nk])(?P<hero_m>\d*))"
    r"|(?P<ryf>1o3d(?P<ryf_o>10|6)|ryf(?P<ryf_s>6)?(?:(?P<ryf_r>[+-])(?!\s*[\w(]))?)",
    re.IGNORECASE,
)
#: A roll that is the whole expression: its reading is a verdict, not a number to add to.
ALONE = ("wod", "vtm", "coc", "hero", "wng")
WOD_DEFAULT_DIFFICULTY = 6
V5_SUCCESS = 6
COC_MAX_DICE = 2
MAX_POOL = 30
ANIMA_OPEN = 90
ANIMA_FUMBLE = 3


def parse(p: Cursor) -> Node | None:
    found = p.match(_ALIASES)
    if found is None or (found.end() < p.end and (p.text[found.end()].isalnum())):
        return None
    start = p.pos
    p.pos = found.end()
    span = (start, p.pos)
    kind = next(
        k for k in ("wod", "vtm", "coc", "hitos", "anima", "ryf", "hero", "wng") if found.group(k)
    )

    def n(group: str, default: int = 0) -> int:
        value = found.group(group) if found else None
        return int(value) if value else default

    if kind in ALONE and (start != p.expr_start or _more_follows(p)):
        raise p.error(
            "sintaxis",
            f"«{found.group(0)}» es una tirada completa: va sola en su expresión",
            start,
            p.pos,
        )
    if kind == "wod":
        pool, difficulty = n("wod_pool"), n("wod_dif", WOD_DEFAULT_DIFFICULTY)
        _check(p, span, 1 <= pool <= MAX_POOL, f"la reserva va de 1 a {MAX_POOL} dados")
        _check(p, span, 2 <= difficulty <= 10, "la dificultad va de 2 a 10")
        return System("wod", (pool, difficulty), span)
    if kind == "vtm":
        pool, hunger = n("vtm_pool"), n("vtm_hunger")
        _check(p, span, 1 <= pool <= MAX_POOL, f"la reserva va de 1 a {MAX_POOL} dados")
        _check(p, span, hunger <= min(5, pool), "el Hambre va de 0 a 5, sin pasar de la reserva")
        return System("vtm", (pool, hunger, n("vtm_dif")), span)
    if kind == "coc":
        skill, extra = n("coc_skill"), n("coc_n")
        _check(p, span, skill <= 200, "la habilidad va de 0 a 200")
        _check(
            p,
            span,
            extra <= COC_MAX_DICE,
            f"como mucho {COC_MAX_DICE} dados de bonificación o penalización",
        )
        penalty = (found.group("coc_kind") or "").lower() == "p"
        return System("coc", (skill, -extra if penalty else extra), span)
    if kind == "wng":  # Dice Maiden's Wrath & Glory: «wng 4d6», «wng dn2 4d6»
        pool = n("wng_n")
        _check(p, span, 1 <= pool <= MAX_POOL, f"la reserva va de 1 a {MAX_POOL} dados")
        return System("wng", (pool, n("wng_dn")), span)
    if kind == "hero":  # Dice Maiden's Hero System: «2hsn» normal, «2hsk1» killing damage
        pool, killing = n("hero_n"), found.group("hero_k").lower() == "k"
        _check(p, span, 1 <= pool <= MAX_POOL, f"la reserva va de 1 a {MAX_POOL} dados")
        return System("hero", (pool, int(killing), n("hero_m")), span)
    if kind == "ryf":
        sides = int(found.group("ryf_o") or found.group("ryf_s") or 10)
        rank = {"+": 1, "-": -1}.get(found.group("ryf_r") or "", 0)
        return System("ryf", (sides, rank), span)
    return System("hitos" if kind == "hitos" else "anima", (), span)


def _more_follows(p: Cursor) -> bool:
    """An operator follows (a motivo after « ! », «#», «//» or as words may)."""
    rest = p.text[p.pos : p.end].strip()
    return rest[:1] in tuple("+-*/%<>=") and not re.match(r"//\s*[^\W\d_]", rest)


def _check(p: Cursor, span: tuple[int, int], ok: bool, reason: str) -> None:
    if not ok:
        raise p.error("valor", reason, *span)


@dataclass
class SystemRoll:
    """A system's roll: its total, its dice, how to show them and the verdicts."""

    value: int
    dice: list[Die]
    shown: str
    labels: list[str] = field(default_factory=list)
    counted: bool = False


Draw = Callable[[int], int]


def roll(node: System, draw: Draw) -> SystemRoll:
    if node.kind == "wod":
        return _wod(draw, *node.params)
    if node.kind == "vtm":
        return _vtm(draw, *node.params)
    if node.kind == "coc":
        return _coc(draw, *node.params)
    if node.kind == "hitos":
        return _hitos(draw)
    if node.kind == "ryf":
        return _ryf(draw, *node.params)
    if node.kind == "hero":
        return _hero(draw, *node.params)
    if node.kind == "wng":
        return _wng(draw, *node.params)
    return _anima(draw)


def _d(draw: Draw, sides: int) -> Die:
    return Die(sides, False, draw(sides))


def _marked(dice: list[Die]) -> str:
    return ", ".join(
        f"**{d.value}**" if d.weight > 0 else f"{d.value}✗" if d.weight < 0 else str(d.value)
        for d in dice
    )


def _wod(draw: Draw, pool: int, difficulty: int) -> SystemRoll:
    dice = [_d(draw, 10) for _ in range(pool)]
    for die in dice:
        die.weight = 1 if die.value >= difficulty else -1 if die.value == 1 else 0
    successes = sum(1 for d in dice if d.weight > 0)
    ones = sum(1 for d in dice if d.weight < 0)
    net = successes - ones
    if successes == 0 and ones:
        label = "FRACASO"
    elif net <= 0:
        label = "Fallo"
    else:
        label = "Éxito"
    return SystemRoll(net, dice, _marked(dice), [f"dificultad {difficulty}", label], True)


def _vtm(draw: Draw, pool: int, hunger: int, difficulty: int) -> SystemRoll:
    dice = [_d(draw, 10) for _ in range(pool)]
    normal, hungry = dice[: pool - hunger], dice[pool - hunger :]
    for die in dice:
        die.weight = 1 if die.value >= V5_SUCCESS else 0
    tens = [d for d in dice if d.value == 10]
    successes = sum(d.weight for d in dice) + 2 * (len(tens) // 2)
    labels = []
    critical = len(tens) >= 2
    bestial = any(d.value == 1 for d in hungry)
    failed = successes < difficulty if difficulty else successes == 0
    if difficulty:
        labels.append(f"dificultad {difficulty}: " + ("fallo" if failed else "éxito"))
    if critical:
        labels.append("CRÍTICO CAÓTICO" if any(d.value == 10 for d in hungry) else "CRÍTICO")
    if bestial and failed:
        labels.append("FRACASO BESTIAL")
    elif bestial and not difficulty:
        labels.append("un 1 de Hambre: fracaso bestial si no llega a la dificultad")
    shown = _marked(normal) + (" | Hambre: " + _marked(hungry) if hungry else "")
    return SystemRoll(successes, dice, shown, labels, True)


def _coc(draw: Draw, skill: int, extra: int) -> SystemRoll:
    first = _d(draw, 100)
    units = first.value % 10
    tens = [first.value % 100 // 10]
    dice = [first]
    for _ in range(abs(extra)):
        die = _d(draw, 10)
        dice.append(die)
        tens.append(die.value % 10)
    results = [(t * 10 + units) or 100 for t in tens]
    value = min(results) if extra > 0 else max(results)
    shown = str(first.value)
    if extra:
        which = "bonificación" if extra > 0 else "penalización"
        tens_shown = ", ".join(f"{t}0" if t else "00" for t in tens)
        shown = f"decenas {tens_shown} con {which}, unidades {units} → {value}"
    if value == 1:
        label = "ÉXITO CRÍTICO"
    elif value == 100 or (skill < 50 and value >= 96):
        label = "PIFIA"
    elif value <= skill // 5:
        label = "ÉXITO EXTREMO"
    elif value <= skill // 2:
        label = "ÉXITO DIFÍCIL"
    elif value <= skill:
        label = "Éxito normal"
    else:
        label = "Fallo"
    levels = f"contra {skill} (difícil {skill // 2}, extremo {skill // 5})"
    return SystemRoll(value, dice, shown, [levels, label])


def _hitos(draw: Draw) -> SystemRoll:
    dice = [_d(draw, 10) for _ in range(3)]
    middle = sorted(d.value for d in dice)[1]
    labels = ["el dado central"]
    if sum(1 for d in dice if d.value == 10) >= 2:
        labels.append("CRÍTICO")
    elif sum(1 for d in dice if d.value == 1) >= 2:
        labels.append("PIFIA")
    shown = ", ".join(str(d.value) for d in dice) + f" → {middle}"
    return SystemRoll(middle, dice, shown, labels)


def _ryf(draw: Draw, sides: int, rank: int) -> SystemRoll:
    """Rápido y Fácil: the target die of three (the middle; ``rank`` 1 the highest, -1 the
    lowest); at its highest face it adds and the three roll again."""
    dice: list[Die] = []
    rounds = []
    value = 0
    while True:
        three = [_d(draw, sides) for _ in range(3)]
        dice.extend(three)
        target = sorted(three, key=lambda d: d.value)[1 + rank]
        for die in three:
            die.dropped = die is not target
        value += target.value
        rounds.append(", ".join(str(d.value) for d in three) + f" → {target.value}")
        if target.value < sides:
            break
        target.exploded = True
    which = {0: "el dado central", 1: "el dado mayor", -1: "el dado menor"}[rank]
    labels = [which] + (["tirada abierta"] if len(rounds) > 1 else [])
    return SystemRoll(value, dice, " + ".join(rounds), labels)


def _wng(draw: Draw, pool: int, difficulty: int) -> SystemRoll:
    """Wrath & Glory as Dice Maiden rolls it: the last die is the Wrath die; a 4 or 5 is an
    icon, a 6 an exalted icon worth 2; Wrath 6: crítico y un punto de Gloria, 1: complicación."""
    dice = [_d(draw, 6) for _ in range(pool)]
    for die in dice:
        die.weight = 1 if die.value >= 4 else 0
    icons = sum(1 for d in dice if d.value in (4, 5))
    exalted = sum(1 for d in dice if d.value == 6)
    total = icons + 2 * exalted
    wrath = dice[-1]
    labels = [f"{icons} iconos y {exalted} exaltados", f"Ira {wrath.value}"]
    if difficulty:
        labels.append(f"dificultad {difficulty}: " + ("éxito" if total >= difficulty else "fallo"))
    if wrath.value == 6:
        labels.append("CRÍTICO y un punto de Gloria")
    elif wrath.value == 1:
        labels.append("Complicación")
    shown = _marked(dice[:-1]) + (" | Ira: " if pool > 1 else "Ira: ") + _marked([wrath])
    return SystemRoll(total, dice, shown, labels, True)


def _hero(draw: Draw, pool: int, killing: int, extra: int) -> SystemRoll:
    """Hero System 5ª as Dice Maiden rolls it: normal damage (``hsn``) totals the STUN and
    counts the BODY (a 1 is 0, a 6 is 2, the rest 1); killing damage (``hsk``) totals the
    BODY and multiplies it for the STUN by 1d6 − 1 (plus ``extra``, at least 1)."""
    dice = [_d(draw, 6) for _ in range(pool)]
    total = sum(d.value for d in dice)
    shown = ", ".join(str(d.value) for d in dice)
    if not killing:
        body = sum(0 if d.value == 1 else 2 if d.value == 6 else 1 for d in dice)
        return SystemRoll(total, dice, shown, [f"STUN {total}", f"BODY {body}"])
    multiplier = _d(draw, 6)
    dice.append(multiplier)
    times = max(1, multiplier.value - 1 + extra)
    labels = [f"BODY {total}", f"STUN {total * times} (×{times})"]
    return SystemRoll(total, dice, f"{shown} | multiplicador {multiplier.value}", labels)


def _anima(draw: Draw) -> SystemRoll:
    dice = [_d(draw, 100)]
    needed = ANIMA_OPEN
    while dice[-1].value >= needed:
        dice[-1].exploded = True
        dice.append(_d(draw, 100))
        needed += 1
    value = sum(d.value for d in dice)
    labels = []
    if len(dice) > 1:
        labels.append("tirada abierta")
    if dice[0].value <= ANIMA_FUMBLE:
        labels.append("PIFIA")
    shown = " + ".join(str(d.value) for d in dice)
    return SystemRoll(value, dice, shown, labels)
