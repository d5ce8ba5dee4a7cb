"""The board builder (/build) as server-rendered forms, without JavaScript: the Flask test client posts the
builder form exactly as a browser without scripts would (one button per operation), follows the redirects,
and checks the built scenario against the casebook ruling it is meant to ask."""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from werkzeug.datastructures import MultiDict

from engine.check import compare, parse_rulings
from engine.scenario import parse_text, simulate
from judge_app import board_edit, sharing


class _FormFields(HTMLParser):
    """What a browser submits from the builder form: inputs, checked boxes, selected options, textareas."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.fields: list[tuple[str, str]] = []
        self.inside = False
        self.select = None
        self.first_option = None
        self.textarea = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == "builder"
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.append((a["name"], a.get("value", "on")))
            else:
                self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.first_option = a.get("name"), None
            self.chosen = None
        elif tag == "option" and self.select:
            value = a.get("value")
            if self.first_option is None:
                self.first_option = value
            if "selected" in a:
                self.chosen = value
        elif tag == "textarea":
            self.textarea = [a.get("name"), ""]

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea[1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select:
            value = self.chosen if self.chosen is not None else self.first_option
            self.fields.append((self.select, value or ""))
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            name, text = self.textarea
            self.fields.append((name, text[1:] if text.startswith("\n") else text))
            self.textarea = None


def form_fields(text: str) -> list[tuple[str, str]]:
    parser = _FormFields()
    parser.feed(text)
    return parser.fields


def page_state(text: str) -> dict:
    """The YAML box and the state it was drawn from (what every builder post carries)."""
    fields = dict(form_fields(text))
    return {k: fields[k] for k in ("scenario", "base", "card_place") if k in fields}


class Builder:
    def __init__(self, client):
        self.client = client
        self.text = ""

    def get(self, url: str) -> str:
        r = self.client.get(url)
        assert r.status_code == 200, (r.status_code, self.errors(r.get_data(as_text=True)))
        self.text = r.get_data(as_text=True)
        return self.text

    @staticmethod
    def errors(text: str) -> list[str]:
        return re.findall(r'class="error-message">([^<]*)', text)

    def post(self, op: str, **fields) -> str:
        """Submit the builder form as a browser would, with `fields` typed over what the page shows
        (a list value sets every box of that name)."""
        posted = MultiDict(form_fields(self.text)) if self.text else MultiDict()
        for name, value in fields.items():
            posted.setlist(name, value if isinstance(value, list) else [value])
        posted["op"] = op
        r = self.client.post("/build", data=posted)
        assert r.status_code == 303, (r.status_code, self.errors(r.get_data(as_text=True)))
        return self.get(r.location)

    def start(self, game: str) -> str:
        r = self.client.post("/build", data={"op": f"game:{game}"})
        assert r.status_code == 303
        return self.get(r.location)

    def actions(self) -> list[str]:
        return [html.unescape(a) for a in re.findall(r"value='act:([^']*)'", self.text)]

    def act(self, needle: str) -> str:
        chosen = [a for a in self.actions() if needle in a]
        assert chosen, (needle, self.actions())
        return self.post("act:" + chosen[0])

    def scenario(self) -> dict:
        return parse_text(page_state(self.text)["scenario"])


@pytest.fixture
def builder(client):
    return Builder(client)


def ruling(rid: str) -> dict:
    from pathlib import Path

    for path in Path("rulings/casebook").rglob("*.yaml"):
        for r in parse_rulings(path.read_text(encoding="utf-8")):
            if r.get("id") == rid:
                return r
    raise KeyError(rid)


def test_the_empty_builder_asks_for_the_game_and_both_are_linked(client):
    text = client.get("/build").get_data(as_text=True)
    assert 'value="game:dcg"' in text and 'value="game:ygo"' in text
    assert 'href="/build"' in client.get("/").get_data(as_text=True)
    assert 'href="/build"' in client.get("/simulate").get_data(as_text=True)


@pytest.mark.parametrize("game, zones", [("dcg", board_edit.ZONES["dcg"]), ("ygo", board_edit.ZONES["ygo"])])
def test_every_zone_has_an_add_button(builder, game, zones):
    text = builder.start(game)
    for player in "AB":
        for zone in zones:
            if zone in board_edit.COUNTED[game]:
                assert f'name="set.{player}.{zone}"' in text     # a count of blank cards
                continue
            assert f'value="add:{player}.{zone}' in text, zone


def test_blocker_tie_built_by_forms_passes_the_casebook_ruling(builder):
    builder.start("dcg")
    builder.post("add:A.battle_area")
    builder.post("save", **{"card.dp": "6000"})
    builder.post("add:B.battle_area")
    builder.post("save", **{"card.dp": "6000", "card.keywords": "Blocker"})
    builder.act('"attack"')
    assert any('"block"' in a for a in builder.actions())
    builder.act('"block"')
    built = builder.scenario()
    ids = {"greymon": "a1", "garurumon": "b1"}
    expect = rename(ruling("dcg-blocker-tie-both-deleted")["expect"], ids)
    expect.pop("security_count")   # the built board keeps the builder's default security (5)
    assert compare(expect, simulate(built).to_json()) == []
    assert "Deciding rule" in builder.text


def rename(node, ids: dict):
    if isinstance(node, dict):
        return {ids.get(k, k): rename(v, ids) for k, v in node.items()}
    if isinstance(node, list):
        return [rename(v, ids) for v in node]
    return ids.get(node, node) if isinstance(node, str) else node


def test_cards_are_edited_moved_and_removed_and_undo_resets(builder):
    builder.start("dcg")
    builder.post("add:A.hand")
    builder.post("save", **{"card.id": "h1", "card.dp": "3000", "card.level": "3"})
    builder.post("edit:A.hand.0")
    assert 'value="3000"' in builder.text
    builder.post("save", **{"card.id": "h1", "card.dp": "4000", "card.level": "3"})
    assert builder.scenario()["board"]["A"]["hand"] == [{"id": "h1", "dp": 4000, "level": 3}]
    builder.post("move:A.hand.0", **{"moveto.A.hand.0": "A.battle_area"})
    assert builder.scenario()["board"]["A"]["battle_area"][0]["id"] == "h1"
    assert builder.scenario()["board"]["A"]["hand"] == []
    builder.post("act:" + '{"pass": {}}')
    assert builder.scenario()["actions"] == [{"pass": {}}]
    builder.post("undo")
    assert builder.scenario()["actions"] == []
    builder.post("remove:A.battle_area.0")
    assert builder.scenario()["board"]["A"]["battle_area"] == []


def test_pasted_yaml_fills_the_builder_in_its_canonical_form(builder, client):
    from judge_app.examples import example

    builder.start("dcg")
    text = example("dcg-blocker-tie").text
    builder.post("yaml", scenario=text)
    shown = page_state(builder.text)["scenario"]
    assert shown == board_edit.dump(parse_text(text))
    assert parse_text(shown) == parse_text(text)               # the same scenario, one canonical text
    assert board_edit.dump(parse_text(shown)) == shown         # and canonical text is a fixed point
    assert 'value="edit:B.battle_area.0"' in builder.text        # garurumon is drawn on the mat
    from judge_app.blueprints.build import board_text

    assert html.unescape(re.search(r'<pre id="board-text">(.*?)</pre>', builder.text, re.S).group(1)) == board_text(parse_text(text))
    token = re.search(r'class="permalink" href="/build\?s=([^"]+)"', builder.text)
    assert token and sharing.decode(token.group(1), 8192, 65536) == shown


def test_effects_are_picked_from_the_vocabulary(builder):
    """An option's [Security] effect, built through the list and variant forms (no YAML typed)."""
    builder.start("dcg")
    builder.post("add:B.security")
    builder.post("listadd:card.effects", **{"card.kind": "option"})
    assert 'name="card.effects.0.timing"' in builder.text
    builder.post("save", **{"card.kind": "option", "card.effects.__n": "1", "card.effects.0.timing": "security",
                            "card.effects.0.do": "delete", "card.effects.0.target": "attacker"})
    card = builder.scenario()["board"]["B"]["security"][0]
    assert card["effects"] == [{"timing": "security", "do": "delete", "target": "attacker"}]


