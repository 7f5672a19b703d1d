"""The benchmark's reading of the host's steal time (``/proc/stat``), on forged readings."""

from __future__ import annotations

import pytest

from bench import measure
from bench.measure import StallMeter, cpu_jiffies


def test_steal_is_the_hosts_share_of_the_cpu_time_between_two_readings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    readings = iter([(10, 1000), (40, 1200), (40, 1300), (40, 1300)])
    monkeypatch.setattr(measure, "cpu_jiffies", lambda: next(readings))
    meter = StallMeter()
    assert meter.take_steal() == pytest.approx(15.0)  # 30 of 200 jiffies
    assert meter.take_steal() == 0.0  # none taken in the next 100
    assert meter.take_steal() == 0.0  # shorter than a tick: nothing counted


def test_no_reading_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(measure, "cpu_jiffies", lambda: None)
    assert StallMeter().take_steal() is None


def test_the_reading_comes_from_proc_stat_where_there_is_one() -> None:
    reading = cpu_jiffies()
    try:
        with open("/proc/stat", encoding="ascii"):
            pass
    except OSError:
        assert reading is None
        return
    assert reading is not None
    steal, total = reading
    assert 0 <= steal <= total
