"""Service lifetimes beyond close(): garbage collection and interpreter exit."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import wait_until
from support import Services

pytestmark = pytest.mark.usefixtures("library")

TESTS = Path(__file__).resolve().parent


def test_an_unclosed_service_is_freed_by_garbage_collection():
    built = Services()
    tables = built.tables()
    del built
    gc.collect()
    assert wait_until(lambda: [table.releases for table in tables] == [1, 1, 1, 1])


def test_exit_with_open_services_and_a_command_in_flight_cancels_it_cleanly():
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = [{str(TESTS.parent)!r}, {str(TESTS)!r}]
        import gemstone
        from support import Parked, Services, memory_alert_table
        parked = Parked()
        built = Services(store=memory_alert_table(get_price_alerts=parked.park))
        with built.alerts._use() as handle:
            gemstone.calls.start(gemstone.lib().gem_price_alert_service_get_price_alerts,
                                 (gemstone.abi.ctypes.c_void_p(handle), None),
                                 lambda status, payload: print("done", status, payload.decode(), flush=True))
        assert parked.arrived.wait(10)
        print("exiting", flush=True)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "exiting"
    assert lines[1].startswith("done -2 ") and '"type":"cancelled"' in lines[1], lines


def test_close_all_closes_the_service_objects_too():
    import gemstone

    built = Services()
    gemstone.close_all()
    assert built.alerts.closed and built.preferences.closed
    with pytest.raises(gemstone.InvalidArgument, match="closed"):
        built.alerts.is_enabled()
    assert wait_until(lambda: [table.releases for table in built.tables()] == [1, 1, 1, 1])
    again = Services()  # the library stays usable
    assert again.alerts.is_enabled() is False
    again.close()
