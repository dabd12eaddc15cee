"""A notification-permission port with a fixed answer."""

from __future__ import annotations

import threading

from .ports import NotificationPermissions


class FixedPermissions(NotificationPermissions):
    """Answers every permission request with `granted`; counts the requests in ``asked``."""

    def __init__(self, granted: bool) -> None:
        self.granted = bool(granted)
        self.asked = 0
        self._lock = threading.Lock()

    def request(self) -> bool:
        with self._lock:
            self.asked += 1
        return self.granted
