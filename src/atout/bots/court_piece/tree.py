"""Court Piece card play by tree search over sampled worlds, against rule-playing opponents.

Why not solve each sampled world double dummy: that treats the opponents as
perfect, and against the greedy bot a pair that sees all four hands and plays
double dummy wins only 64% of deals, where one that searches against greedy's
actual replies wins 83% (``docs/bots.md``). The
same search inside each sampled world does not carry over: it plays on as if
it saw the cards (strategy fusion).

This is the information-set answer, single-observer ISMCTS:

* One tree is shared by every world, taken in turn. A node is a history of
  cards played, so our side's statistics at a node mix every world that
  history fits, and a line is only preferred if it wins across them.
* Our side's cards (ours and partner's) are chosen by UCB1 among the cards
  the world makes legal, with availability counts (a card's exploration term
  counts the visits where it could have been played, not all of them).
* Each opponent plays the card of his *reply policy* in the world: the
  greedy rule (:func:`atout.bots.court_piece.greedy.choose_card`) unless
  ``policies`` says otherwise, the model of an opponent whose moves make
  sense, the same one the play evidence reads. Hard gives each world, for
  each opponent, a policy drawn from what that opponent has shown over the
  match (:mod:`.opponents`): greedy, the panel's cautious or aggressive
  style (:func:`atout.bots.styles.choose_card`, which needs the cards gone
  and the voids shown: the search tracks both as it plays), or a random
  legal card (:data:`POLICY_CODES`), or the book's rules (:data:`BOOK`,
  Medium's card play, card for card :func:`atout.bots.book.choose_card`).
  Hard answers an opponent who reads as the book player by the book, one
  who reads as greedy by greedy, each world drawing between them in
  proportion to his reading: greedy names only 44% of Medium's leads, and
  against Medium the book's replies won 76 paired deals that greedy's lost,
  against 42 (``docs/figures.md``). (In :data:`POLICY_CODES` medium still
  maps to greedy's code: Hard picks :data:`BOOK` for it itself.)
* Below the tree, our side plays the greedy rule and each opponent his
  policy until one side has the tricks that decide the deal; the value is
  the deal's stakes.
* The root card tried most often is played. The search ends at its deadline,
  or sooner once that card leads the next by more visits than the iterations
  still to come can give (*settled*: searching on would not change the card,
  and in late or one-sided positions that is most of the budget given back).

The loop runs in C (``_tree.c``, 100-160 times more iterations
at the same budget, which is where the strength comes from). This module
holds the reference in Python, decision for decision the same (the same
xorshift64* random numbers and tie-breaks: the two agree card for card after
any number of iterations, a property test), used where the kernel was not
built.
"""

from __future__ import annotations

import importlib
import math
import os
import time
from array import array
from collections.abc import Sequence
from typing import Any, NamedTuple

from atout.bots.book import choose_card as book_card
from atout.bots.court_piece.greedy import choose_card as greedy_card
from atout.bots.styles import Style
from atout.bots.styles import choose_card as style_card
from atout.cards import Card, CardSet, cards_of
from atout.tricks import legal_follow, plain_trick_winner

__all__ = [
    "BOOK",
    "EXPLORATION",
    "KERNEL",
    "POLICY_CODES",
    "SETTLE_EVERY",
    "SETTLE_MARGIN",
    "Searched",
    "kernel",
    "reply",
    "search",
    "search_python",
]

EXPLORATION = 1.0
"""UCB1's constant; the values are the deal's stakes, -1 and +1 in most positions."""

SETTLE_EVERY = 1024
"""How often, in iterations, the search asks whether its card can still change."""

SETTLE_MARGIN = 1.5
"""The iterations still to come before a deadline, estimated at this many times the rate so
far (and one more check's worth): a slower stretch must not make a settled card wrong."""

_MASK = (1 << 64) - 1
_DECK = (1 << 52) - 1

POLICY_CODES = {"greedy": 0, "medium": 0, "cautious": 1, "aggressive": 2, "uniform": 3}
"""Each opponent policy's code in ``policies`` (the kernel's); medium's is greedy's, the rule
it agrees with most, unless the caller answers it by :data:`BOOK` (Hard does)."""

