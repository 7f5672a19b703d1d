"""Every test runs against the strict console Discord: at its end, any request Discord would
refuse as invalid, any interaction left unanswered or answered after slow work fails it.

``@pytest.mark.lenient_discord(*kinds, reason="…")`` is the one way out, for a test whose bot
behaviour is known to break a rule (kinds: ``"invalid"``, ``"late"``, ``"unanswered"``; none
means all), with the reason (the issue that fixes it). Its fakes then do not look for those
faults at all (bad bodies accepted, nothing noted or printed), as before the fake was strict.
Remove the marker with the fix.

The loop's own time, which the console's Discord reads for its 3 seconds before an
interaction's first response (``FakeDiscord.monotonic``), stands still in every test
(:class:`tests.loopcheck.LoopTime`): a test of those 3 seconds moves it by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.console import strict
from bot.console.transport import FakeDiscord
from tests.loopcheck import LoopTime

KINDS = {"invalid", "late", "unanswered"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "lenient_discord(*kinds, reason): tolerate these strict-Discord faults of the bot "
        "(invalid, late, unanswered) in this test, until the bot is fixed",
    )


@pytest.fixture(autouse=True)
def strict_discord(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[FakeDiscord]]:
    """The fakes the test made (a test that makes faults on purpose clears their notices)."""
    made: list[FakeDiscord] = []
    original = FakeDiscord.__init__
    tolerated: set[str] = set()
    marker = request.node.get_closest_marker("lenient_discord")
    if marker is not None:
        if not marker.kwargs.get("reason"):
            pytest.fail("lenient_discord needs reason=…")
        tolerated = set(marker.args) or KINDS
        if not tolerated <= KINDS:
            pytest.fail(f"lenient_discord kinds are {sorted(KINDS)}")

    def init(self: FakeDiscord, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.gate.tolerated = frozenset(tolerated)
        # Discord's 3 seconds on the loop's own time: standing still unless a test moves it
        # (a loaded machine never makes a test late)
        self.monotonic = LoopTime()
        made.append(self)

    monkeypatch.setattr(FakeDiscord, "__init__", init)
    monkeypatch.setattr(strict, "CROSS_CHECK", True)  # both validators on every body
    strict.DISAGREEMENTS.clear()
    yield made
    if strict.DISAGREEMENTS:
        pytest.fail("The two validators disagree:\n" + "\n".join(strict.DISAGREEMENTS))
    faults = [
        n.line for fake in made for n in fake.gate.notices if n.counts and n.kind not in tolerated
    ]
    if faults:
        pytest.fail("Discord would refuse this:\n" + "\n".join(faults), pytrace=False)
