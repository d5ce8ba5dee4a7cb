"""Install Debian's chromium (and a CJK font, so rule text in screenshots is not empty boxes) for the
browser tests when missing (the test command runs this).

`npx playwright install` cannot download here, so Playwright drives /usr/bin/chromium.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys


def missing() -> list[str]:
    out = [] if shutil.which("chromium") else ["chromium"]
    if not os.path.exists("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"):
        out.append("fonts-wqy-microhei")
    return out


def main() -> int:
    need = missing()
    if not need:
        return 0
    apt = shutil.which("apt-get")
    if not apt:
        print("setup_browser: no chromium and no apt-get; browser tests will be skipped", file=sys.stderr)
        return 0
    sudo = [] if os.geteuid() == 0 else (["sudo", "-n"] if shutil.which("sudo") else None)
    if sudo is None:
        print("setup_browser: chromium missing and not root; browser tests will be skipped", file=sys.stderr)
        return 0
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + [apt, "update", "-qq"], check=False, env=env)
    r = subprocess.run(sudo + [apt, "install", "-y", "-qq", *need], check=False, env=env)
    if r.returncode != 0:
        print(f"setup_browser: apt-get install {' '.join(need)} failed; browser tests may be skipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
