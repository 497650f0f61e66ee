"""Determinization: full deals consistent with what one seat has seen, built from its view only.

Hard bots (PIMC) do not know the other hands. They draw many *worlds*: an
assignment of every unseen card to a hidden place (another seat's hand, the
Five Hundred discards, the Court Circular stock and face-down piles) that
agrees with everything the seat has seen: its own hand, the cards played,
dummy and the kitty where shown, and the voids a player showed by not
following suit. Each world is then solved or played out with full
information, and the bot averages over worlds.

Everything here reads only the view, its typed fields (card sets, card ints:
nothing parses card names; a JSON view is read once into the typed one);
nothing imports or touches a game ``State`` except :func:`court_circular_state`,
which builds a *new* state from a sampled world for rollouts. The per-game functions return
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
from functools import cache, lru_cache
from math import comb
from typing import Any, TypeVar

from atout.bots.levels import typed
from atout.cards import FULL_DECK, SUIT_MASKS, Card, CardSet, cards_of, mask_of
from atout.games.bridge.view import BridgeView
from atout.games.court_circular_view import CourtCircularView
from atout.games.court_piece_view import CourtPieceView
from atout.games.court_piece_view import Phase as CourtPiecePhase
from atout.games.five_hundred.view import FiveHundredView
from atout.games.five_hundred.view import Phase as FiveHundredPhase
from atout.tricks import TrickOrder

__all__ = [
    "SwapChain",
    "World",
    "believable_world",
    "bridge_world",
    "court_circular_state",
    "court_circular_world",
    "court_piece_chain",
    "court_piece_sampler",
    "court_piece_world",
    "deal_hidden",
    "five_hundred_world",
    "shown_voids",
]

View = Mapping[str, Any] | Any
"""What the samplers read: a game's typed view, or what a bot is handed (a
:class:`~atout.core.Seen`, a JSON view), read by :func:`~atout.bots.levels.typed`."""
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


class SwapChain:
    """Worlds in proportion to a weight, by swapping cards between hidden hands (Metropolis).

    :func:`believable_world` picks among a few uniform draws, so where the
    evidence is sharp (most uniform worlds explain the opponents' plays far
    worse than the real deal does) it barely moves off the uniform: on 419
    critical Court Piece decisions, eight candidates put 39% of the hidden
    cards in the right hand, where the weighted distribution itself puts 41%
    to 45% (``docs/figures.md``). A chain gets there at less cost
    a world: from a world that keeps every hard constraint, each step
    proposes swapping one card of a hidden hand for one of another; a swap
    that breaks a void or ``keep`` is refused, and the rest are accepted with
    probability ``min(1, w_new / w_old)``. The proposal is symmetric (hands
    keep their sizes), so the chain's worlds come, in the long run, in
    proportion to ``weight`` among the worlds that keep the constraints.
    Successive worlds are alike; the caller spaces them by a few steps.

    >>> weight = lambda hands: 9.0 if hands[1] & 1 else 1.0  # card 0 likelier in hand 1
    >>> chain = SwapChain([0, 0b01, 0b10], seats=[1, 2], forbidden=[0, 0, 0], weight=weight)
    >>> rng = random.Random(5)
    >>> sum(chain.advance(rng, 3)[1] & 1 for _ in range(1000)) / 1000  # 9 / (9 + 1) = 0.9
    0.895
    """

    __slots__ = ("_forbidden", "_hands", "_keep", "_kept", "_pairs", "_weight", "_weight_now")

    def __init__(
        self,
        start: Sequence[CardSet],
        *,
        seats: Sequence[int],
        forbidden: Sequence[CardSet],
        weight: Callable[[list[CardSet]], float],
        keep: Callable[[list[CardSet]], bool] | None = None,
    ) -> None:
        self._hands = list(start)
        self._forbidden = list(forbidden)
        self._weight = weight
        self._keep = keep
        self._kept = keep is None or keep(self._hands)
        movable = [s for s in seats if start[s]]
        self._pairs = [(a, b) for a in movable for b in movable if a < b]
        self._weight_now = weight(self._hands)

    def advance(self, rng: random.Random, steps: int) -> list[CardSet]:
        """Take ``steps`` proposals and return the world reached (a fresh list)."""
        hands, now = self._hands, self._weight_now
        for _ in range(steps if self._pairs else 0):
            i, j = self._pairs[rng.randrange(len(self._pairs))]
            a = _random_card(hands[i], rng)
            b = _random_card(hands[j], rng)
            if self._forbidden[j] >> a & 1 or self._forbidden[i] >> b & 1:
                continue
            new = hands.copy()
            new[i] ^= 1 << a | 1 << b
            new[j] ^= 1 << a | 1 << b
            if self._kept and self._keep is not None and not self._keep(new):
                continue
            then = self._weight(new)
            if then >= now or rng.random() * now < then:
                hands, now = new, then
                if not self._kept and self._keep is not None:
                    self._kept = self._keep(hands)
        self._hands, self._weight_now = hands, now
        return hands.copy()


def _random_card(hand: CardSet, rng: random.Random) -> Card:
    """A uniform card of ``hand`` (not empty)."""
    k = rng.randrange(hand.bit_count())
    for _ in range(k):
        hand &= hand - 1
    return (hand & -hand).bit_length() - 1


@dataclass(frozen=True, slots=True)
class World:
    """One sampled full-information position: every seat's current hand, and the rest."""

    hands: tuple[CardSet, ...]
    """Cards each seat holds now (the viewer's own hand as seen)."""
    extra: tuple[CardSet, ...] = ()
    """Hidden packets that are not hands: Five Hundred discards; Court Circular stock, piles."""
    stock: tuple[Card, ...] = ()
    """Court Circular: the sampled stock, top first."""


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
    the cards it may hold. That fast fill can paint itself into a corner
    late in a deal, when several players have shown voids (the cards left
    over are all of a suit the last packet may not hold); the split is then
    drawn uniformly among all that keep the voids (:func:`_split_keeping`),
    which finds one whenever one exists. ``accept`` is a soft filter
    (evidence from bids): worlds it refuses are redrawn, up to ``tries``
    times; then the first world that kept the hard constraints is used. If
    no split keeps the voids (only possible from inconsistent input), they
    are dropped rather than fail the bot: a legal move always beats an
    exception at the table.
    """
    cards = list(cards_of(pool))
    fallback: list[CardSet] | None = None
    order = sorted(range(len(needs)), key=lambda i: (forbidden[i] & pool).bit_count(), reverse=True)
    for _ in range(tries):
        out = _fill(cards, order, needs, forbidden, rng)
        if out is None:
            out = _split_keeping(pool, needs, forbidden, rng)
        if out is None:
            break
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


def _fill(
    cards: list[Card],
    order: list[int],
    needs: Sequence[int],
    forbidden: Sequence[CardSet],
    rng: random.Random,
) -> list[CardSet] | None:
    """Packets filled one after another in ``order``, or ``None`` at a dead end."""
    left = set(cards)
    out = [0] * len(needs)
    for i in order:
        allowed = [c for c in cards if c in left and not forbidden[i] >> c & 1]
        if len(allowed) < needs[i]:
            return None
        chosen = rng.sample(allowed, needs[i])
        left.difference_update(chosen)
        out[i] = mask_of(chosen)
    return out


def _split_keeping(
    pool: CardSet, needs: Sequence[int], forbidden: Sequence[CardSet], rng: random.Random
) -> list[CardSet] | None:
    """A split drawn uniformly among every split that keeps ``forbidden`` (``None``: none does).

    Cards that the same packets may hold are interchangeable, so the split is
    counted by groups: how many of each group go to each packet, weighted by
    the number of ways to pick those cards (:func:`_ways`, cached: one
    decision draws thousands of worlds under the same constraints).

    >>> _split_keeping(0b111, [1, 2], [0b011, 0], random.Random(1))  # packet 0 takes card 2
    [4, 3]
    """
    groups: dict[int, list[Card]] = {}
    for card in cards_of(pool):
        allowed = sum(
            1 << i for i, need in enumerate(needs) if need and not forbidden[i] >> card & 1
        )
        groups.setdefault(allowed, []).append(card)
    keys = tuple(sorted(groups))
    sizes = tuple(len(groups[k]) for k in keys)
    ways = _ways(keys, sizes)
    left = tuple(needs)
    if ways(0, left) == 0:
        return None
    out = [0] * len(needs)
    for g, key in enumerate(keys):
        options = [
            (counts, _multinomial(sizes[g], counts) * ways(g + 1, _minus(left, key, counts)))
            for counts in _compositions(sizes[g], key, left)
        ]
        counts = _weighted_choice(options, rng)
        group = groups[key][:]
        rng.shuffle(group)
        start = 0
        for packet, k in zip(_packets(key), counts, strict=True):
            out[packet] |= mask_of(group[start : start + k])
            start += k
        left = _minus(left, key, counts)
    return out


def _weighted_choice(
    options: list[tuple[tuple[int, ...], int]], rng: random.Random
) -> tuple[int, ...]:
    """One option, in proportion to its (exact, integer) weight."""
    pick = rng.randrange(sum(w for _, w in options))
    for option, w in options:
        if pick < w:
            return option
        pick -= w
    raise AssertionError("unreachable: pick < total weight")


def _packets(key: int) -> list[int]:
    return [i for i in range(key.bit_length()) if key >> i & 1]


def _compositions(size: int, key: int, left: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to share ``size`` cards among the packets in ``key``, within what each needs."""
    packets = _packets(key)
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], rest: int) -> None:
        k = len(prefix)
        if k == len(packets) - 1:
            if rest <= left[packets[k]]:
                out.append((*prefix, rest))
            return
        for take in range(min(rest, left[packets[k]]) + 1):
            extend((*prefix, take), rest - take)

    if packets:
        extend((), size)
    elif size == 0:
        out.append(())
    return out


