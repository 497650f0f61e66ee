"""Determinization: full deals consistent with what one seat has seen, built from its view only.

Hard bots (PIMC) do not know the other hands. They draw many *worlds*: an
assignment of every unseen card to a hidden place (another seat's hand, the
Five Hundred discards, the Court Circular stock and face-down piles) that
agrees with everything the seat has seen: its own hand, the cards played,
dummy and the kitty where shown, and the voids a player showed by not
following suit. Each world is then solved or played out with full
information, and the bot averages over worlds.

Everything here reads only the view (a ``Mapping``); nothing imports or
touches a game ``State`` except :func:`court_circular_state`, which builds a
*new* state from a sampled world for rollouts. The per-game functions return
plain data (bitmasks per seat), which is all the double-dummy solvers need.

>>> import random
>>> view = {"game": "court-piece", "seat": 0, "phase": "play", "trump": "S",
...         "hand": ["AS", "KS"], "hand_sizes": [2, 2, 2, 2],
...         "trick": {"leader": 0, "cards": []}, "tricks": [
...             {"leader": 0, "cards": ["2S", "3H", "4S", "5S"], "winner": 3}] + [
...             {"leader": 3, "cards": [c + "C" for c in "2345"], "winner": 2}] * 0,
...         "tricks_won": [0, 1]}
>>> world = court_piece_world(view, random.Random(1))
>>> [h.bit_count() for h in world.hands], world.hands[1] & 0x1FFF  # seat 1 showed a spade void
([2, 2, 2, 2], 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from atout.cards import FULL_DECK, SUIT_MASKS, Card, CardSet, cards_of, mask_of, parse_card
from atout.tricks import TrickOrder

__all__ = [
    "World",
    "believable_world",
    "bridge_world",
    "court_circular_state",
    "court_circular_world",
    "court_piece_sampler",
    "court_piece_world",
    "deal_hidden",
    "five_hundred_world",
    "shown_voids",
]

View = Mapping[str, Any]
W = TypeVar("W")


def believable_world(
    draw: Callable[[random.Random], W],
    weight: Callable[[W], float] | None,
    rng: random.Random,
    candidates: int,
) -> W:
    """One of ``candidates`` uniform worlds, picked in proportion to its ``weight``.

    Sampling-importance-resampling: the opponents' earlier choices (the
    games' ``*_evidence`` modules) make some worlds likelier than others, and
    the costly solving or rollouts should go to those. With no evidence
    (``weight`` is ``None``) a single uniform world is drawn.

    >>> rng = random.Random(3)
    >>> picks = [believable_world(lambda r: r.randrange(2), lambda w: w + 0.1, rng, 8)
    ...          for _ in range(200)]
    >>> picks.count(1) > 170  # world 1 weighs 11 times world 0
    True
    """
    if weight is None or candidates <= 1:
        return draw(rng)
    worlds = [draw(rng) for _ in range(candidates)]
    return rng.choices(worlds, weights=[weight(w) for w in worlds])[0]


@dataclass(frozen=True, slots=True)
class World:
    """One sampled full-information position: every seat's current hand, and the rest."""

    hands: tuple[CardSet, ...]
    """Cards each seat holds now (the viewer's own hand as seen)."""
    extra: tuple[CardSet, ...] = ()
    """Hidden packets that are not hands: Five Hundred discards; Court Circular stock, piles."""
    stock: tuple[Card, ...] = ()
    """Court Circular: the sampled stock, top first."""


def _cards(names: Sequence[str]) -> CardSet:
    return mask_of(parse_card(n.split()[0]) for n in names)


