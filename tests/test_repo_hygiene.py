"""The tree is clean the way land.sh checks it: no merge conflict markers in tracked files, and the Yu-Gi-Oh
locator's own consistency check (`python -m engine.ygo.locate --check`) passes."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^(<<<<<<<|>>>>>>>|=======)$|^(<<<<<<<|>>>>>>>) ", re.M)
PROSE_MARKER = re.compile(r"^(<<<<<<<|>>>>>>>)( |$)", re.M)   # prose keeps ======= as a heading underline


def _tracked() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_no_conflict_markers():
    found = []
    for path in _tracked():
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue           # binary files (images, compiled translations)
        marker = PROSE_MARKER if path.suffix in (".md", ".txt") else MARKER
        found += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}" for m in marker.finditer(text)]
    assert found == []


def test_ygo_locate_check_passes():
    r = subprocess.run([sys.executable, "-m", "engine.ygo.locate", "--check"], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
