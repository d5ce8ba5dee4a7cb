"""Browser tests of the board builder: a judge starts from an empty board and, without typing YAML, builds and
plays out floor questions of both games; each built scenario must pass the matching casebook ruling's
`expect:`. Every click, key press and typed character is counted (typing 6000 counts as 4).

One chromium for the whole session (tests/conftest.py); each test opens its own page.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.check import compare, parse_rulings
from engine.scenario import parse_text, simulate

if not Path("/usr/bin/chromium").exists():
    pytest.skip("no /usr/bin/chromium (tests/setup_browser.py installs it)", allow_module_level=True)
pytest.importorskip("playwright.sync_api")

SETTLED = "window.__settled = 0; document.addEventListener('htmx:afterSettle', () => { window.__settled++; });"


def ruling(rid: str) -> dict:
    for path in Path("rulings/casebook").rglob("*.yaml"):
        for r in parse_rulings(path.read_text(encoding="utf-8")):
            if r.get("id") == rid:
                return r
    raise KeyError(rid)


class Judge:
    """A judge at the builder: every input is counted."""

    def __init__(self, page, base_url: str):
        self.page, self.base_url, self.count = page, base_url, 0

    def _after(self, act) -> None:
        before = self.page.evaluate("window.__settled || 0")
        act()
        for _ in range(400):   # polled from here: wait_for_function evaluates a string, which the CSP forbids
            if self.page.evaluate("window.__settled || 0") > before:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("the builder did not update")

    def start(self, game: str) -> None:
        self.page.goto(self.base_url + "/build")
        with self.page.expect_navigation():
            self.page.click(f"#pick-{game}")
        self.count += 1

    def click(self, selector: str) -> None:
        """A click on a button that changes the builder (waits for the swap)."""
        self._after(lambda: self.page.click(selector))
        self.count += 1

    def check(self, selector: str) -> None:
        self.page.check(selector)
        self.count += 1

    def type(self, selector: str, text: str, focused: bool = False) -> None:
        """Click into a field (unless it already has the focus), clear it, type."""
        field = self.page.locator(selector)
        if not focused:
            field.click()
            self.count += 1
        if field.input_value():
            field.press("Control+a")
            self.count += 1
        self.page.keyboard.type(text)
        self.count += len(text)

    def pick(self, selector: str, value: str, refreshes: bool = False) -> None:
        """Choose an option: open the list and pick (2)."""
        if refreshes:
            self._after(lambda: self.page.select_option(selector, value))
        else:
            self.page.select_option(selector, value)
        self.count += 2

    def enter(self) -> None:
        self._after(lambda: self.page.keyboard.press("Enter"))
        self.count += 1

    def act(self, text: str) -> None:
        """Click the action button whose label contains `text` (legal or refused)."""
        button = self.page.locator("button.act", has_text=text).first
        self._after(lambda: button.click())
        self.count += 1

    def scenario(self) -> dict:
        return parse_text(self.page.locator("#scenario").input_value())


@pytest.fixture
def judge(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.add_init_script(SETTLED)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    j = Judge(page, base_url)
    yield j
    context.close()
    assert not errors, errors   # no CSP violation or script error on the way


def passes(rid: str, built: dict, ids: dict | None = None, drop: tuple = ()) -> None:
    expect = rename(ruling(rid)["expect"], ids or {})
    for key in drop:
        expect.pop(key)
    assert compare(expect, simulate(built).to_json()) == []


def rename(node, ids: dict):
    if isinstance(node, dict):
        return {ids.get(k, k): rename(v, ids) for k, v in node.items()}
    if isinstance(node, list):
        return [rename(v, ids) for v in node]
    return ids.get(node, node) if isinstance(node, str) else node


def add_card(j: Judge, add: str, fields: dict, checks: tuple = (), picks: dict | None = None) -> None:
    j.click(add)
    for name, value in (picks or {}).items():
        j.pick(f"#f-card-{name}", value)
    for name, value in fields.items():
        j.type(f"#f-card-{name}", str(value))
    for selector in checks:
        j.check(selector)
    j.click("#save-card")


# ------------------------------------------------------------------------------------------ Digimon
def test_dcg_blocker_tie_in_at_most_20_inputs(judge):
    j = judge
    j.start("dcg")
    j.type("#set-B-security", "3")                # B's security as in the ruling (applied by the next click)
    j.click("#add-A-battle_area")                  # the card form opens with the focus on DP
    j.type("#f-card-dp", "6000", focused=True)
    j.enter()                                      # Enter saves the card
    j.click("#add-B-battle_area")
    j.type("#f-card-dp", "6000", focused=True)
    j.check("#kw-blocker")
    j.click("#save-card")
    j.act("attack")
    j.act("block: blocker")
    assert j.count <= 20, j.count
    assert j.page.locator("#verdict").is_visible()
    passes("dcg-blocker-tie-both-deleted", j.scenario(), {"greymon": "a1", "garurumon": "b1"})
    print(f"blocker tie: {j.count} clicks and key presses")


def test_dcg_option_security_effect_in_a_security_check(judge):
    j = judge
    j.start("dcg")
    j.click("#add-B-security")
    j.type("#f-card-id", "trap")
    j.pick("#f-card-kind", "option")
    j.click("#add-f-card-effects")
    j.pick("#f-card-effects-0-timing", "security")
    j.pick("#f-card-effects-0-do", "delete")
    j.pick("#f-card-effects-0-target", "attacker")
    j.click("#save-card")
    add_card(j, "#add-B-security", {"id": "s2"}, picks={"kind": "option"})
    add_card(j, "#add-A-battle_area", {"id": "greymon", "dp": 6000, "level": 4, "keywords-security-attack": 1})
    j.act("attack")
    assert "trap" in j.page.locator("#verdict").inner_text()
    passes("dcg-security-effect-resolves-first", j.scenario())


def test_dcg_dna_digivolution(judge):
    j = judge
    j.start("dcg")
    j.type("#set-A-deck", "2")
    add_card(j, "#add-A-battle_area", {"id": "blue4", "dp": 5000, "level": 4}, checks=("#f-card-colors-2",))
    add_card(j, "#add-A-battle_area", {"id": "green4", "dp": 5000, "level": 4}, checks=("#f-card-colors-4",))
    j.click("#add-A-hand")
    for name, value in (("id", "dna"), ("dp", 11000), ("level", 5), ("dna-cost", 0)):
        j.type(f"#f-card-{name}", str(value))
    j.click("#add-f-card-dna-cards")
    j.click("#add-f-card-dna-cards")
    j.pick("#f-card-dna-cards-0-color", "blue")
    j.type("#f-card-dna-cards-0-level", "4")
    j.pick("#f-card-dna-cards-1-color", "green")
    j.type("#f-card-dna-cards-1-level", "4")
    j.click("#save-card")
    j.click("#add-B-battle_area")
    j.type("#f-card-id", "tamer")
    j.pick("#f-card-kind", "tamer")
    j.click("#add-f-card-effects")
    j.pick("#f-card-effects-0-timing", "opponents_turn")
    j.pick("#f-card-effects-0-do", "cost")
    j.pick("#f-card-effects-0-of", "digivolve")
    j.type("#f-card-effects-0-amount", "1")
    j.pick("#f-card-effects-0-target", "all_opponent_digimon")
    j.check("#f-card-effects-0-no-sources")
    j.click("#save-card")
    j.act("dna digivolve")
    passes("dcg-cost-plus-one-dna", j.scenario())


def test_dcg_suspended_blocker_is_refused_with_its_rule(judge):
    j = judge
    j.start("dcg")
    j.type("#set-B-security", "3")
    add_card(j, "#add-A-battle_area", {"id": "greymon", "dp": 6000, "level": 4})
    add_card(j, "#add-B-battle_area", {"id": "gomamon", "dp": 3000, "level": 3},
             checks=("#kw-blocker", "#f-card-suspended"))
    j.act("attack")
    refused = j.page.locator(".refused-actions li", has_text="gomamon")
    assert "12-1-4" in refused.inner_text()        # the refusal shows its rule before it is tried
    j.act("blocker: gomamon")
    passes("dcg-blocker-suspended-cannot-block", j.scenario())


def test_dcg_security_attack_plus_one(judge):
    j = judge
    j.start("dcg")
    j.type("#set-B-security", "3")
    add_card(j, "#add-A-battle_area", {"id": "greymon", "dp": 6000, "keywords-security-attack": 1})
    j.act("attack")
    passes("dcg-security-attack-plus-one", j.scenario())


# ------------------------------------------------------------------------------------------ Yu-Gi-Oh
def ygo_monster(j: Judge, slot: str, fields: dict, picks: dict | None = None, checks: tuple = ()) -> None:
    add_card(j, f"#add-{slot}", fields, checks, picks)


def test_ygo_link_summon_refused_in_a_main_monster_zone(judge):
    j = judge
    j.start("ygo")
    ygo_monster(j, "A-monsters-EMZ-L", {"id": "mine", "rank": 4, "atk": 2000, "def": 1000}, {"kind": "xyz"})
    ygo_monster(j, "A-monsters-M1", {"id": "a", "level": 4, "atk": 1000, "def": 1000})
    ygo_monster(j, "A-monsters-M2", {"id": "b", "level": 4, "atk": 1000, "def": 1000})
    j.click("#add-A-extra_deck")
    j.type("#f-card-id", "l2")
    j.pick("#f-card-kind", "link")
    j.type("#f-card-atk", "1800")
    j.check("#f-card-arrows-2")   # top
    j.check("#f-card-arrows-7")   # bottom
    j.click("#save-card")
    j.click("#add-B-monsters-EMZ-L")
    j.type("#f-card-id", "theirs")
    j.pick("#f-card-kind", "link")
    j.type("#f-card-atk", "2000")
    j.check("#f-card-arrows-2")
    j.click("#save-card")
    for zone in ("M3", "M4"):
        j.page.click("#custom-action summary")
        j.count += 1
        j.pick("#do-kind", "link_summon")
        j.pick("#do-card", "l2")
        j.pick("#do-zone", zone)
        j.check("#do-material-a")
        j.check("#do-material-b")
        j.click("#do-append")
    passes("ygo-opponent-link-arrow-gives-zone", j.scenario())
    assert "link" in j.page.locator("section.refused").inner_text()


def test_ygo_damage_step_activation_refused(judge):
    j = judge
    j.start("ygo")
    j.pick("#set-phase", "battle")
    ygo_monster(j, "A-monsters-M1", {"id": "m1", "level": 4, "atk": 1800, "def": 1000})
    j.click("#add-B-hand")
    for name, value in (("id", "yoke"), ("level", 2), ("atk", 0), ("def", 2000)):
        j.type(f"#f-card-{name}", str(value))
    j.pick("#f-card-effect-type", "quick")
    j.pick("#f-card-effect-from", "hand")
    j.click("#add-f-card-effect-do")
    j.pick("#f-card-effect-do-0", "7", refreshes=True)          # special_summon
    j.pick("#f-card-effect-do-0-special-summon-position", "defense")
    j.type("#f-card-effect-do-0-special-summon-card", "yoke")
    j.click("#save-card")
    j.act("attack")
    j.act("damage step: step before_calculation")
    j.act("card: yoke")                     # refused in the Damage Step
    passes("ygo-rt-2017-q9-hand-effect-not-in-damage-step", j.scenario())


def test_ygo_xyz_summon(judge):
    j = judge
    j.start("ygo")
    ygo_monster(j, "A-monsters-M1", {"id": "four1", "level": 4, "atk": 1800, "def": 1000})
    ygo_monster(j, "A-monsters-M2", {"id": "four2", "level": 4, "atk": 1600, "def": 1200})
    ygo_monster(j, "A-monsters-M3", {"id": "three", "level": 3, "atk": 1000, "def": 1000})
    add_card(j, "#add-A-extra_deck", {"id": "x4", "rank": 4, "atk": 2500, "def": 2000}, picks={"kind": "xyz"})
    j.act("materials: four1, three")      # refused: a Level 3 is no material for a Rank 4
    j.act("materials four1, four2")
    passes("ygo-xyz-needs-same-level", j.scenario())


def test_ygo_two_link_chain(judge):
    j = judge
    j.start("ygo")
    ygo_monster(j, "B-monsters-M1", {"id": "d1", "level": 4, "atk": 1500, "def": 1000})
    j.click("#add-A-hand")
    j.type("#f-card-id", "smash")
    j.pick("#f-card-type", "spell")
    j.pick("#f-card-kind", "normal")
    j.type("#f-card-effect-targets", "1")
    j.click("#add-f-card-effect-do")
    j.pick("#f-card-effect-do-0", "0", refreshes=True)          # destroy
    j.pick("#f-card-effect-do-0-destroy", "targets")
    j.click("#save-card")
    j.click("#add-B-spells_traps-S1")
    j.type("#f-card-id", "rescue")
    j.pick("#f-card-type", "trap")
    j.pick("#f-card-kind", "trap")
    j.pick("#f-card-face", "down")
    j.type("#f-card-set-turn", "2")
    j.type("#f-card-effect-targets", "1")
    j.click("#add-f-card-effect-do")
    j.pick("#f-card-effect-do-0", "1", refreshes=True)          # return_to_hand
    j.pick("#f-card-effect-do-0-return-to-hand", "targets")
    j.click("#save-card")
    for card in ("smash", "rescue"):
        j.page.click("#custom-action summary")
        j.count += 1
        j.pick("#do-kind", "activate")
        j.pick("#do-card", card)
        j.check("#do-target-d1")
        j.click("#do-append")
    j.act("pass")
    passes("ygo-chain-resolves-last-first", j.scenario())


def test_ygo_attack_against_a_weaker_monster(judge):
    j = judge
    j.start("ygo")
    j.pick("#set-phase", "battle")
    ygo_monster(j, "A-monsters-M3", {"id": "m1", "level": 4, "atk": 2000, "def": 1000})
    ygo_monster(j, "B-monsters-M2", {"id": "d1", "level": 4, "atk": 1500, "def": 1200})
    j.act("attack: attacker")
    passes("ygo-damage-atk-vs-atk-higher", j.scenario())


# ------------------------------------------------------------------------------------------ phone
def test_at_375px_the_verdict_scrolls_into_view_and_nothing_scrolls_sideways(browser, base_url):
    context = browser.new_context(viewport={"width": 375, "height": 740}, locale="en-US")
    context.add_init_script(SETTLED)
    page = context.new_page()
    try:
        page.goto(base_url + "/simulate?example=dcg-blocker-tie")
        page.click(".scenario-form button[type=submit]")
        page.wait_for_selector("#verdict")
        page.wait_for_timeout(300)
        box = page.locator("#verdict").bounding_box()
        assert -2 <= box["y"] < 740, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        j = Judge(page, base_url)
        j.start("dcg")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        j.click("#add-A-battle_area")
        j.type("#f-card-dp", "6000", focused=True)
        j.enter()
        j.act("attack")
        page.wait_for_timeout(300)
        box = page.locator("#verdict").bounding_box()
        assert -2 <= box["y"] < 740, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        j.start("ygo")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


# ------------------------------------------------------------------------------------------ keyboard, no JS
def tab_to(page, element_id: str, limit: int = 400) -> int:
    """Press Tab until `element_id` has the focus; returns the presses."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return n
    raise AssertionError(f"Tab never reached #{element_id}")


