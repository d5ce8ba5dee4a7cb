"""Install Debian's chromium (and a CJK font, so rule text in screenshots is not empty boxes) for the
browser tests when missing (the test command runs this).

Only those two packages and what they strictly depend on (`--no-install-recommends`), and never an upgrade
of an installed package: apt's plan is simulated first, and if it would upgrade or remove anything the
install is skipped with a message (the browser tests are then skipped). `npx playwright install` cannot
download here, so Playwright drives /usr/bin/chromium.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
# apt-get -s prints "Inst pkg [installed version] (new version …)" for an upgrade, "Remv pkg …" for a removal
_UPGRADE_OR_REMOVE = re.compile(r"^(?:Inst (\S+) \[|Remv (\S+))", re.M)


def missing() -> list[str]:
    out = [] if shutil.which("chromium") else ["chromium"]
    if not os.path.exists(FONT):
        out.append("fonts-wqy-microhei")
    return out


def changes_to_installed(plan: str) -> list[str]:
    """Installed packages that an `apt-get -s install` plan would upgrade or remove."""
    return [m.group(1) or m.group(2) for m in _UPGRADE_OR_REMOVE.finditer(plan)]


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
    install = [apt, "install", "-y", "-qq", "--no-install-recommends", "--no-upgrade", *need]
    subprocess.run(sudo + [apt, "update", "-qq"], check=False, env=env)
    plan = subprocess.run([apt, "-s", *install[1:]], capture_output=True, text=True, env=env)
    touched = changes_to_installed(plan.stdout)
    if plan.returncode != 0 or touched:
        why = f"it would upgrade or remove {', '.join(touched)}" if touched else plan.stderr.strip()[-200:]
        print(f"setup_browser: not installing {' '.join(need)}: {why}; browser tests will be skipped",
              file=sys.stderr)
        return 0
    r = subprocess.run(sudo + install, check=False, env=env)
    if r.returncode != 0:
        print(f"setup_browser: apt-get install {' '.join(need)} failed; browser tests may be skipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