BOOK = 4
"""The code of the book's rules (:mod:`atout.bots.book`, Medium's card play) in ``policies``."""

_STYLES: dict[int, Style] = {1: "cautious", 2: "aggressive"}


class Searched(NamedTuple):
    """What a search found: the card to play, the iterations it took, and their mean value
    (the deal's stakes averaged over every iteration: what the position is worth to our
    side as the search plays it, its exploration included; a trump call compares these),
    and each root card it tried as (card, visits, total value), by card: what a player
    choosing among cards the search rates alike reads (Hard's convention)."""

    card: Card
    iterations: int
    value: float
    root: tuple[tuple[Card, int, float], ...] = ()


def _load_kernel() -> Any:
    """The C kernel, or ``None`` where it was not built (no C compiler)."""
    try:
        return importlib.import_module("atout.bots.court_piece._tree")
    except ImportError:
        return None


_kernel = _load_kernel()


def kernel() -> Any:
    """The C kernel to use now: ``None`` where it was not built or ``ATOUT_NATIVE=0``."""
    return None if os.environ.get("ATOUT_NATIVE") == "0" else _kernel


KERNEL = _kernel is not None
"""Whether the C kernel is here (else, or with ``ATOUT_NATIVE=0``, the search runs in Python:
the same cards, 100-160 times fewer iterations a second)."""


def search(
    worlds: Sequence[Sequence[CardSet]],
    *,
    seat: int,
    trump: int,
    leader: int,
    trick: Sequence[Card],
    need: int,
    stakes: tuple[float, float],
    seconds: float,
    seed: int,
    max_iterations: int = 0,
    exploration: float = EXPLORATION,
    settle: bool = True,
    policies: Sequence[Sequence[int]] | None = None,
    gone: CardSet | None = None,
    voids: Sequence[int] = (0, 0, 0, 0),
) -> Searched:
    """``seat``'s card that reaches ``need`` more tricks most often, with its value.

    ``worlds`` are full deals now (four hands each, ``seat``'s own the same in
    all), ``trick`` the cards already in the current trick from ``leader``;
    ``stakes`` what (falling short, reaching ``need``) is worth. The search
    stops after ``seconds`` (having run through every world twice) or
    ``max_iterations`` (0: no cap), or once its card is settled (unless
    ``settle`` is false); ``seed`` fixes its random choices.

    ``policies[w][s]`` is how seat ``s`` of the other side replies in world
    ``w`` (:data:`POLICY_CODES`; our side's entries are not read); ``None``:
    greedy everywhere, the search as it was before opponents were read.
    ``gone`` is the cards the opponents know are out of play (default: every
    card in no hand, the current trick's included), ``voids[s]`` the suits
    seat ``s`` has shown out of (bit ``1 << suit``): what the styles read.
    """
    _check(worlds, seat, trump, leader, trick, need, seconds, max_iterations)
    _check_replies(worlds, policies, gone, voids)
    if gone is None:
        gone = _DECK & ~(worlds[0][0] | worlds[0][1] | worlds[0][2] | worlds[0][3])
    native = kernel()
    if native is None:
        return search_python(
            worlds,
            seat=seat,
            trump=trump,
            leader=leader,
            trick=trick,
            need=need,
            stakes=stakes,
            seconds=seconds,
            seed=seed,
            max_iterations=max_iterations,
            exploration=exploration,
            settle=settle,
            policies=policies,
            gone=gone,
            voids=voids,
        )
    flat = array("Q", [hand for world in worlds for hand in world])
    codes = b"" if policies is None else bytes(code for world in policies for code in world)
    card, iterations, value, root = native.search(
        flat.tobytes(),
        seat,
        trump,
        leader,
        tuple(trick),
        need,
        stakes[0],
        stakes[1],
        exploration,
        seconds,
        2 * len(worlds),
        max_iterations,
        seed & _MASK,
        settle,
        codes,
        gone,
        sum(v << 4 * s for s, v in enumerate(voids)),
    )
    return Searched(int(card), int(iterations), float(value), root)