def test_user_text_is_escaped(builder):
    builder.start("dcg")
    builder.post("add:A.battle_area")
    builder.post("save", **{"card.name": "<script>alert(1)</script>", "card.dp": "1000"})
    assert "<script>alert(1)</script>" not in builder.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in builder.text


def test_bad_input_is_a_400_page_never_a_500(client):
    assert client.get("/build?s=not-base64!!").status_code == 400
    assert client.get("/build?s=" + sharing.encode("game: dcg\nboard: [")).status_code == 400
    r = client.post("/build", data={"op": "act:{nope", "scenario": board_edit.dump(board_edit.empty("dcg"))})
    assert r.status_code == 400
    r = client.post("/build", data={"op": "edit:A.hand.7", "scenario": board_edit.dump(board_edit.empty("dcg"))})
    assert r.status_code == 400
    r = client.post("/build", data={"op": "frobnicate", "scenario": board_edit.dump(board_edit.empty("ygo"))})
    assert r.status_code == 400


def test_chinese_field_names_and_vocabulary(builder, client):
    client.set_cookie("lang", "zh")
    builder.start("dcg")
    builder.post("add:A.battle_area")
    assert "搭建场面" in builder.text and "阻挡者" in builder.text and "关键词" in builder.text
    client.set_cookie("lang", "en")
    builder.get(f"/build?s={page_state(builder.text)['base']}&card=A.battle_area")
    assert "Build a board" in builder.text and "Blocker" in builder.text


