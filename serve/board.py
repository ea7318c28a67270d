"""The latest live view, shared between the watcher that publishes it and the server threads that show it."""

from __future__ import annotations

import threading
from dataclasses import replace

from serve.view import LiveView


class LiveBoard:
    """Holds the view the pages show. A published view gets the next version only when it shows something else
    than the current one, so a sync that changed nothing sends no phone a refresh."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._view: LiveView | None = None
        self._version = 0

    def publish(self, view: LiveView) -> LiveView:
        """Show `view` from now on (its `version` is set here); returns the view as held."""
        with self._changed:
            if self._view is not None and replace(view, version=self._view.version) == self._view:
                return self._view
            self._version += 1
            self._view = replace(view, version=self._version)
            self._changed.notify_all()
            return self._view

    def current(self) -> LiveView | None:
        """The view shown now; None before the first publish."""
        with self._changed:
            return self._view

    def wait_newer(self, version: int, timeout: float) -> LiveView | None:
        """The current view once its version differs from `version` (a view the caller has not shown yet), waiting
        at most `timeout` seconds; None if none came by then or `wake` was called first."""
        with self._changed:
            if not self._newer(version):
                self._changed.wait(timeout)
            return self._view if self._newer(version) else None

    def wake(self) -> None:
        """Wake every waiter (a server stopping), which then finds nothing newer."""
        with self._changed:
            self._changed.notify_all()

    def _newer(self, version: int) -> bool:
        return self._view is not None and self._view.version != version
