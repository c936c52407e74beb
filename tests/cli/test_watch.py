"""`check --watch` for real: the CLI in a subprocess on a temporary project, files saved under it."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Project, interruptible, paste

TYPE_EQUIV = Path(sys.executable).parent / "type-equiv"
SOURCE = "class Point:\n    x: int\n    y: int\n"
CLEAN = paste(SOURCE)
DRIFTED = paste(SOURCE.replace("y: int", "y: str"))


def tree(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/shapes.py", SOURCE)
    project.write("docs/shapes.md", CLEAN)
    project.write("README.md", "# readme\n")
    project.manifest([{"symbol": "pkg.shapes.Point", "docs": ["docs/shapes.md"]}], source=["src"])


class Watching:
    """A running `type-equiv check --watch` and everything it has printed so far."""

    def __init__(self, project: Project, *, tty: bool) -> None:
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        command = [str(TYPE_EQUIV), "check", "--watch", "--root", str(project.root)]
        self.text = ""
        self.lock = threading.Lock()
        if tty:
            controller, terminal = pty.openpty()
            self.process = subprocess.Popen(command, stdout=terminal, stderr=subprocess.PIPE,
                                            env={**env, "TERM": "xterm-256color"}, preexec_fn=interruptible)
            os.close(terminal)
            read: Callable[[], bytes] = lambda: os.read(controller, 4096)  # noqa: E731
        else:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                            preexec_fn=interruptible)
            assert self.process.stdout is not None
            stdout = self.process.stdout
            read = lambda: os.read(stdout.fileno(), 4096)  # noqa: E731
        threading.Thread(target=self._pump, args=(read,), daemon=True).start()

    def _pump(self, read: Callable[[], bytes]) -> None:
        while True:
            try:
                chunk = read()
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.text += chunk.decode(errors="replace")

    def wait_for(self, predicate: Callable[[str], bool], timeout: float = 30.0,
                 nudge: Callable[[], None] | None = None) -> str:
        """Wait until the output satisfies `predicate`; `nudge` repeats a save while it does not.

        The watcher starts after the first run is drawn, so a save made right then can be missed: a
        person would simply save again, and so does the test.
        """
        deadline = time.monotonic() + timeout
        last_nudge = 0.0
        while time.monotonic() < deadline:
            with self.lock:
                if predicate(self.text):
                    return self.text
            if nudge is not None and time.monotonic() - last_nudge > 2.0:
                nudge()
                last_nudge = time.monotonic()
            time.sleep(0.05)
        raise AssertionError(f"timed out; output so far:\n{self.text!r}")

    def interrupt(self) -> int:
        """Ctrl-C, as a person ends the watch."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=30)


def save(path: Path, text: str) -> Callable[[], None]:
    def write() -> None:
        path.write_text(text, encoding="utf-8")
    return write


@pytest.mark.slow  # a watcher process waiting on saves (~5 s of waiting)
def test_watch_reruns_on_each_save_and_ctrl_c_exits_0(project: Project) -> None:
    tree(project)
    watching = Watching(project, tty=False)
    try:
        watching.wait_for(lambda out: "type-equiv: ok (1 symbol, 1 paste" in out)
        doc = project.root / "docs/shapes.md"
        out = watching.wait_for(lambda out: "type-equiv: 1 error," in out, nudge=save(doc, DRIFTED))
        separator = next(line for line in out.splitlines() if line.startswith("----- type-equiv --watch"))
        assert separator.endswith(": docs/shapes.md changed -----")
        assert "docs/shapes.md:8: error: TE001 [drift] pkg.shapes.Point: field `y` differs" in out
        assert "\x1b[" not in out  # a pipe: separators, no screen control, no colour

        (project.root / "README.md").write_text("# not read by the check\n")
        source = project.root / "src/pkg/shapes.py"
        out = watching.wait_for(lambda out: "y: bytes" in out,
                                nudge=save(source, SOURCE.replace("y: int", "y: bytes")))
        last = out[out.rindex("----- type-equiv --watch"):]
        assert "src/pkg/shapes.py" in last.splitlines()[0]
        assert last.rstrip().splitlines()[-1] == "type-equiv: 1 error, 0 infos (1 symbol, 1 paste)"
        assert "README.md" not in out  # not a file the check reads: no re-run

        def fix_both() -> None:
            save(source, SOURCE)()
            save(doc, CLEAN)()

        watching.wait_for(lambda out: out.rstrip().endswith("no findings)"), nudge=fix_both)
    finally:
        code = watching.interrupt()
    assert code == 0
    assert watching.process.stderr is not None
    assert "Traceback" not in watching.process.stderr.read().decode()


@pytest.mark.slow  # a watcher process on a terminal waiting on saves (~5 s of waiting)
def test_watch_redraws_one_screen_on_a_terminal(project: Project) -> None:
    tree(project)
    watching = Watching(project, tty=True)
    clear = "\x1b[H\x1b[2J"
    try:
        watching.wait_for(lambda out: out.startswith(clear) and "no findings" in out)
        doc = project.root / "docs/shapes.md"
        out = watching.wait_for(lambda out: "field `y` differs" in out, nudge=save(doc, DRIFTED))
        screen = out[out.rindex(clear):]  # what the person sees now: one run, from a cleared screen
        assert "field `y` differs" in screen and "no findings" not in screen
        assert "----- type-equiv --watch" not in out
    finally:
        code = watching.interrupt()
    assert code == 0


@pytest.mark.slow  # three rounds of a real watcher noticing a change
def test_watch_follows_the_manifest(project: Project) -> None:
    """A row added to the manifest is checked at once and its doc, in a new folder, watched from then on."""
    tree(project)
    watching = Watching(project, tty=False)
    try:
        watching.wait_for(lambda out: "(1 symbol, 1 paste" in out)
        project.write("guide/more.md", CLEAN)
        manifest = project.root / "manifest/type-equiv.manifest.json"
        text = manifest.read_text().replace('"docs/shapes.md"', '"docs/shapes.md", "guide/more.md"')
        assert text != manifest.read_text()
        watching.wait_for(lambda out: "(1 symbol, 2 pastes" in out, nudge=save(manifest, text))
        more = project.root / "guide/more.md"
        out = watching.wait_for(lambda out: "guide/more.md:8: error: TE001 [drift]" in out,
                                nudge=save(more, DRIFTED))
        assert "guide/more.md changed" in out
    finally:
        code = watching.interrupt()
    assert code == 0


def test_watch_is_for_a_person(project: Project) -> None:
    tree(project)
    run = project.check("--watch", fmt="sarif")
    assert run.exit_code == 2
    assert "--watch redraws for a person" in run.stderr