def test_the_builder_works_with_the_keyboard_alone(judge):
    j, page = judge, judge.page
    page.goto(j.base_url + "/build")
    tab_to(page, "pick-dcg")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    tab_to(page, "add-A-battle_area")
    j._after(lambda: page.keyboard.press("Enter"))
    assert page.evaluate("document.activeElement.id") == "f-card-dp"   # the new card's form has the focus
    page.keyboard.type("6000")
    j._after(lambda: page.keyboard.press("Enter"))
    assert "a1" in page.locator("#mat").inner_text()
    tab_to(page, "act-1")
    assert "attack" in page.locator("#act-1").inner_text()
    j._after(lambda: page.keyboard.press("Enter"))
    assert "B" in page.locator("#verdict").inner_text()
    assert j.scenario()["actions"][0]["attack"]["attacker"] == "a1"


def test_the_builder_works_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(base_url + "/build")
        page.click("#pick-dcg")
        page.click("#add-A-battle_area")
        page.fill("#f-card-dp", "6000")
        page.click("#save-card")
        page.click("#add-B-battle_area")
        page.fill("#f-card-dp", "6000")
        page.check("#kw-blocker")
        page.click("#save-card")
        page.locator("button.act", has_text="attack").first.click()
        page.locator("button.act", has_text="block: blocker").first.click()
        built = parse_text(page.locator("#scenario").input_value())
        passes("dcg-blocker-tie-both-deleted", built, {"greymon": "a1", "garurumon": "b1"}, drop=("security_count",))
        assert "/build?s=" in page.url and page.url.endswith("#verdict")   # the permalink, at the verdict
    finally:
        context.close()


def test_a_rejected_card_shows_the_validators_message_in_place(judge):
    j = judge
    j.start("dcg")
    add_card(j, "#add-A-battle_area", {"dp": 6000})
    j.click("#add-A-hand")
    j.type("#f-card-id", "a1")          # the id the Digimon already has
    j.click("#save-card")
    assert "a1" in j.page.locator("#build-error").inner_text()