def _minus(left: tuple[int, ...], key: int, counts: tuple[int, ...]) -> tuple[int, ...]:
    out = list(left)
    for packet, k in zip(_packets(key), counts, strict=True):
        out[packet] -= k
    return tuple(out)


def _multinomial(size: int, counts: tuple[int, ...]) -> int:
    out, rest = 1, size
    for k in counts:
        out *= comb(rest, k)
        rest -= k
    return out


@lru_cache(maxsize=256)
def _ways(keys: tuple[int, ...], sizes: tuple[int, ...]) -> Callable[[int, tuple[int, ...]], int]:
    """``ways(g, left)``: the splits of groups ``g`` on that fill exactly what ``left`` asks."""

    @cache
    def ways(g: int, left: tuple[int, ...]) -> int:
        if g == len(keys):
            return int(not any(left))
        return sum(
            _multinomial(sizes[g], counts) * ways(g + 1, _minus(left, keys[g], counts))
            for counts in _compositions(sizes[g], keys[g], left)
        )

    return ways


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
    """The finished tricks seen (none where face down) and the trick in progress."""
    seen: CourtPieceView | BridgeView = typed(view)
    done: list[tuple[int, list[Card], int | None]] = [
        (leader, list(cards), None) for leader, cards, _ in seen.tricks or ()
    ]
    if seen.trick:
        leader = seen.trick_leader
        done.append((0 if leader is None else leader, list(seen.trick), None))
    return done