def deal_hidden(
    pool: CardSet,
    needs: Sequence[int],
    forbidden: Sequence[CardSet],
    rng: random.Random,
    *,
    accept: Callable[[list[CardSet]], bool] | None = None,
    tries: int = 40,
) -> list[CardSet]:
    """Split ``pool`` into packets of sizes ``needs``, packet ``i`` avoiding ``forbidden[i]``.

    The most constrained packet is filled first, each from a uniform draw of
    the cards it may hold. ``accept`` is a soft filter (evidence from bids):
    worlds it refuses are redrawn, up to ``tries`` times; then the last
    world that kept the hard constraints is used. If even the voids cannot
    be kept (only possible from inconsistent input), they are dropped rather
    than fail the bot: a legal move always beats an exception at the table.
    """
    cards = list(cards_of(pool))
    fallback: list[CardSet] | None = None
    order = sorted(range(len(needs)), key=lambda i: (forbidden[i] & pool).bit_count(), reverse=True)
    for _ in range(tries):
        left = set(cards)
        out = [0] * len(needs)
        ok = True
        for i in order:
            allowed = [c for c in cards if c in left and not forbidden[i] >> c & 1]
            if len(allowed) < needs[i]:
                ok = False
                break
            chosen = rng.sample(allowed, needs[i])
            left.difference_update(chosen)
            out[i] = mask_of(chosen)
        if not ok:
            continue
        if accept is None or accept(out):
            return out
        fallback = fallback or out
    if fallback is not None:
        return fallback
    rng.shuffle(cards)
    out, start = [], 0
    for need in needs:
        out.append(mask_of(cards[start : start + need]))
        start += need
    return out


def shown_voids(
    tricks: Sequence[tuple[int, Sequence[Card], int | None]],
    players: int,
    suit_of: Callable[[Card], int],
    seats_of: Callable[[int, int], int] | None = None,
) -> list[set[int]]:
    """The suits each seat has shown out of: it did not follow the suit led.

    ``tricks`` are ``(leader, cards, led suit or None)``; ``seats_of(leader, i)``
    gives the seat of the ``i``-th card (default: ``(leader + i) % players``).
    """
    voids: list[set[int]] = [set() for _ in range(players)]
    for leader, cards, led in tricks:
        if not cards:
            continue
        suit = suit_of(cards[0]) if led is None else led
        for i, card in enumerate(cards[1:], start=1):
            seat = seats_of(leader, i) if seats_of else (leader + i) % players
            if suit_of(card) != suit:
                voids[seat].add(suit)
    return voids


def _void_mask(suits: set[int], follow: Sequence[CardSet]) -> CardSet:
    mask = 0
    for s in suits:
        if 0 <= s < len(follow):
            mask |= follow[s]
    return mask


def _plain_tricks(view: View) -> list[tuple[int, list[Card], int | None]]:
    done: list[tuple[int, list[Card], int | None]] = [
        (int(t["leader"]), [parse_card(c) for c in t["cards"]], None)
        for t in view.get("tricks", [])
    ]
    trick = view["trick"]
    if trick["cards"]:
        done.append((int(trick["leader"]), [parse_card(c) for c in trick["cards"]], None))
    return done


def _played(view: View) -> CardSet:
    return mask_of(c for _, cards, _ in _plain_tricks(view) for c in cards)


# Court Piece.


def court_piece_world(view: View, rng: random.Random) -> World:
    """A Court Piece deal now: before trump, the caller's other 8 cards are drawn too.

    Evidence used: voids shown; the caller named trump from five cards, so
    worlds where he holds fewer than two trumps are redrawn (softly). Hard
    weighs the call further (:class:`atout.bots.hard.court_piece_evidence.CallEvidence`).
    """
    return court_piece_sampler(view)(rng)


