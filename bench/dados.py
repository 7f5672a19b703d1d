"""What one ``/tirar`` roll step costs, against avrae/d20's ``d20.roll()`` (issue 35).

For each expression both read alike: Umbral's roll step (``parse``, which its LRU answers
after the first time, and ``roll`` with a :class:`~umbral_rules.RandomDice`) against
``d20.roll()`` with d20's own parse cache warm; then the same with the reply's text
(``Rolled.line`` against ``str()`` of d20's result), and what the bot did before issue 35 (a
new ``d20.Roller`` for every roll, so its cache never served). Target: the roll step at most
1.5 times ``d20.roll()``. In process, one thread; the median of ``runs`` rounds.

    python bench/dados.py            # 5 rounds of 2,000 rolls per expression
    python bench/dados.py --quick    # 2 rounds of 200
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/dados.py` from anywhere
    sys.path.insert(0, str(ROOT))

#: Expressions avrae/d20 and Umbral read alike (tests/tirar/corpus.py), small to large.
EXPRESSIONS = (
    "1d20+5",
    "2d20kl1+3",
    "4d6kh3",
    "3d6 + 1d4 + 3",
    "8d6mi2",
    "10d6ma5",
    "(1d4 + 1, 3, 2d6kl1)kh1",
    "4*(3d8kh2+9+(9d2+3)/2)",
)
TARGET = 1.5


Steps = dict[str, tuple[Callable[[], object], int]]


def _rounds(steps: Steps, runs: int) -> dict[str, list[float]]:
    """µs per call of each step, round after round: the steps take turns within a round,
    so a busy moment of the machine falls on all of them alike."""
    out: dict[str, list[float]] = {key: [] for key in steps}
    for _ in range(runs):
        for key, (step, n) in steps.items():
            start = time.perf_counter()
            for _ in range(n):
                step()
            out[key].append((time.perf_counter() - start) / n * 1e6)
    return out


def measure(n: int = 2000, runs: int = 5) -> dict[str, Any]:
    import d20

    from umbral_rules import RandomDice
    from umbral_rules.roller import parse, roll

    dice = RandomDice(12)
    rows: dict[str, Any] = {}
    for expr in EXPRESSIONS:
        d20.roll(expr)  # d20's cache warm
        roll(parse(expr), dice)  # ours too

        def old(expr: str = expr) -> object:
            return d20.Roller(d20.RollContext(max_rolls=200)).roll(expr).total

        figures = _rounds(
            {
                "umbral": (lambda e=expr: roll(parse(e), dice), n),
                "d20": (lambda e=expr: d20.roll(e), n),
                "umbral_texto": (lambda e=expr: roll(parse(e), dice)[0].line, n),
                "d20_texto": (lambda e=expr: str(d20.roll(e)), n),
                "antes": (old, max(1, n // 10)),
            },
            runs,
        )
        row = {key: statistics.median(values) for key, values in figures.items()}
        row["ratio"] = row["umbral"] / row["d20"]
        row["ratio_texto"] = row["umbral_texto"] / row["d20_texto"]
        row["rounds"] = figures
        rows[expr] = row
    worst = max(row["ratio"] for row in rows.values())
    return {
        "n": n,
        "runs": runs,
        "expressions": rows,
        "worst_ratio": worst,
        "target": {"limit": TARGET, "value": worst, "met": worst <= TARGET},
    }


def table(result: dict[str, Any]) -> str:
    lines = [
        "| expresión | Umbral µs | d20.roll() µs | ÷ | con texto µs | d20 str() µs | ÷ "
        "| antes µs |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for expr, r in result["expressions"].items():
        lines.append(
            f"| `{expr}` | {r['umbral']:.1f} | {r['d20']:.1f} | {r['ratio']:.2f} | "
            f"{r['umbral_texto']:.1f} | {r['d20_texto']:.1f} | {r['ratio_texto']:.2f} | "
            f"{r['antes']:.0f} |"
        )
    met = "cumple" if result["target"]["met"] else "NO cumple"
    lines.append(f"\npeor ÷: {result['worst_ratio']:.2f} (objetivo ≤ {TARGET}: {met})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from bench.script import script_main

    return script_main(
        argv,
        __doc__ or "",
        "2 rondas de 200 tiradas",
        lambda quick, _: measure(200, 2) if quick else measure(),
        table,
    )


if __name__ == "__main__":
    raise SystemExit(main())