def _played(tricks: list[tuple[int, list[Card], int | None]]) -> CardSet:
    return mask_of(c for _, cards, _ in tricks for c in cards)


# Court Piece.


def court_piece_world(view: View, rng: random.Random) -> World:
    """A Court Piece deal now: before trump, the caller's other 8 cards are drawn too.

    Evidence used: voids shown; the caller named trump from five cards, so
    worlds where he holds fewer than two trumps are redrawn (softly). Hard
    weighs the call further (:class:`atout.bots.court_piece.evidence.CallEvidence`).
    """
    return court_piece_sampler(view)(rng)


def court_piece_sampler(view: View) -> Callable[[random.Random], World]:
    """:func:`court_piece_world` for one view, read once: a decision draws thousands.

    The draws are the same, from the same random numbers, as calling
    :func:`court_piece_world` each time; only the reading of the view (its
    cards, tricks and voids) is not repeated.
    """
    seen = typed(view, CourtPieceView)
    seat = seen.seat
    assert seat is not None
    own = seen.hand
    if seen.phase is CourtPiecePhase.TRUMP:
        pool = FULL_DECK & ~own
        needs = [13 - own.bit_count() if s == seat else 13 for s in range(4)]

        def before_trump(rng: random.Random) -> World:
            packets = deal_hidden(pool, needs, [0] * 4, rng)
            return World(tuple(packets[s] | (own if s == seat else 0) for s in range(4)))

        return before_trump
    return _court_piece_play_rules(seen).deal