def court_piece_sampler(view: View) -> Callable[[random.Random], World]:
    """:func:`court_piece_world` for one view, read once: a decision draws thousands.

    The draws are the same, from the same random numbers, as calling
    :func:`court_piece_world` each time; only the reading of the view (its
    cards, tricks and voids) is not repeated.
    """
    seat = int(view["seat"])
    own = _cards(view["hand"])
    if view["phase"] == "trump":
        pool = FULL_DECK & ~own
        needs = [13 - own.bit_count() if s == seat else 13 for s in range(4)]

        def before_trump(rng: random.Random) -> World:
            packets = deal_hidden(pool, needs, [0] * 4, rng)
            return World(tuple(packets[s] | (own if s == seat else 0) for s in range(4)))

        return before_trump
    played = _played(view)
    pool = FULL_DECK & ~own & ~played
    voids = shown_voids(_plain_tricks(view), 4, lambda c: c // 13)
    forbidden = [_void_mask(voids[s], SUIT_MASKS) for s in range(4)]
    sizes = list(view["hand_sizes"])
    needs = [0 if s == seat else int(sizes[s]) for s in range(4)]
    trump = "SHDC".index(view["trump"])
    caller = int(view.get("caller", -1))
    trumps = SUIT_MASKS[trump]
    least = min(2, sizes[caller] // 4) if 0 <= caller != seat else 0

    def accept(packets: list[CardSet]) -> bool:
        return (packets[caller] & trumps).bit_count() >= least

    check = accept if least else None

    def in_play(rng: random.Random) -> World:
        packets = deal_hidden(pool, needs, forbidden, rng, accept=check, tries=8)
        return World(tuple(own if s == seat else packets[s] for s in range(4)))

    return in_play


# Bridge.


def bridge_world(
    view: View,
    rng: random.Random,
    accept: Callable[[list[CardSet]], bool] | None = None,
) -> World:
    """A bridge deal now: own hand and dummy as seen, the other hands drawn.

    ``accept`` is the auction's evidence (see :mod:`atout.bots.bridge_bidding`);
    in the auction every other hand is hidden.
    """
    seat = int(view["seat"])
    own = _cards(view["hand"])
    dummy_seat = view.get("dummy_seat")
    dummy = _cards(view["dummy"]) if view.get("dummy") else 0
    played = _played(view) if view.get("tricks") is not None else 0
    pool = FULL_DECK & ~own & ~dummy & ~played
    voids = shown_voids(_plain_tricks(view), 4, lambda c: c // 13)
    forbidden = [_void_mask(voids[s], SUIT_MASKS) for s in range(4)]
    sizes = list(view["hand_sizes"])
    known = {seat: own}
    if dummy and dummy_seat is not None:
        known[int(dummy_seat)] = dummy
    needs = [0 if s in known else int(sizes[s]) for s in range(4)]
    packets = deal_hidden(pool, needs, forbidden, rng, accept=accept, tries=30 if accept else 1)
    hands = [known.get(s, packets[s]) for s in range(4)]
    return World(tuple(hands))


# Five Hundred.


def five_hundred_world(
    view: View,
    rng: random.Random,
    order: TrickOrder,
    accept: Callable[[list[CardSet]], bool] | None = None,
) -> World:
    """A Five Hundred deal now; ``extra[0]`` is the kitty (auction) or the discards (play).

    Voids are effective-suit voids under ``order`` (a bower belongs to trumps).
    A joker led in no-trumps names the suit to follow; for finished tricks the
    view does not say which, so those tricks show no void.
    """
    from atout.games.five_hundred import DECK  # noqa: PLC0415 - keeps this module light

    seat = int(view["seat"])
    own = _cards(view["hand"])
    phase = view["phase"]
    contract = view.get("contract") or {}
    sizes = list(view["hand_sizes"])
    if phase == "auction":
        pool = DECK & ~own
        needs = [0 if s == seat else 10 for s in range(4)] + [3]
        packets = deal_hidden(pool, needs, [0] * 5, rng, accept=accept, tries=20 if accept else 1)
        return World(tuple(own if s == seat else packets[s] for s in range(4)), (packets[4],))
    sits_out = contract.get("sits_out")
    known_gone = _cards(view.get("discards", []))
    played = 0
    tricks: list[tuple[int, list[Card], int | None]] = []
    for t in view.get("tricks", []):
        cards = [parse_card(c) for c in t["cards"]]
        played |= mask_of(cards)
        led = None if cards and cards[0] == 52 and order.trump == 4 else order.suit[cards[0]]
        tricks.append((int(t["leader"]), cards, -9 if led is None else led))
    trick = view["trick"]
    if trick["cards"]:
        cards = [parse_card(c) for c in trick["cards"]]
        played |= mask_of(cards)
        named = trick.get("named_suit")
        led = "SHDC".index(named) if named else order.suit[cards[0]]
        tricks.append((int(trick["leader"]), cards, led))

    def seats_of(leader: int, i: int) -> int:
        s = leader
        for _ in range(i):
            s = (s + 1) % 4
            if s == sits_out:
                s = (s + 1) % 4
        return s

    voids: list[set[int]] = [set() for _ in range(4)]
    for leader, cards, led in tricks:
        if led is None or led == -9:
            continue
        for i, card in enumerate(cards[1:], start=1):
            if order.suit[card] != led:
                voids[seats_of(leader, i)].add(led)
    follow = list(order.follow) + [1 << 52]
    forbidden = [_void_mask(voids[s], follow) for s in range(4)] + [0]
    if phase == "kitty" and contract.get("contractor") == seat:
        pool = DECK & ~own
        needs = [0 if s == seat else int(sizes[s]) for s in range(4)] + [0]
    else:
        pool = DECK & ~own & ~played & ~known_gone
        hidden_discards = 0 if known_gone else 3
        needs = [0 if s == seat else int(sizes[s]) for s in range(4)] + [hidden_discards]
    packets = deal_hidden(pool, needs, forbidden, rng, accept=accept, tries=20 if accept else 1)
    hands = tuple(own if s == seat else packets[s] for s in range(4))
    return World(hands, (packets[4] | known_gone,))


# Court Circular.


def court_circular_world(view: View, rng: random.Random) -> World:
    """Court Circular now: the opponent's hand, the stock (in order) and face-down piles drawn.

    ``extra`` is ``(face-down pile of seat 0, face-down pile of seat 1)``.
    Cards once on the table and taken face down are unknown to the view, so
    they go back into the pool with the rest.
    """
    seat = int(view["seat"])
    own = _cards(view["hand"])
    seen = own | _cards(view["table"][0]) | _cards(view["table"][1])
    if view.get("lead"):
        seen |= 1 << parse_card(view["lead"])
    for pile in view["piles"]:
        seen |= _cards(pile["face_up"])
    pool = FULL_DECK & ~seen
    other = 1 - seat
    needs = [int(view["hand_sizes"][other]), int(view["stock_size"])]
    needs += [int(p["face_down"]) for p in view["piles"]]
    if sum(needs) != pool.bit_count():  # defensive: never fail a move on bookkeeping
        needs[1] = max(0, pool.bit_count() - needs[0] - needs[2] - needs[3])
    packets = deal_hidden(pool, needs, [0] * 4, rng, tries=1)
    stock = list(cards_of(packets[1]))
    rng.shuffle(stock)
    hands = [own, own]
    hands[other] = packets[0]
    return World(tuple(hands), (packets[2], packets[3]), tuple(stock))


def court_circular_state(view: View, world: World, rules: Any) -> Any:
    """A fresh Court Circular state for ``world``, to play rollouts on.

    The engine's state has no public constructor for a position in mid-deal,
    so this fills its slots the way its own ``_copy`` does: the deal's stock is
    the sampled stock, nothing of it drawn yet.
    """
    from atout.games.court_circular import (  # noqa: PLC0415
        CourtCircularDeal,
        CourtCircularState,
        Phase,
    )

    lead = parse_card(view["lead"])
    deal = CourtCircularDeal(
        int(view["dealer"]),
        tuple(tuple(cards_of(h)) for h in world.hands),
        lead,
        world.stock,
    )
    state = object.__new__(CourtCircularState)
    table = tuple(parse_card(c) for c in view["trick"]["cards"])
    piles = tuple((_cards(p["face_up"]), world.extra[i]) for i, p in enumerate(view["piles"]))
    slots: dict[str, Any] = {
        "rules": rules,
        "deal": deal,
        "_hands": (world.hands[0], world.hands[1]),
        "_lead": lead,
        "_drawn": 0,
        "_leader": int(view["trick"]["leader"]),
        "_table": table,
        "_turn": int(view["turn"]),
        "_phase": Phase(view["phase"]),
        "_piles": piles,
        "_done": tuple((0, (), 0) for _ in range(int(view["tricks_played"]))),
        "_legal": None,
    }
    for name, value in slots.items():
        object.__setattr__(state, name, value)
    return state
