"""One daemon thread that owns an engine's thread-bound objects and runs calls for any
thread, in order.

A browser's pipe carries one conversation at a time. Running every browser call on the
browser's own thread lets any thread use it (calls are serialised) and lets the start run in
the background while the caller goes on (``submit``). A daemon thread with its
own queue (not a ``ThreadPoolExecutor``, which refuses work once the interpreter begins to
shut down) so ``atexit`` handlers can still close the browser through it.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


class EngineThread:
    def __init__(self, name: str) -> None:
        self._name = name
        self._queue: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None] = (
            queue.SimpleQueue())
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def ident(self) -> int | None:
        return self._thread.ident if self._thread is not None else None

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self, jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None]
             ) -> None:
        while True:
            item = jobs.get()
            if item is None:
                return
            fn, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as exc:  # handed to the caller, who re-raises it
                future.set_exception(exc)

    def submit(self, fn: Callable[[], T]) -> Future[T]:
        """Queue ``fn`` for the engine thread (started on first use); its future."""
        future: Future[T] = Future()
        with self._lock:  # the queue and its thread change together (``abandon``, ``stop``)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, args=(self._queue,),
                                                name=self._name, daemon=True)
                self._thread.start()
            self._queue.put((fn, future))
        return future

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the engine thread and return its result (or raise its error); run
        it directly when already there (a call from inside a call)."""
        if threading.get_ident() == self.ident:
            return fn()
        return self.submit(fn).result()

    def stop(self) -> None:
        """End the thread once it has run what is queued (an engine closed for good)."""
        with self._lock:
            if self._thread is not None:
                self._queue.put(None)
                self._queue = queue.SimpleQueue()
                self._thread = None

    def abandon(self) -> None:
        """Give up the current thread (stuck in a call that may never return): it ends if
        that call ever returns; the next ``submit`` starts a new thread with a new queue."""
        with self._lock:
            self._queue.put(None)
            self._queue = queue.SimpleQueue()
            self._thread = None