def test_save_as_ruling_writes_the_required_keys_and_check_accepts_it(builder, client):
    builder.start("dcg")
    builder.post("yaml", scenario=open("judge_app/examples/dcg-blocker-tie.yaml", encoding="utf-8").read())
    builder.post("ruling")
    token = page_state(builder.text)["base"]
    text = builder.get(f"/build?s={token}&ruling=1&id=dcg-my-tie&title=Tie&question=Who%3F&answer=Both")
    written = html.unescape(re.search(r'<textarea id="ruling-text"[^>]*>(.*?)</textarea>', text, re.S).group(1))
    data = parse_text(written)
    assert {"id", "title", "question", "answer", "sources", "expect"} <= set(data)
    assert data["sources"] and all(":" in s for s in data["sources"])
    assert data["expect"]["winner"] == "none" and data["expect"]["battle_area"] == {"A": [], "B": []}
    r = client.post("/check", data={"ruling": written})
    assert r.status_code == 200 and "1 agree" in r.get_data(as_text=True).replace("1 checked: 1 agree", "1 agree")
    r = client.get(f"/build/ruling.yaml?s={token}&id=dcg-my-tie&title=Tie&question=Q&answer=A")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]


def test_simulate_hides_an_edited_examples_title_and_folds_citations(client):
    from judge_app.examples import example

    text = example("dcg-blocker-tie").text
    same = client.post("/simulate", data={"scenario": text}).get_data(as_text=True)
    assert 'class="sc-title">A blocker steps in and the battle is a tie' in same
    edited = client.post("/simulate", data={"scenario": text.replace("dp: 6000}", "dp: 7000}", 1)}).get_data(as_text=True)
    assert 'class="sc-title"' not in edited and 'class="sc-question"' not in edited
    assert 'class="cite-deciding"' in edited and 'class="cite-more"' in edited
    assert 'action="/simulate#verdict"' in edited and 'id="verdict"' in edited


def test_every_bundled_example_has_a_chinese_title_in_the_picker(client):
    from judge_app.examples import examples
    from judge_app.narration import catalog

    titles = catalog("zh", "examples")
    assert sorted(titles) == sorted(e.name for e in examples())
    client.set_cookie("lang", "zh")
    assert titles["dcg-blocker-tie"] in client.get("/simulate").get_data(as_text=True)


def test_action_buttons_name_the_action_in_chinese(builder, client):
    client.set_cookie("lang", "zh")
    builder.start("dcg")
    builder.post("add:A.battle_area")
    builder.post("save", **{"card.dp": "6000"})
    labels = re.findall(r'class="act legal"[^>]*>([^<]*)<', builder.text)
    assert "攻击 — attacker: a1; target: player" in labels
