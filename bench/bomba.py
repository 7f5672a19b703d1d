"""Issue 43's saved-roll bomb, wall-clock: how long refusing it takes, and the most a roll
within the roller's bounds costs, on the loop and off it (``bench/README.md``, issue 43).

No database nor bot: the roller's own calls as the commands make them — ``check_saved`` as
``/dados guardar`` and ``/ficha importar`` (``check_entries``) check a saved roll, and
``roll_asked`` as ``/tirar`` rolls (parse with the saved rolls, roll, the reply's embed). For
each, the best and the worst of ``runs`` (the first run reads the saved texts cold). Then the
worst roll once on the event loop and once through :func:`bot.offloop.off_loop`, with a 1 ms
ticker on the loop: the longest the loop went without a tick is what another player's
``/tirar 1d6`` would have waited.

    python bench/bomba.py            # 5 runs of each
    python bench/bomba.py --runs 2
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/bomba.py` from anywhere
    sys.path.insert(0, str(ROOT))

from bot.features.dados.service import check_entries  # noqa: E402
from bot.features.tirar.asked import Asked  # noqa: E402
from bot.features.tirar.rolling import roll_asked  # noqa: E402
from bot.offloop import off_loop  # noqa: E402
from bot.sheetfiles import SavedRollEntry  # noqa: E402
from umbral_rules import RandomDice, UmbralError  # noqa: E402
from umbral_rules.roller.saved import Shelf, check_saved  # noqa: E402

ZA, ZB, ZC = "1", "+".join(["za"] * 67), "+".join(["zb"] * 67)
ZD = "+".join(["zc"] * 67)
CHAIN = [("za", ZA), ("zb", ZB), ("zc", ZC)]
#: Rolls within the bounds, each 12 rolls of an expression near 1,000 terms (or 200 dice).
CIEN = "+".join(["1"] * 100)
FRACCION = "+".join(["1/(999983)**64"] * 13)
WORST = {
    "12 × 999 términos (sumas)": [("cien", CIEN), ("grande", "+".join(["cien"] * 5))],
    "12 × 935 términos (fracciones de 384 cifras)": [
        ("f", FRACCION),
        ("grande", "+".join(["f"] * 12)),
    ],
    "12 × 200 dados en grupos": [
        ("d", "{" + ",".join(["1d6"] * 20) + "}kh5"),
        ("grande", "+".join(["d"] * 10)),
    ],
}


def timed(call: Callable[[], object], runs: int) -> tuple[float, float, str]:
    """Best and worst ms of ``runs`` calls, and how the last one ended."""
    out: list[float] = []
    said = "ok"
    for _ in range(runs):
        start = time.perf_counter()
        try:
            call()
        except UmbralError as error:
            said = str(error)[:90]
        out.append((time.perf_counter() - start) * 1000)
    return min(out), max(out), said


def tirar(text: str, own: list[tuple[str, str]]) -> Callable[[], object]:
    asked = Asked(expresion=text)
    return lambda: roll_asked(asked, RandomDice(), "bench", Shelf(own))


async def loop_gap(call: Callable[[], object], off: bool) -> tuple[float, float]:
    """The call's ms, and the longest ms the loop went without ticking meanwhile."""
    gaps: list[float] = []

    async def ticker() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    gaps.clear()
    start = time.perf_counter()
    if off:
        await off_loop(call)
    else:
        call()
        await asyncio.sleep(0.002)  # the ticker's late tick is counted
    took = (time.perf_counter() - start) * 1000
    task.cancel()
    return took, max(gaps) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print("| qué | mejor ms | peor ms | respuesta |\n| --- | --- | --- | --- |")
    rows: list[tuple[str, Callable[[], object]]] = [
        ("/dados guardar zc (67 × zb)", lambda: check_saved("zc", ZC, CHAIN[:2])),
        ("/dados guardar zd (67 × zc, zc ya guardada)", lambda: check_saved("zd", ZD, CHAIN)),
        ("/tirar 67 × zc (zc guardada antes)", tirar("+".join(["zc"] * 67), CHAIN)),
        (
            "/ficha importar za, zb, zc, zd",
            lambda: check_entries(
                [SavedRollEntry(nombre=n, expresion=e) for n, e in [*CHAIN, ("zd", ZD)]],
                [*CHAIN, ("zd", ZD)],
                [],
            ),
        ),
    ]
    rows += [
        (f"/tirar «6 grande; 6 grande»: {k}", tirar("6 grande; 6 grande", v))
        for k, v in WORST.items()
    ]
    for label, call in rows:
        best, worst, said = timed(call, runs)
        print(f"| {label} | {best:.1f} | {worst:.1f} | {said} |")
    worst_label = max(WORST, key=lambda k: timed(tirar("6 grande; 6 grande", WORST[k]), 1)[0])
    call = tirar("6 grande; 6 grande", WORST[worst_label])
    print(f"\nLa más cara: {worst_label}.\n\n| dónde | ms | el bucle sin atender, ms |")
    print("| --- | --- | --- |")
    for off in (False, True):
        took, gap = asyncio.run(loop_gap(call, off))
        where = "fuera del bucle (off_loop)" if off else "en el bucle"
        print(f"| {where} | {took:.1f} | {gap:.1f} |")


if __name__ == "__main__":
    main()
