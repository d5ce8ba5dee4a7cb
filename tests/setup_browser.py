"""Install Debian's chromium for the browser tests when it is missing (the test command runs this).

`npx playwright install` cannot download here, so Playwright drives /usr/bin/chromium.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys


def main() -> int:
    if shutil.which("chromium"):
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
    r = subprocess.run(sudo + [apt, "install", "-y", "-qq", "chromium"], check=False, env=env)
    if r.returncode != 0:
        print("setup_browser: apt-get install chromium failed; browser tests will be skipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