def court_piece_chain(
    view: View, weight: Callable[[list[CardSet]], float], rng: random.Random
) -> SwapChain:
    """A :class:`SwapChain` over Court Piece worlds in card play, from one uniform draw.

    It keeps what :func:`court_piece_sampler` keeps (voids; the calling
    opponent's two trumps, once a world has them) and moves towards the
    worlds ``weight`` prefers.
    """
    rules = _court_piece_play_rules(typed(view))
    start = list(rules.deal(rng).hands)
    hidden = [s for s in range(4) if s != rules.seat]
    return SwapChain(start, seats=hidden, forbidden=rules.forbidden, weight=weight, keep=rules.keep)


@dataclass(frozen=True, slots=True)
class _PlayRules:
    """What a Court Piece world in card play must keep, read once from the view."""

    seat: int
    own: CardSet
    """The viewer's seat and hand."""
    pool: CardSet
    """The unseen cards, to share among the other seats."""
    needs: list[int]
    """How many each seat gets (0 for the viewer)."""
    forbidden: list[CardSet]
    """The cards each seat cannot hold (suits it showed out of)."""
    keep: Callable[[list[CardSet]], bool] | None
    """A soft rule: a calling opponent holds two trumps (``None`` when there is none)."""

    def deal(self, rng: random.Random) -> World:
        """A uniform world that keeps these rules (the soft one redrawn up to 8 times)."""
        packets = deal_hidden(self.pool, self.needs, self.forbidden, rng, accept=self.keep, tries=8)
        return World(tuple(self.own if s == self.seat else packets[s] for s in range(4)))


