"""The peers' own dice expressions, each with forced dice, the total and the marks the peer
documents, and where it comes from (issue 35).

``AGREED``: the peers that write the form read it alike; Umbral reads it so, and shows no
reading. ``DISPUTED``: some peer reads it otherwise; Umbral reads it as Dice Maiden, Roll20
and Foundry do and the reply says how (``reading``). ``REFUSED``: forms Umbral refuses,
with the suggestion the refusal makes (``None``: none).

The totals are the peers' documented readings worked out by hand; for avrae/d20's forms
``test_corpus`` also rolls d20 itself with the same dice. Sources (all read in 2025):

* avrae/d20: README.md («Dice Syntax», «Examples», «Annotations and Comments») and
  tests/test_dice.py, https://github.com/avrae/d20
* Dice Maiden: README.md and test/dice_maiden_test.rb, https://github.com/Humblemonk/DiceMaiden
* Roll20: «Dice Reference», https://wiki.roll20.net/Dice_Reference (and its «Dice
  Specification» section)
* Foundry VTT: «Dice Modifiers», https://foundryvtt.com/article/dice-modifiers/
* RPG Sage: wiki «Dice», https://github.com/rpg-sage-creative/rpg-sage/wiki/Dice
"""

from __future__ import annotations

from dataclasses import dataclass

D20_README = "avrae/d20 README"
D20_TESTS = "avrae/d20 tests/test_dice.py"
DM_README = "Dice Maiden README"
DM_TESTS = "Dice Maiden test/dice_maiden_test.rb"
ROLL20 = "Roll20 Dice Reference"
ROLL20_SPEC = "Roll20 Dice Reference: Dice Specification"
FOUNDRY = "Foundry VTT Dice Modifiers"
SAGE = "RPG Sage wiki: Dice"


@dataclass(frozen=True)
class Case:
    expr: str
    dice: tuple[int, ...]
    total: int | tuple[int, ...]  # a tuple: one total per set («6 4d6»)
    shows: str  # the dice as the reply shows them (for sets: the first set)
    source: str
    reading: str = ""
    comment: str | None = None


def c(
    expr: str,
    dice: list[int],
    total: int | tuple[int, ...],
    shows: str,
    source: str,
    reading: str = "",
    comment: str | None = None,
) -> Case:
    return Case(expr, tuple(dice), total, shows, source, reading, comment)


MOTIVO = "el texto del final es el motivo"
TEN_D100 = [10, 20, 30, 40, 50, 60, 70, 80]
TEN_ONES = [1] * 10

