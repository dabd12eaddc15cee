"""Costs of crossing into libgemstone from Python, printed with the same work done in Python alone.

    python3 bindings/python/bench/bench_calls.py

- is_enabled: one sync ABI call that calls the SYNC preferences port (a Python dict) once.
- get_price_alerts(500): one async command whose store port answers 500 alerts from Python;
  the core parses them and answers a list the binding reads into dataclasses. Blocking and asyncio.
- the same command with the port answering prepared bytes and the answer left as parsed JSON, for
  0 and 500 alerts: the thread hops alone, and the core's share of the 500-alert round trip.
Baselines: the port's Python work alone (dict lookup; json.dumps + json.loads + dataclasses).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests")]

from gemstone import PriceAlert, calls, deferred  # noqa: E402
from support import Services, memory_alert_table  # noqa: E402


def per_call(function, repeat: int) -> float:
    function()
    started = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - started) / repeat


def main() -> None:
    alerts = [{"id": f"bitcoin:USD:{price}::up", "asset_id": "bitcoin", "currency": "USD", "price": price,
               "price_direction": "up"} for price in range(1, 501)]
    with Services(store=memory_alert_table(alerts)) as built:
        service = built.alerts
        values = built.preferences_store.values

        crossing = per_call(service.is_enabled, 20000)
        direct = per_call(lambda: values.get("price_alerts_enabled") == "true", 20000)
        print(f"is_enabled            {crossing * 1e6:9.1f} us   python alone {direct * 1e6:7.2f} us   "
              f"ratio {crossing / direct:8.1f}")

        def python_alone():
            data = json.dumps(alerts).encode()
            return [PriceAlert.from_json(item) for item in json.loads(data)]

        baseline = per_call(python_alone, 200)
        blocking = per_call(lambda: service.get_price_alerts(), 200)
        print(f"get_price_alerts(500) {blocking * 1e6:9.1f} us   python alone {baseline * 1e6:7.1f} us   "
              f"ratio {blocking / baseline:8.2f}   (blocking)")

        async def many(count: int) -> float:
            await service.get_price_alerts_async()
            started = time.perf_counter()
            for _ in range(count):
                await service.get_price_alerts_async()
            return (time.perf_counter() - started) / count

        awaited = asyncio.run(many(200))
        print(f"get_price_alerts(500) {awaited * 1e6:9.1f} us   python alone {baseline * 1e6:7.1f} us   "
              f"ratio {awaited / baseline:8.2f}   (asyncio)")

    for count in (0, 500):
        prepared = json.dumps(alerts[:count]).encode()

        @deferred
        def answer(args, call, prepared=prepared):
            call.ok_bytes(prepared)

        with Services(store=memory_alert_table(get_price_alerts=answer)) as built:
            begin = built.alerts._begin("gem_price_alert_service_get_price_alerts", (None,))
            seconds = per_call(lambda: calls.run_blocking(begin, lambda value: value), 200)
            print(f"get_price_alerts({count:3}) {seconds * 1e6:9.1f} us   prepared bytes in, parsed JSON out")


if __name__ == "__main__":
    main()