def _check_replies(
    worlds: Sequence[Sequence[CardSet]],
    policies: Sequence[Sequence[int]] | None,
    gone: CardSet | None,
    voids: Sequence[int],
) -> None:
    """Refuse reply policies, cards gone or voids that do not fit the worlds."""
    if policies is not None and (
        len(policies) != len(worlds)
        or any(len(world) != 4 or not all(0 <= c <= 4 for c in world) for world in policies)
    ):
        raise ValueError("policies must give 4 codes 0..4 (POLICY_CODES) for each world")
    if gone is not None and (gone < 0 or gone >> 52):
        raise ValueError("gone must be a set of cards 0..51")
    if len(voids) != 4 or not all(0 <= v <= 15 for v in voids):
        raise ValueError("voids must be 4 suit masks 0..15, one a seat")


def _check(
    worlds: Sequence[Sequence[CardSet]],
    seat: int,
    trump: int,
    leader: int,
    trick: Sequence[Card],
    need: int,
    seconds: float,
    max_iterations: int,
) -> None:
    """Refuse, with the reason, any question that does not describe a Court Piece position."""
    if not 0 <= seat < 4 or not 0 <= leader < 4 or not 0 <= trump < 4:
        raise ValueError("seat, leader and trump must be 0..3")
    if len(trick) > 3 or (leader + len(trick)) % 4 != seat:
        raise ValueError("the trick must hold the cards played before seat's turn (0..3)")
    if len(set(trick)) != len(trick) or not all(0 <= c < 52 for c in trick):
        raise ValueError(f"trick cards must be distinct cards 0..51, not {list(trick)}")
    if not worlds:
        raise ValueError("no world to search")
    size = worlds[0][seat].bit_count() if len(worlds[0]) == 4 else 0
    played = {(leader + i) % 4 for i in range(len(trick))}
    table = sum(1 << c for c in trick)
    for number, world in enumerate(worlds):
        sizes = [size - (s in played) for s in range(4)]
        if len(world) != 4 or [hand.bit_count() for hand in world] != sizes:
            raise ValueError(f"world {number}: hands must hold {sizes} cards (seats 0-3)")
        union = 0
        for hand in world:
            if hand < 0 or hand >> 52 or hand & (union | table):
                raise ValueError(f"world {number}: a card is in two places or not a card")
            union |= hand
    if not 1 <= need <= size:
        raise ValueError(f"need must be 1..{size} (the tricks left), not {need}")
    if not seconds >= 0 or (math.isinf(seconds) and max_iterations <= 0):
        raise ValueError("seconds must be >= 0, and finite unless max_iterations is set")
    if max_iterations < 0:
        raise ValueError("max_iterations must be >= 0")