AGREED: list[Case] = [
    # --- avrae/d20 README --------------------------------------------------------------
    c("1d20+5", [10], 15, "10 + 5", D20_README),
    c("4d6kh3", [4, 4, 6, 3], 14, "4, 4, 6, ~~3~~", D20_README),
    c("8d6mi2", [1, 6, 4, 2, 6, 2, 5, 6], 33, "1→2, 6, 4, 2, 6, 2, 5, 6", D20_README),
    c("(1d4 + 1, 3, 2d6kl1)kh1", [2, 2, 5], 3, "{2 + 1, ~~3~~, ~~(2, ~~5~~)~~}", D20_README),
    c("3d6 [fire] + 1d4 [piercing]", [3, 2, 2, 3], 10, "(3, 2, 2) + 3", D20_README),
    c("-(1d8 + 3) [healing]", [7], -10, "−(7 + 3)", D20_README),
    c("(1 [one], 2 [two], 3 [three])", [], 6, "{1, 2, 3}", D20_README),
    c("3d6 + 1d4 + 3", [4, 1, 6, 2], 16, "(4, 1, 6) + 2 + 3", D20_README),
    c("1", [], 1, "1", D20_README),
    c("d20", [13], 13, "13", D20_README),
    c("3d6", [1, 2, 3], 6, "1, 2, 3", D20_README),
    c("(2,)", [], 2, "{2}", D20_README),
    c("(1, 3+3, 1d20)", [10], 17, "{1, 3 + 3, 10}", D20_README),
    # --- avrae/d20 tests ---------------------------------------------------------------
    c("1d20", [20], 20, "20", D20_TESTS),
    c("1+1", [], 2, "1 + 1", D20_TESTS),
    c("(1)", [], 1, "1", D20_TESTS),
    c("(1,)", [], 1, "{1}", D20_TESTS),
    c("((1d6))", [4], 4, "4", D20_TESTS),
    c("(1d4, 2+2, 3d6kl1)kh1", [3, 5, 2, 6], 4, "{~~3~~, 2 + 2, ~~(~~5~~, 2, ~~6~~)~~}", D20_TESTS),
    c(
        "((10d6kh5)kl2)kh1",
        [6, 5, 4, 3, 2, 1, 6, 5, 4, 3],
        5,
        "{{~~6~~, 5, ~~4~~, ~~3~~, ~~2~~, ~~1~~, ~~6~~, ~~5~~, ~~4~~, ~~3~~}}",
        D20_TESTS,
    ),
    c("1 + 3 * 6", [], 19, "1 + 3 × 6", D20_TESTS),
    c("1 + (3 * 6)", [], 19, "1 + 3 × 6", D20_TESTS),
    c("(1 + 3) * 6", [], 24, "(1 + 3) × 6", D20_TESTS),
    c("1 + 2 + 3", [], 6, "1 + 2 + 3", D20_TESTS),
    c("(1 + 2) + 3", [], 6, "1 + 2 + 3", D20_TESTS),
    c("1 + (2 + 3)", [], 6, "1 + (2 + 3)", D20_TESTS),
    c("1 + 2 == 2", [], 0, "1 + 2 = 2: no", D20_TESTS),
    c("1 + (2 == 2)", [], 2, "1 + 2 = 2: sí", D20_TESTS),
    c("10000", [], 10000, "10000", D20_TESTS),
    c("0d6", [], 0, "sin dados", D20_TESTS),
    c("d6", [3], 3, "3", D20_TESTS),
    c("1d6", [5], 5, "5", D20_TESTS),
    c("2d6", [2, 3], 5, "2, 3", D20_TESTS),
    c("(1, 1)", [], 2, "{1, 1}", D20_TESTS),
    c("+1", [], 1, "+1", D20_TESTS),
    c("-1", [], -1, "−1", D20_TESTS),
    c("--1", [], 1, "−−1", D20_TESTS),
    c("-+-++---+1", [], -1, "−+−++−−−+1", D20_TESTS),
    c("2 + 2", [], 4, "2 + 2", D20_TESTS),
    c("2 - 2", [], 0, "2 - 2", D20_TESTS),
    c("2 * 5", [], 10, "2 × 5", D20_TESTS),
    c("15 // 2", [], 7, "15 // 2", D20_TESTS),
    c("13 % 2", [], 1, "13 % 2", D20_TESTS),
    c("2 + 1d6", [4], 6, "2 + 4", D20_TESTS),
    c("2 * 1d6", [3], 6, "2 × 3", D20_TESTS),
    c("60 / 1d6", [5], 12, "60 / 5", D20_TESTS),
    c("60 // 1d6", [4], 15, "60 // 4", D20_TESTS),
    c("1d100 % 10", [57], 7, "57 % 10", D20_TESTS),
    c("1 == 1", [], 1, "1 = 1: sí", D20_TESTS),
    c("1 == 2", [], 0, "1 = 2: no", D20_TESTS),
    c("1 > 1", [], 0, "1 > 1: no", D20_TESTS),
    c("2 > 1", [], 1, "2 > 1: sí", D20_TESTS),
    c("1 < 1", [], 0, "1 < 1: no", D20_TESTS),
    c("1 < 2", [], 1, "1 < 2: sí", D20_TESTS),
    c("1 >= 1", [], 1, "1 ≥ 1: sí", D20_TESTS),
    c("1 >= 2", [], 0, "1 ≥ 2: no", D20_TESTS),
    c("1 <= 1", [], 1, "1 ≤ 1: sí", D20_TESTS),
    c("2 <= 1", [], 0, "2 ≤ 1: no", D20_TESTS),
    c("1 != 1", [], 0, "1 ≠ 1: no", D20_TESTS),
    c("1 != 2", [], 1, "1 ≠ 2: sí", D20_TESTS),
    c("(1, 2, 3, 4, 5)k<3", [], 3, "{1, 2, ~~3~~, ~~4~~, ~~5~~}", D20_TESTS),
    c("(1, 2, 3, 4, 5)k>3", [], 9, "{~~1~~, ~~2~~, ~~3~~, 4, 5}", D20_TESTS),
    c("(1, 2, 3, 4, 5)kl2", [], 3, "{1, 2, ~~3~~, ~~4~~, ~~5~~}", D20_TESTS),
    c("(1, 2, 3, 4, 5)kh2", [], 9, "{~~1~~, ~~2~~, ~~3~~, 4, 5}", D20_TESTS),
    c("(1, 2, 3, 4, 5)kh1kl1", [], 6, "{1, ~~2~~, ~~3~~, ~~4~~, 5}", D20_TESTS),
    c("(1, 2, 3, 4, 5)p3", [], 12, "{1, 2, ~~3~~, 4, 5}", D20_TESTS),
    c("(1, 2, 3, 4, 5)p1p2", [], 12, "{~~1~~, ~~2~~, 3, 4, 5}", D20_TESTS),
    c("(1, 2, 3, 4, 5)ph1pl1", [], 9, "{~~1~~, 2, 3, 4, ~~5~~}", D20_TESTS),
    c("1d20rr<20", [5, 20], 20, "~~5~~, 20", D20_TESTS),
    c("1d20rr>1", [7, 1], 1, "~~7~~, 1", D20_TESTS),
    c("1d1ro1", [1, 1], 1, "~~1~~, 1", D20_TESTS),
    c("1d1ra1", [1, 1], 2, "1!, 1", D20_TESTS),
    c(
        "10d6mi6",
        [1, 2, 3, 4, 5, 6, 1, 2, 3, 4],
        60,
        "1→6, 2→6, 3→6, 4→6, 5→6, 6, 1→6, 2→6, 3→6, 4→6",
        D20_TESTS,
    ),
    c("10d6mi10", [6, 6, 6, 6, 6, 6, 6, 6, 6, 6], 100, ", ".join(["6→10"] * 10), D20_TESTS),
    c(
        "10d6ma1",
        [1, 2, 3, 4, 5, 6, 1, 2, 3, 4],
        10,
        "1, 2→1, 3→1, 4→1, 5→1, 6→1, 1, 2→1, 3→1, 4→1",
        D20_TESTS,
    ),
    c("10d6ma0", TEN_ONES, 0, ", ".join(["1→0"] * 10), D20_TESTS),
    c("10d6ma5", [6, 6, 1, 1, 1, 1, 1, 1, 1, 1], 18, "6→5, 6→5, 1, 1, 1, 1, 1, 1, 1, 1", D20_TESTS),
    # --- Dice Maiden README and tests -----------------------------------------------------
    c("2d6", [3, 4], 7, "3, 4", DM_README),
    c("3d6 + 5", [1, 2, 3], 11, "(1, 2, 3) + 5", DM_README),
    c("1d20 - 2", [10], 8, "10 - 2", DM_README),
    c("2d4 * 3", [1, 4], 15, "(1, 4) × 3", DM_README),
    c("4d6 / 2", [6, 6, 2, 2], 8, "(6, 6, 2, 2) / 2", DM_README),
    c(
        "6 4d6",
        [1, 2, 3, 4, 6, 6, 6, 6, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 5, 5, 5, 5],
        (10, 24, 4, 8, 12, 20),
        "1, 2, 3, 4",
        DM_README,
    ),
    c("4d6 ! Damage roll", [1, 2, 3, 4], 10, "1, 2, 3, 4", DM_README, comment="Damage roll"),
    c("3d6 e6", [6, 2, 3, 6], 17, "6!, 2, 3, 6", DM_README),
    c("3d6 e", [6, 1, 1, 6], 14, "6!, 1, 1, 6", DM_README),
    c("3d6 ie6", [6, 1, 1, 6, 2], 16, "6!, 1, 1, 6!, 2", DM_README),
    c("3d6 ie", [6, 1, 1, 6, 6, 1], 21, "6!, 1, 1, 6!, 6!, 1", DM_README),
    c("4d6 k3", [3, 5, 6, 1], 14, "3, 5, 6, ~~1~~", DM_README),
    c("4d6 kl3", [3, 5, 6, 1], 9, "3, 5, ~~6~~, 1", DM_README),
    c("4d6 d1", [3, 5, 6, 1], 14, "3, 5, 6, ~~1~~", DM_README),
    c("4d6 r2", [2, 1, 5, 6, 4, 3], 18, "~~2~~, 4, ~~1~~, 3, 5, 6", DM_README),
    c("4d6 ir2", [2, 1, 5, 6, 1, 3, 4], 18, "~~2~~, ~~1~~, 3, ~~1~~, 4, 5, 6", DM_README),
    c("6d10 t7", [7, 3, 10, 6, 9, 1], 3, "**7**, 3, **10**, 6, **9**, 1", DM_README),
    c("5d10 t8 f1", [9, 8, 3, 1, 5], 1, "**9**, **8**, 3, 1✗, 5", DM_README),
    c("4d6 b1", [1, 3, 1, 6], 11, "1, 3, 1, 6", DM_README),
    c(
        "10d6 e6 k8 +4",
        [6, 3, 2, 1, 5, 4, 6, 6, 2, 1, 3, 4, 5],
        43,
        "(6!, 3, ~~2~~, ~~1~~, 5, 4, 6!, 6!, ~~2~~, ~~1~~, ~~3~~, 4, 5) + 4",
        DM_README,
    ),
    c("3df", [1, 2, 3], 0, "−, 0, +", DM_README),
    c("4wod8", [9, 8, 1, 3], 1, "**9**, **8**, 1✗, 3", DM_README),
    c("d5 + d6", [3, 4], 7, "3 + 4", DM_TESTS),
    c("d6", [2], 2, "2", DM_TESTS),
    c("d5 + 2d6", [5, 1, 2], 8, "5 + (1, 2)", DM_TESTS),
    c("1d5 + d6", [1, 6], 7, "1 + 6", DM_TESTS),
    c("d20 d1", [7], 0, "~~7~~", DM_TESTS),
    # --- Roll20 --------------------------------------------------------------------------
    c("d20+5", [11], 16, "11 + 5", ROLL20),
    c("3d6+2", [1, 2, 3], 8, "(1, 2, 3) + 2", ROLL20),
    c("2d6+5 + d8", [3, 4, 6], 18, "(3, 4) + 5 + 6", ROLL20),
    c(
        "2d20+5[Fire Damage] + 3d6+5[Ice Damage]",
        [10, 2, 3, 4, 5],
        34,
        "(10, 2) + 5 + (3, 4, 5) + 5",
        ROLL20,
    ),
    c("2d10+2d6[crit]+5", [3, 4, 5, 6], 23, "(3, 4) + (5, 6) + 5", ROLL20),
    c("5+3", [], 8, "5 + 3", ROLL20),
    c("8d100d3", TEN_D100, 300, "~~10~~, ~~20~~, ~~30~~, 40, 50, 60, 70, 80", ROLL20),
    c("8d100dh3", TEN_D100, 150, "10, 20, 30, 40, 50, ~~60~~, ~~70~~, ~~80~~", ROLL20),
    c("8d100kl3", TEN_D100, 60, "10, 20, 30, ~~40~~, ~~50~~, ~~60~~, ~~70~~, ~~80~~", ROLL20),
    c("4dF", [1, 2, 3, 3], 1, "−, 0, +, +", ROLL20),
    c("4dF+1", [3, 3, 3, 1], 3, "(+, +, +, −) + 1", ROLL20),
    c("floor(7/2) + 2d6", [3, 4], 10, "floor(7 / 2) + (3, 4)", ROLL20),
    c(
        "{4d6+3d8}kh1",
        [1, 2, 3, 4, 5, 6, 7],
        7,
        "{(~~1~~, ~~2~~, ~~3~~, ~~4~~) + (~~5~~, ~~6~~, 7)}",
        ROLL20,
    ),
    c("{4d6,3d8}kh1", [1, 2, 3, 4, 5, 6, 7], 18, "{~~(1, 2, 3, 4)~~, (5, 6, 7)}", ROLL20),
    c("8d100kl4", TEN_D100, 100, "10, 20, 30, 40, ~~50~~, ~~60~~, ~~70~~, ~~80~~", ROLL20_SPEC),
    c("8d100d4", TEN_D100, 260, "~~10~~, ~~20~~, ~~30~~, ~~40~~, 50, 60, 70, 80", ROLL20_SPEC),
    c("8d100dh4", TEN_D100, 100, "10, 20, 30, 40, ~~50~~, ~~60~~, ~~70~~, ~~80~~", ROLL20_SPEC),
    c("8d6s", [3, 1, 2, 6, 5, 4, 1, 2], 24, "1, 1, 2, 2, 3, 4, 5, 6", ROLL20_SPEC),
    c("8d6sd", [3, 1, 2, 6, 5, 4, 1, 2], 24, "6, 5, 4, 3, 2, 2, 1, 1", ROLL20_SPEC),
    c(
        "{3d6+3d4+5, 2d8+4}",
        [1, 2, 3, 1, 2, 3, 4, 5],
        30,
        "{(1, 2, 3) + (1, 2, 3) + 5, (4, 5) + 4}",
        ROLL20_SPEC,
    ),
    c(
        "{4d6+3d8}k4",
        [1, 2, 3, 4, 5, 6, 7],
        22,
        "{(~~1~~, ~~2~~, ~~3~~, 4) + (5, 6, 7)}",
        ROLL20_SPEC,
    ),
    c(
        "{4d6+2d8, 3d20+3, 5d10+1}d1",
        [1, 1, 1, 1, 2, 2, 10, 10, 10, 3, 3, 3, 3, 3],
        49,
        "{~~(1, 1, 1, 1) + (2, 2)~~, (10, 10, 10) + 3, (3, 3, 3, 3, 3) + 1}",
        ROLL20_SPEC,
    ),
    c(
        "{4d6+2d8, 3d20+3, 5d10+1}>40",
        [6, 6, 6, 6, 8, 8, 15, 15, 15, 1, 1, 1, 1, 1],
        2,
        "{(6, 6, 6, 6) + (8, 8), (15, 15, 15) + 3, (1, 1, 1, 1, 1) + 1}",
        ROLL20_SPEC,
    ),
    c(
        "{4d6+2d8, 3d20+3, 5d10+1}>40f<10",
        [6, 6, 6, 6, 8, 8, 15, 15, 15, 1, 1, 1, 1, 1],
        1,
        "{(6, 6, 6, 6) + (8, 8), (15, 15, 15) + 3, (1, 1, 1, 1, 1) + 1}",
        ROLL20_SPEC,
    ),
    c("2**3", [], 8, "2 ^ 3", ROLL20_SPEC),
    c("7 % 2", [], 1, "7 % 2", ROLL20_SPEC),
    c("floor(5.7)", [], 5, "floor(5,7)", ROLL20),
    c("ceil(5.1)", [], 6, "ceil(5,1)", ROLL20),
    c("round(4.4)", [], 4, "round(4,4)", ROLL20),
    c("round(4.5)", [], 5, "round(4,5)", ROLL20),
    c("abs(1 - 4)", [], 3, "abs(1 - 4)", ROLL20_SPEC),
    # --- Foundry VTT -------------------------------------------------------------------
    c("1d20rr<3", [1, 2, 5], 5, "~~1~~, ~~2~~, 5", FOUNDRY),
    c("1d20x<10kh", [3, 12], 12, "~~3!~~, 12", FOUNDRY),
    c("6d10xo10", [10, 1, 1, 1, 1, 1, 10], 25, "10!, 1, 1, 1, 1, 1, 10", FOUNDRY),
    c(
        "6d10x5=10",
        [10, 1, 1, 1, 1, 1, 10, 10, 10, 10, 10],
        65,
        "10!, 1, 1, 1, 1, 1, 10!, 10!, 10!, 10!, 10",
        FOUNDRY,
    ),
    c("6d10x2>=9", [9, 1, 1, 1, 1, 1, 10, 3], 27, "9!, 1, 1, 1, 1, 1, 10!, 3", FOUNDRY),
    c("2d20kh + 2", [5, 15], 17, "(~~5~~, 15) + 2", FOUNDRY),
    c("3d10kl", [3, 7, 5], 3, "3, ~~7~~, ~~5~~", FOUNDRY),
    c("4d6kl3", [3, 5, 6, 1], 9, "3, 5, ~~6~~, 1", FOUNDRY),
    c("2d20kl + 5", [5, 15], 10, "(5, ~~15~~) + 5", FOUNDRY),
    c("3d6d", [3, 5, 1], 8, "3, 5, ~~1~~", FOUNDRY),
    c("4d10d2", [3, 5, 1, 9], 14, "~~3~~, 5, ~~1~~, 9", FOUNDRY),
    c("3d6dh", [3, 5, 1], 4, "3, ~~5~~, 1", FOUNDRY),
    c("4d10min2", [1, 5, 2, 9], 18, "1→2, 5, 2, 9", FOUNDRY),
    c("4d10max8", [10, 9, 3, 8], 27, "10→8, 9→8, 3, 8", FOUNDRY),
    c("3d6even", [2, 3, 4], 2, "**2**, 3, **4**", FOUNDRY),
    c("3d6odd", [2, 3, 4], 1, "2, **3**, 4", FOUNDRY),
    c("3d6sf<3", [6, 3, 2], 7, "6, 3, 2✗", FOUNDRY),
    c("3d6ms10", [6, 3, 2], 1, "6, 3, 2", FOUNDRY),
    c("4df", [1, 2, 3, 3], 1, "−, 0, +, +", FOUNDRY),
    # --- RPG Sage ----------------------------------------------------------------------
    c("1d8", [5], 5, "5", SAGE),
    c("3d4", [1, 2, 3], 6, "1, 2, 3", SAGE),
    c("1d20 + 4", [10], 14, "10 + 4", SAGE),
    c("1d8 + 2", [5], 7, "5 + 2", SAGE),
    c("3d4 + 3", [1, 2, 3], 9, "(1, 2, 3) + 3", SAGE),
    c("6#3d6", [3, 4, 5] * 6, (12, 12, 12, 12, 12, 12), "3, 4, 5", SAGE),
    c("2#1d20", [5, 15], (5, 15), "5", SAGE),
    c("3#1d4 + 1", [1, 2, 3], (2, 3, 4), "1 + 1", SAGE),
    c("1d2 = 1", [1], 1, "**1**", SAGE),
    c("1d20 >= 11", [11], 1, "11 ≥ 11: sí", SAGE),
    c("1d20 + 5 < 15", [5], 1, "5 + 5 < 15: sí", SAGE),
    c("1d100 <= 25", [25], 1, "25 ≤ 25: sí", SAGE),
    c("1d20 >= 11", [10], 0, "10 ≥ 11: no", SAGE),
]

