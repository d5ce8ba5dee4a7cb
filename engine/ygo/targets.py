"""Which cards an effect names (kernel): the selectors of the effect vocabulary (EFFECTS.md), read when a chain
link resolves, and the argument checks every operation's parser shares."""
from __future__ import annotations

from .model import other
from .zones import opponent_in_column, others_in_column

SELECTORS = ("targets", "self", "attacker", "attack_target", "summoned", "opponent_monsters",
             "opponent_attack_position", "all_monsters", "activated_card", "your_monsters", "spells_traps",
             "battle_opponent", "column", "opponent_column", "summoned_by_this", "all_cards")
PLAYER_REFS = ("self", "opponent", "both")
BATTLE_WINDOWS = ("attack_declared", "attacked", "damage_step")   # time points that know the attacker and target
MAX_AMOUNT = 10**9


def parse_selector(args):
    """A selector name, or `{of: <selector>, count: N}`: N of those cards chosen when the effect resolves
    ("choose 1 monster your opponent controls and destroy it" does not target, 3.1.1)."""
    if isinstance(args, dict) and "of" in args:
        check_keys(args, ("of", "count"), ("of", "count"))
        if args["of"] not in SELECTORS or args["of"] == "targets":
            raise ValueError(f"`of` names which cards to choose from: one of {', '.join(s for s in SELECTORS if s != 'targets')}")
        return {"of": args["of"], "count": int_arg(args, "count", 1)}
    if args not in SELECTORS:
        raise ValueError(f"names which cards: one of {', '.join(SELECTORS)}, or {{of: <selector>, count: N}}, not {args!r}")
    return args


def no_args(args) -> dict:
    if args not in (None, {}, True):
        raise ValueError("takes no arguments (write {})")
    return {}


def int_arg(args: dict, key: str, lo: int, signed: bool = False) -> int:
    v = args.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not (-MAX_AMOUNT if signed else lo) <= v <= MAX_AMOUNT:
        raise ValueError(f"`{key}` must be an integer{'' if signed else f' >= {lo}'}, not {v!r}")
    return v


def check_keys(args, allowed: tuple[str, ...], required: tuple[str, ...]) -> dict:
    if not isinstance(args, dict):
        raise ValueError(f"takes a mapping with {', '.join(required)}")
    for k in args:
        if k not in allowed:
            raise ValueError(f"unknown argument {k!r} (allowed: {', '.join(allowed)})")
    for k in required:
        if k not in args:
            raise ValueError(f"`{k}` is required")
    return args


def _chosen_on_resolution(game, link, selector: dict) -> list:
    """`choose: {pick.<card id>: [ids]}` among the cards the selector names now; **default** the first ones."""
    pool = resolve_selector(game, link, selector["of"])
    wanted = game.choose.get(f"pick.{link.card.id}", [])
    picks = [c for i in wanted for c in pool if c.id == i][:selector["count"]]
    picks += [c for c in pool if c not in picks][:selector["count"] - len(picks)]
    if picks:
        game.step("effect.chosen", f"{link.player} chooses {', '.join(c.label() for c in picks)} as the effect of "
                  f"{link.card.label()} resolves (chosen now, not targeted).", "ygo.effect.choose_on_resolution",
                  player=link.player, cards=", ".join(c.label() for c in picks), source=link.card.label())
    return picks


def resolve_selector(game, link, selector) -> list:
    if isinstance(selector, dict):
        return _chosen_on_resolution(game, link, selector)
    board = game.board
    me, opp = board.player(link.player), board.player(other(link.player))
    window = link.window
    if selector == "targets":
        return [c for c in link.targets if still_target(game, link, c)]
    if selector == "self":
        return [link.card]
    if selector == "attacker":
        return [window.card] if window and window.event in BATTLE_WINDOWS and window.card else []
    if selector == "attack_target":
        return [window.target] if window and window.event in BATTLE_WINDOWS and window.target else []
    if selector == "summoned":
        return [window.card] if window and window.event == "summoned" and window.card else []
    if selector == "opponent_monsters":
        return opp.monster_list()
    if selector == "opponent_attack_position":
        return [c for c in opp.monster_list() if c.position == "attack"]
    if selector == "all_monsters":
        return me.monster_list() + opp.monster_list()
    if selector == "all_cards":   # every card on the field: monsters, Spells/Traps, Field Spells
        return [c for p in (me, opp) for c in p.monster_list() + p.st_list() + ([p.field_spell] if p.field_spell else [])]
    if selector == "summoned_by_this":   # the monsters this chain link Special Summoned (delayed.py)
        return list(link.summoned)
    if selector == "column":   # "the other cards in this card's column" (both players')
        return others_in_column(game, link.card)
    if selector == "opponent_column":   # "your opponent's cards in this card's column"
        return opponent_in_column(game, link.card, link.player)
    if selector == "your_monsters":
        return me.monster_list()
    if selector == "battle_opponent":   # the monster this card battles (the attack in progress)
        atk = game.attack
        if atk is None or atk.target is None or link.card not in (atk.attacker, atk.target):
            return []
        return [atk.target if link.card is atk.attacker else atk.attacker]
    if selector == "spells_traps":   # the Spell & Trap Zones and Field Zones of both players
        return [c for p in (me, opp) for c in p.st_list() + ([p.field_spell] if p.field_spell else [])]
    if selector == "activated_card":   # "negate the activation, and if you do, destroy that card"
        answered = responded_link(game, link)
        return [answered.card] if answered else []
    raise AssertionError(selector)


def place_kind(game, card) -> str:
    """Where a card is, as targeting sees it: "field", or the pile it lies in."""
    return "field" if game.on_field(card) else game.where(card)


def still_target(game, link, card) -> bool:
    """A target is still the target while it stays in the place it was targeted in (3.1.1.p49): one that left
    the graveyard (or the field) is lost, even if it comes back to the field."""
    return place_kind(game, card) == link.target_places.get(card.id, "field")


def responded_link(game, link):
    """The chain link this one was activated in response to (the one just before it)."""
    return next((l for l in game.chain if l.n == link.n - 1), None)


MASS_SELECTORS = ("opponent_monsters", "opponent_attack_position", "all_monsters")


def mass(game, player: str, selector: str) -> list:
    me, opp = game.board.player(player), game.board.player(other(player))
    if selector == "opponent_attack_position":
        return [c for c in opp.monster_list() if c.position == "attack"]
    return opp.monster_list() + (me.monster_list() if selector == "all_monsters" else [])