class _Node:
    """Our side's statistics for one card after one history (opponents' nodes keep none)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Card, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


class _XorShift:
    """xorshift64*, the kernel's generator, so both make the same choices."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed & _MASK) | 1

    def next(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & _MASK


def search_python(
    worlds: Sequence[Sequence[CardSet]],
    *,
    seat: int,
    trump: int,
    leader: int,
    trick: Sequence[Card],
    need: int,
    stakes: tuple[float, float],
    seconds: float,
    seed: int,
    max_iterations: int = 0,
    exploration: float = EXPLORATION,
    settle: bool = True,
    policies: Sequence[Sequence[int]] | None = None,
    gone: CardSet | None = None,
    voids: Sequence[int] = (0, 0, 0, 0),
) -> Searched:
    """:func:`search` in Python (the reference; unchecked arguments)."""
    if gone is None:
        gone = _DECK & ~(worlds[0][0] | worlds[0][1] | worlds[0][2] | worlds[0][3])
    side = seat % 2
    their_need = worlds[0][seat].bit_count() - need + 1  # tricks that leave us short
    rng = _XorShift(seed)
    root = _Node()
    start = time.perf_counter()
    deadline = start + seconds
    minimum = 2 * len(worlds)
    done = 0
    total = 0.0
    while not (max_iterations and done >= max_iterations):
        if done >= minimum and done % 64 == 0 and time.perf_counter() >= deadline:
            break
        if settle and done >= minimum and done and done % SETTLE_EVERY == 0:
            remaining = float(max_iterations - done) if max_iterations else math.inf
            if math.isfinite(seconds):
                now = time.perf_counter()
                rate = done / max(now - start, 1e-9)
                remaining = min(remaining, SETTLE_MARGIN * rate * (deadline - now) + SETTLE_EVERY)
            if _settled(root, remaining):
                break
        policy = None if policies is None else policies[done % len(worlds)]
        hands = list(worlds[done % len(worlds)])
        done += 1
        out, shown = gone, list(voids)
        played, lead = list(trick), leader
        ours = theirs = 0
        node, path, expanded = root, [], False
        while True:
            player = (lead + len(played)) % 4
            held = hands[player]
            legal = legal_follow(held, played[0] // 13) if played else held
            if not legal:
                break
            if player % 2 != side or expanded:
                if player % 2 != side and policy is not None:
                    style = policy[player]
                    card = reply(style, held, legal, played, player, trump, out, shown, rng)
                else:
                    card = greedy_card(list(cards_of(legal)), played, trump)
                if not expanded:
                    node = node.children.setdefault(card, _Node())
            else:
                card, expanded = _select(node, legal, exploration, rng)
                node = node.children[card]
                path.append(node)
            hands[player] = held & ~(1 << card)
            out |= 1 << card
            if played and card // 13 != played[0] // 13:
                shown[player] |= 1 << played[0] // 13
            played.append(card)
            if len(played) < 4:
                continue
            winner = (lead + plain_trick_winner(played, trump)) % 4
            ours += winner % 2 == side
            theirs += winner % 2 != side
            if ours >= need or theirs >= their_need:
                break
            played, lead = [], winner
        value = stakes[ours >= need]
        total += value
        for visited in path:
            visited.visits += 1
            visited.total += value
    best = min(root.children.items(), key=lambda item: (-item[1].visits, item[0]))[0]
    tried = tuple(
        (card, child.visits, child.total) for card, child in sorted(root.children.items())
    )
    return Searched(best, done, total / done if done else 0.0, tried)


def reply(
    policy: int,
    held: CardSet,
    legal: CardSet,
    trick: Sequence[Card],
    seat: int,
    trump: int,
    gone: CardSet,
    voids: Sequence[int],
    rng: _XorShift,
) -> Card:
    """The card an opponent playing ``policy`` (:data:`POLICY_CODES`) plays from ``held``.

    ``gone`` and ``voids`` are as the search tracks them; the uniform player's card
    takes one number from ``rng``, as the kernel's does.
    """
    cards = list(cards_of(legal))
    if policy in _STYLES:
        return style_card(
            _STYLES[policy],
            hand=held,
            legal=cards,
            trick=trick,
            seat=seat,
            trump=trump,
            played=gone,
            voids=[{s for s in range(4) if v >> s & 1} for v in voids],
        )
    if policy == POLICY_CODES["uniform"]:
        return cards[rng.next() % len(cards)]
    if policy == BOOK:
        return book_card(
            hand=held,
            legal=cards,
            trick=trick,
            seat=seat,
            leader=(seat - len(trick)) % 4,
            trump=trump,
            played=gone,
            voids=[{s for s in range(4) if v >> s & 1} for v in voids],
        )
    return greedy_card(cards, trick, trump)


def _settled(root: _Node, remaining: float) -> bool:
    """Whether the most tried root card leads the next by more than ``remaining`` visits.

    Each iteration adds one visit to one root card, so that lead cannot be caught.
    """
    visits = sorted((child.visits for child in root.children.values()), reverse=True) + [0, 0]
    return visits[0] - visits[1] > remaining


def _select(node: _Node, legal: CardSet, exploration: float, rng: _XorShift) -> tuple[Card, bool]:
    """A card not tried here yet (then the tree grows), else the best by UCB1 with availability."""
    untried = legal
    for card, child in node.children.items():
        if legal >> card & 1:
            child.available += 1
            untried &= ~(1 << card)
    if untried:
        k = rng.next() % untried.bit_count()
        card = list(cards_of(untried))[k]
        node.children[card] = _Node()
        return card, True
    best, best_score = -1, -math.inf
    for card in cards_of(legal):
        child = node.children[card]
        score = child.total / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best, best_score = card, score
    return best, False