DISPUTED: list[Case] = [
    # issue 43: Foundry's «x» is «times» in other tools (``1d20x2``): the reply says it
    c(
        "5d10x10",
        [10, 1, 2, 3, 4, 10, 5],
        35,
        "10!, 1, 2, 3, 4, 10!, 5",
        FOUNDRY,
        "explota sin fin con 10, la x de Foundry; multiplicar es `*`",
    ),
    # issue 43: words that cannot be dice after the expression are its motivo, said so
    c("1d20 I rolled a d20", [13], 13, "13", D20_README, MOTIVO, "I rolled a d20"),
    c("1d20+5 Roll for Initiative", [9], 14, "9 + 5", ROLL20, MOTIVO, "Roll for Initiative"),
    c("1d20 + 4 attack", [10], 14, "10 + 4", SAGE, MOTIVO, "attack"),
    # issue 43: a bare «k» is «the highest» in Foundry; avrae/d20 wants a number (docs promise)
    c("3d10k", [3, 7, 5], 7, "~~3~~, 7, ~~5~~", FOUNDRY, "el mayor"),
    # avrae/d20 keeps the dice *showing* 3; Roll20, Foundry and Dice Maiden the 3 highest
    c("4d6k3", [3, 5, 6, 1], 14, "3, 5, 6, ~~1~~", FOUNDRY, "los 3 mayores"),
    c(
        "8d100k4",
        TEN_D100,
        260,
        "~~10~~, ~~20~~, ~~30~~, ~~40~~, 50, 60, 70, 80",
        ROLL20,
        "los 4 mayores",
    ),
    c("(1, 2, 3, 4, 5)k3", [], 12, "{~~1~~, ~~2~~, 3, 4, 5}", D20_TESTS, "los 3 mayores"),
    c("(1)k1", [], 1, "{1}", D20_TESTS, "el mayor"),
    # avrae/d20 explodes without end on the face; Dice Maiden once, on that face or more
    c("1d6e6", [6, 6], 12, "6!, 6", D20_README, "explota una vez con 6"),
    c(
        "4d6e6kh3",
        [1, 5, 6, 6, 2, 3],
        17,
        "~~1~~, 5, 6!, 6!, ~~2~~, ~~3~~",
        D20_README,
        "explota una vez con 6",
    ),
    c("1d2e2", [2, 2], 4, "2!, 2", D20_TESTS, "explota una vez con 2"),
    # d% is a tens die (0–90) for avrae/d20; a d100 for everyone else
    c("d%", [87], 87, "87", ROLL20, "d100 (1 a 100)"),
    c("1d%", [40], 40, "40", D20_TESTS, "d100 (1 a 100)"),
    # avrae/d20 rerolls «less than 3»; Roll20 reads <3 as «3 or less»
    c("2d6ro<3", [1, 3, 6], 9, "~~1~~, 6, 3", D20_README, "repite una vez los 1 y 2"),
    c("2d10ro<2", [1, 2, 5], 7, "~~1~~, 5, 2", ROLL20, "repite una vez los 1"),
    # Roll20 rerolls until the die stops matching; Foundry and Dice Maiden once
    c("1d10r1", [1, 1], 1, "~~1~~, 1", FOUNDRY, "repite una vez los 1"),
    c("1d20r<10", [3, 4], 4, "~~3~~, 4", FOUNDRY, "repite una vez los <10"),
    c("2d8r<2", [1, 1, 5, 6], 11, "~~1~~, 5, ~~1~~, 6", ROLL20, "repite una vez los 1"),
    c(
        "8d6r2r4r6",
        [2, 1, 1, 1, 1, 1, 1, 1, 4],
        11,
        "~~2~~, 4, 1, 1, 1, 1, 1, 1, 1",
        ROLL20_SPEC,
        "repite una vez los 2, 4 y 6",
    ),
    # Roll20 counts successes per die; avrae/d20 and RPG Sage compare the total
    c("3d6>3", [4, 1, 6], 2, "**4**, 1, **6**", ROLL20, "cuenta los dados ≥3"),
    c(
        "10d6<4",
        [1, 2, 3, 4, 5, 6, 1, 2, 3, 4],
        8,
        "**1**, **2**, **3**, **4**, 5, 6, **1**, **2**, **3**, **4**",
        ROLL20,
        "cuenta los dados ≤4",
    ),
    c("3d6>3f1", [4, 1, 6], 1, "**4**, 1✗, **6**", ROLL20_SPEC, "cuenta los dados ≥3"),
    c("1d20 > 10", [10], 1, "**10**", SAGE, "cuenta los dados ≥10"),
    # Foundry counts successes with cs/cf; Roll20 only colours criticals with them
    c("1d20cs>10", [15], 1, "**15**", ROLL20, "cuenta como éxito >10"),
    c(
        "10d20cs20",
        [20, 1, 20, 5, 6, 7, 8, 9, 10, 11],
        2,
        "**20**, 1, **20**, 5, 6, 7, 8, 9, 10, 11",
        FOUNDRY,
        "cuenta como éxito 20",
    ),
    c(
        "6d10cs>=6",
        [6, 5, 10, 1, 7, 2],
        3,
        "**6**, 5, **10**, 1, **7**, 2",
        FOUNDRY,
        "cuenta como éxito ≥6",
    ),
    c("1d100cs<=20", [20], 1, "**20**", FOUNDRY, "cuenta como éxito ≤20"),
    c(
        "5d10cs>=6df=1",
        [6, 3, 2, 1, 9],
        1,
        "**6**, 3, 2, 1✗, **9**",
        FOUNDRY,
        "cuenta como éxito ≥6",
    ),
    c(
        "10d20cf>10",
        [11, 1, 1, 1, 1, 1, 1, 1, 1, 20],
        2,
        "**11**, 1, 1, 1, 1, 1, 1, 1, 1, **20**",
        FOUNDRY,
        "cuenta los fallos: >10",
    ),
    # avrae/d20 drops the decimals; Roll20 and Foundry keep them
    c("15 / 2", [], 7, "15 / 2", D20_TESTS, "sin decimales: 7,5 → 7"),
    c("1.5", [], 1, "1,5", D20_TESTS, "sin decimales: 1,5 → 1"),
    # Dice Maiden and RPG Sage: advantage; avrae/d20 and Roll20: one d20 (with its sign)
    c("+d20", [3, 17], 17, "~~3~~, 17", DM_README, "ventaja: el mayor de 2d20"),
    c("-d20", [3, 17], 3, "3, ~~17~~", DM_README, "desventaja: el menor de 2d20"),
    c(
        "+d%",
        [3, 8, 5],
        25,
        "((3, ~~8~~) - 1) × 10 + 5",
        DM_README,
        "ventaja en d100: de dos decenas, la menor",
    ),
    c(
        "+2d20",
        [3, 17],
        20,
        "+(3, 17)",
        SAGE,
        "la suma de los dados (la ventaja se escribe `+d20`)",
    ),
    # Roll20 explodes on «!»; Dice Maiden reads any «!» as the start of a comment
    c("3d6!", [6, 2, 6, 3, 4], 21, "6!, 2, 6!, 3, 4", ROLL20, "explota con 6"),
    c("3d6!>4", [5, 2, 6, 3, 4, 1], 21, "5!, 2, 6!, 3, 4!, 1", ROLL20, "explota con 4, 5 o 6"),
    c("3d6!3", [3, 1, 2, 3, 5], 14, "3!, 1, 2, 3!, 5", ROLL20, "explota con 3"),
    c("10d6!", [6, *[1] * 9, 2], 17, "6!, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2", ROLL20, "explota con 6"),
    c(
        "5d6!!",
        [6, 1, 2, 3, 4, 6, 5],
        27,
        "6+6+5, 1, 2, 3, 4",
        ROLL20,
        "explota con 6 en el mismo dado",
    ),
    c(
        "{5d6!!}>8",
        [6, 3, 2, 1, 5, 4],
        1,
        "{**6+4**, 3, 2, 1, 5}",
        ROLL20,
        "explota con 6 en el mismo dado",
    ),
    c(
        "5d6!p",
        [6, 5, 1, 1, 1, 2],
        15,
        "6!, 5, 1, 1, 1, 2−1",
        ROLL20,
        "explota con 6, un punto menos cada vez",
    ),
    c("3d6!>5", [5, 6, 1, 2, 3], 17, "5!, 6!, 1, 2, 3", ROLL20_SPEC, "explota con 5 o 6"),
    c(
        "5d6!!5",
        [5, 1, 2, 3, 4, 6],
        21,
        "5+6, 1, 2, 3, 4",
        ROLL20_SPEC,
        "explota con 5 en el mismo dado",
    ),
    c(
        "5d6!p>5",
        [5, 6, 1, 1, 1, 6, 2, 3],
        22,
        "5!, 6!, 1, 1, 1, 6−1!, 2−1, 3−1",
        ROLL20_SPEC,
        "explota con 5 o 6, un punto menos cada vez",
    ),
    c("{2d6!}>4", [6, 3, 2], 1, "{**6!**, 3, 2}", ROLL20_SPEC, "explota con 6"),
    c("{2d6!}>4f1", [6, 1, 5], 1, "{**6!**, 1✗, **5**}", ROLL20_SPEC, "explota con 6"),
    # Dice Maiden applies modifiers at the very end to every dice term
    c(
        "1d6 + 2d8 d1",
        [4, 2, 7],
        11,
        "4 + (~~2~~, 7)",
        DM_TESTS,
        "d1 solo para 2d8, no para cada dado",
    ),
    c("2d%", [45, 80], 125, "45, 80", DM_README, "d100 (1 a 100)"),
]

#: Forms Umbral refuses, with the suggestion the refusal makes.
REFUSED: list[tuple[str, str | None, str]] = [
    ("{3d6+1}<3", "3d6<2", ROLL20),
    ("{3d20+5}>21", "3d20>16", ROLL20_SPEC),
    ("1001d6", "200d6", D20_TESTS),
    ("6d0", None, D20_TESTS),
    ("10 / 0", None, D20_TESTS),
    ("1d20rr<21", "1d20ro<21", D20_TESTS),
    ("1d1rr1", "1d1ro1", D20_TESTS),
    ("1d20e<21", None, D20_TESTS),
    ("()", None, D20_README),
]