def _court_piece_play_rules(view: CourtPieceView) -> _PlayRules:
    seat = view.seat
    assert seat is not None and view.trump is not None
    own = view.hand
    tricks = _plain_tricks(view)
    pool = FULL_DECK & ~own & ~_played(tricks)
    voids = shown_voids(tricks, 4, lambda c: c // 13)
    forbidden = [_void_mask(voids[s], SUIT_MASKS) for s in range(4)]
    sizes = view.hand_sizes
    needs = [0 if s == seat else sizes[s] for s in range(4)]
    trumps = SUIT_MASKS[view.trump]
    caller = view.caller
    least = min(2, sizes[caller] // 4) if 0 <= caller != seat else 0

    def calls_sense(packets: list[CardSet]) -> bool:
        return (packets[caller] & trumps).bit_count() >= least

    return _PlayRules(seat, own, pool, needs, forbidden, calls_sense if least else None)


# Bridge.


def bridge_world(
    view: View,
    rng: random.Random,
    accept: Callable[[list[CardSet]], bool] | None = None,
) -> World:
    """A bridge deal now: own hand and dummy as seen, the other hands drawn.

    ``accept`` is the auction's evidence (see :mod:`atout.bots.bridge.bidding`);
    in the auction every other hand is hidden.
    """
    seen = typed(view, BridgeView)
    seat = seen.seat
    assert seat is not None
    own = seen.hand
    dummy_seat = seen.dummy_seat
    dummy = seen.dummy or 0
    tricks = _plain_tricks(seen)
    pool = FULL_DECK & ~own & ~dummy & ~_played(tricks)
    voids = shown_voids(tricks, 4, lambda c: c // 13)
    forbidden = [_void_mask(voids[s], SUIT_MASKS) for s in range(4)]
    sizes = seen.hand_sizes
    known = {seat: own}
    if dummy and dummy_seat is not None:
        known[dummy_seat] = dummy
    needs = [0 if s in known else sizes[s] for s in range(4)]
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

    seen = typed(view, FiveHundredView)
    seat = seen.seat
    assert seat is not None
    own = seen.hand
    phase = seen.phase
    contract = seen.contract
    sizes = seen.hand_sizes
    if phase is FiveHundredPhase.AUCTION:
        pool = DECK & ~own
        needs = [0 if s == seat else 10 for s in range(4)] + [3]
        packets = deal_hidden(pool, needs, [0] * 5, rng, accept=accept, tries=20 if accept else 1)
        return World(tuple(own if s == seat else packets[s] for s in range(4)), (packets[4],))
    sits_out = None if contract is None else contract.sits_out
    known_gone = seen.discards or 0
    played = 0
    tricks: list[tuple[int, list[Card], int | None]] = []
    for leader, done, _ in seen.tricks:
        cards = list(done)
        played |= mask_of(cards)
        led = None if cards and cards[0] == 52 and order.trump == 4 else order.suit[cards[0]]
        tricks.append((leader, cards, -9 if led is None else led))
    if seen.trick:
        cards = list(seen.trick)
        played |= mask_of(cards)
        named = seen.named_suit
        led = int(named) if named is not None else order.suit[cards[0]]
        assert seen.trick_leader is not None
        tricks.append((seen.trick_leader, cards, led))

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
    if phase is FiveHundredPhase.KITTY and contract is not None and contract.contractor == seat:
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
    typed_view = typed(view, CourtCircularView)
    seat = typed_view.seat
    assert seat is not None
    own = typed_view.hand
    seen = own | typed_view.table[0] | typed_view.table[1]
    if typed_view.lead is not None:
        seen |= 1 << typed_view.lead
    for face_up, _ in typed_view.piles:
        seen |= face_up
    pool = FULL_DECK & ~seen
    other = 1 - seat
    needs = [typed_view.hand_sizes[other], typed_view.stock_size]
    needs += [face_down for _, face_down in typed_view.piles]
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

    The deal's stock is the sampled stock, nothing of it drawn yet.
    """
    from atout.games.court_circular import (  # noqa: PLC0415
        CourtCircularDeal,
        CourtCircularState,
        Phase,
    )

    seen = typed(view, CourtCircularView)
    lead = seen.lead
    assert lead is not None and seen.turn is not None
    deal = CourtCircularDeal(
        seen.dealer,
        tuple(tuple(cards_of(h)) for h in world.hands),
        lead,
        world.stock,
    )
    (up0, _), (up1, _) = seen.piles
    return CourtCircularState(
        rules,
        deal,
        (world.hands[0], world.hands[1]),
        lead,
        drawn=0,
        leader=seen.trick_leader,
        table=seen.trick,
        turn=seen.turn,
        phase=Phase(seen.phase.value),
        piles=((up0, world.extra[0]), (up1, world.extra[1])),
        done=tuple((0, (), 0) for _ in range(seen.tricks_played)),
    )
