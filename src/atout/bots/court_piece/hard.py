"""Hard Court Piece: tree search over sampled deals against rule-playing opponents.

A deal is won by the first side to seven tricks (a Bavney, all thirteen,
scores double; in the courts variant seven straight tricks make a court),
so a card's value is whether our side still reaches seven (+1) or not (-1);
in the Bavney chase the question is all thirteen tricks (or, defending, one).

Card play: a few hundred believable worlds are drawn (worlds consistent
with the view, in proportion to how well rule play explains the opponents'
plays in each (greedy's and the book's apart with :data:`READ_EVIDENCE`, off
by default: measured neutral), and how likely an
opponent's trump call is from the hand it holds there, by the call rule his
reading says he names trump by (:data:`READ_CALL`): :mod:`.evidence`; a
chain of card swaps, :class:`atout.bots.sampling.SwapChain`, reaches them),
then one ISMCTS tree is grown over all of them (:mod:`.tree`): our side's
cards by UCB1, each opponent's by his reply policy in the world, the deal played out
below the tree by greedy for our side and those policies for theirs. The
card tried most often is played; the search gives back the rest of its
budget once no iteration left could change that card.

The reply policy is what the reading (:mod:`.opponents`) says each opponent
plays: each world draws his policy from his posterior. An opponent who reads
as a rule player answers by greedy or by the book (Medium's rules,
:data:`tree.BOOK`) in proportion to his posterior's greedy and medium mass
(:data:`READ_RULES`); one who has shown over the match that he is not a rule
player (rule mass under :data:`~atout.bots.court_piece.evidence.STYLED_BELOW`,
the same test that weighs his plays by the mixture of styles) draws from his
whole posterior (greedy, the book, the panel's cautious or aggressive style,
or a random card), so the search answers him as he plays across the worlds,
in the proportions he has shown. Why the book for Medium and not greedy's
replies, which agree with only 44% of his leads: on 841 paired deals against
Medium (120 matches) Hard won 76 that the greedy-answering search lost and
lost 42 (sign test p = 0.002; 62.2% of deals against 58.1%); answering
every rule player by the book instead lost matches to greedy (15/20 against
19/20), hence the reading (``docs/figures.md``).

Why not double dummy in each world: DDS treats the opponents as
perfect. Against the greedy bot the tree search, which sees no hidden card,
won 67.7% of 300 deals where double dummy in each world won 61.3% of the
same deals (and a pair that sees every card and plays double dummy, 64%).
The search assumes opponents whose moves make sense, which is also how
their plays are read as evidence (``docs/figures.md``).

When every legal card is equivalent (touching ranks of one suit, no card
left out between them), or the deal's result no longer depends on the card,
the medium bot's card is played at once.

The trump call is simulated with DDS: for each world (the caller's eight
unseen cards drawn as well), DDS says whether the caller's side makes seven
tricks with each suit as trump, the caller leading; the suit that makes
most often is named, with Medium's suit ahead by :data:`TRUMP_PRIOR` (a
few worlds' count is noisier than Medium's rule of length and honours).
(Naming the suit the tree search rates best did worse on the deals where
the two differ: ``docs/figures.md``.)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from atout.bots.court_piece import medium, partner, tree
from atout.bots.court_piece.evidence import (
    STYLED_BELOW,
    CallEvidence,
    PlayEvidence,
    StyledEvidence,
)
from atout.bots.court_piece.opponents import OpponentModel
from atout.bots.court_piece.partner import PartnerEvidence
from atout.bots.court_piece.policies import POLICIES, RULE
from atout.bots.levels import View, legal_cards, typed
from atout.bots.pimc import pimc
from atout.bots.revokes import proven_revoke
from atout.bots.sampling import court_piece_chain, court_piece_sampler, shown_voids
from atout.cards import CardSet, mask_of
from atout.games.court_piece_view import CourtPieceView, Phase
from atout.solver.dds import dds_solve

__all__ = [
    "BURN_IN",
    "CONVENTION",
    "CONVENTION_VISITS",
    "ITERATIONS_PER_SAMPLE",
    "PARTNER_CALL",
    "PARTNER_READ",
    "PARTNER_RULE",
    "READ_EVIDENCE",
    "READ_RULES",
    "RULE_REPLY",
    "SWAPS_PER_WORLD",
    "TRUMP_PRIOR",
    "WORLDS_PER_SAMPLE",
    "choose",
]

BURN_IN = 200
"""Swaps the chain of worlds takes from its uniform start before the first world is used."""

SWAPS_PER_WORLD = 8
"""Swaps proposed between two worlds used (about a third are accepted)."""

WORLDS_PER_SAMPLE = 6
"""Believable worlds a card decision draws per unit of ``samples`` (384 by default), in at
most half its budget; the tree search takes the rest of the budget."""

ITERATIONS_PER_SAMPLE = 16384
"""The tree search's iteration cap per unit of ``samples`` (about a million by default, more
than 0.4 s allows: the cap only ends searches with no deadline)."""


TRUMP_PRIOR = 0.7
"""What Medium's suit (:func:`medium.name_trump`: length, then honours) is worth ahead of
the others in the trump call, in the mean value over worlds (+1 a world where the suit
makes seven, -1 one where it fails): another suit is named only if it makes in 35% more
of the worlds. Why so much: with the few worlds a call can solve (6 at effort 6, about 12
in 1.2 s) the count is noisy, and on 385 random deals judged double dummy in the real deal
the old tie-break (0.05) named a suit that makes 15.2 +- 4.6 times fewer than Medium's
rule at 6 worlds and 11.5 +- 5.2 at 12; at 0.7, 1.5 +- 1.0 and 0.5 +- 0.5
(``bench/cp_calls.py``, ``docs/figures.md``)."""

GREEDY = tree.POLICY_CODES["greedy"]

RULE_REPLY = GREEDY
"""How the search answers an opponent who reads as a rule player when :data:`READ_RULES` is
off, or when there is no reading (:data:`tree.POLICY_CODES`, or :data:`tree.BOOK`); with
greedy and no styled opponent no reply rows are passed at all (the search as it was)."""

READ_RULES = True
"""Whether the reading also says which rule an opponent plays: each world answers him by
greedy or the book (:data:`tree.BOOK`) in proportion to the greedy and medium mass of his
posterior (:meth:`OpponentModel.posterior`), a styled opponent's medium share by the book
too; off: :data:`RULE_REPLY` for every opponent who reads as a rule player. Against Medium
(120 matches, seeds 37000-37059 both seatings, effort 6) 90/120 matches against 87/120 off
and 76 paired deals won by it only against 42 (p = 0.002); against greedy 35/40 both (the
reading gives greedy's replies to 95% of worlds; ``docs/figures.md``). Answering every rule
player by the book (:data:`RULE_REPLY` = :data:`tree.BOOK`) did as well against Medium
(30/40) but lost to greedy (15/20 against 19/20)."""

READ_EVIDENCE = False
"""Whether the reading also says which rule explains an opponent's plays: in each world a
play of an opponent who reads as a rule player weighs ``(g * [greedy plays it] + b * [the
book plays it]) / (g + b)``, at least :data:`~atout.bots.court_piece.evidence.SURPRISE`
(``g``, ``b``: his posterior's greedy and medium mass,
:func:`~atout.bots.court_piece.evidence.rule_factor`), and a styled opponent's rule
components are ``g * [greedy] + b * [book]``; off (or without a reading): a play that
either rule makes is explained (the evidence as it was, weight for weight). The idea: the
replies (:data:`READ_RULES`) already answer an opponent read as Medium by the book, but
his worlds still take a play only greedy would make as his (Medium's leads are greedy's
only 44% of the time). The reading is decisive after a deal (Medium's greedy mass 0.06 and
less, greedy's 0.997 and more), so on, a play only the other rule makes costs nearly
:data:`SURPRISE`.

Off by default because it measured neutral: against Medium on 300 fresh matches (seeds
37100-37249, effort 6, duplicate) 221/300 on and 221/300 off, paired deals 150 won by it
only against 136 (60.8% against 60.1% of 2,080, p = 0.44); with ``SURPRISE`` 0.01 as well,
73/100 (deals 40 against 46 on the same seeds); against greedy 33/40 against 31/40. Drawing
the worlds costs 13% more CPU, which a clock budget pays in worlds (``docs/figures.md``).
Kept as a switch, tested both ways, for the next reading of the worlds to build on."""


READ_CALL = True
"""Whether an opponent's trump call is read by the rule his reading says he calls by
(greedy's or Medium's exact rule, honours and all: :meth:`CallEvidence.read_as`), not by
lengths alone. Medium names the suit with the honours among suits of equal length (and an
ace-king doubleton over a small tripleton), which lengths cannot say. Against Medium on 400
fresh matches (seeds 37100-37299, effort 6, duplicate) 308/400 = 77.0% on, 297/400 off
(matches won by one only 36 against 25, p = 0.20; paired deals 187 against 163); against
greedy 64/80 both (deals 40 against 30). Not beyond chance, never worse by more than one
match a block, and free (2 microseconds a world in the kernel): on (``docs/figures.md``)."""


PARTNER_RULE = {"medium": 1.0}
"""How a partner calls, for :data:`PARTNER_CALL` with :data:`READ_CALL`: Hard names Medium's
suit unless the simulation finds another makes far more often (:data:`TRUMP_PRIOR`)."""


PARTNER_CALL = 0.0
"""How much the partner's trump call says of his hand: a world weighs his call's likelihood
(:class:`CallEvidence`: by Medium's rule, :data:`PARTNER_RULE`, with :data:`READ_CALL`; else
by lengths) to this power; 0: not read. Measured by lengths only: at 1.0, on 1,200 critical
decisions of Medium pairs' matches (the partner calls by
Medium's rule), Hard kept the won deal 993 times where it kept 998 without (two salts of
the same Hard: 998 and 980): nothing to read, so off (``docs/figures.md``)."""


PARTNER_READ = 0.0
"""How much the partner's plays say of his hand: a world weighs the likelihood of his cards
under the model of Hard's own choice (:mod:`.partner`) to this power; 0: not read.

Why try: Hard that sees its partner's hand from the second trick on won 70 of 80 matches
against the aggressive panel player where Hard wins 60 (``bench/cp_ceiling.py --sees
later``). Why off: the model predicts Hard's cards only 0.11-0.32 nats a decision better
than a uniform choice, a few nats a deal against the twenty-odd a hand holds, and on the
same 80 matches against aggressive (seeds 37100-37139, effort 6) Hard reading its partner
won 63/80, paired deals 28 won by it only against 29; against Medium 62/80 against 63/80,
deals 33 against 35. It costs a third more CPU a decision at effort 6 (79 ms to 104 ms,
``docs/figures.md``). Kept as a switch, tested, for a sharper model of the partner (or a
convention that makes his cards readable) to build on."""


CONVENTION = 0.0
"""How close (in the deal's stakes, the search's mean value of a root card) a card must come to
the searched card for Hard to play, among such cards, the one its partner model rates likeliest
(:func:`partner.conventional`); 0: the searched card always.

Why try: the partner's hand is what Hard's worlds miss most (``bench/cp_ceiling.py --sees``),
and a search's card says little a reading can use. Among cards the search cannot tell apart,
playing the model's card makes the partner's cards say more (read by
:data:`partner.CONVENTION_WEIGHTS` with :data:`PARTNER_READ`: about twice the nats a decision),
at a cost bounded by this margin. At 0.02 it changes 14% of Hard's cards.

Why off: with :data:`PARTNER_READ` 1.0, at effort 6 (duplicate), on the seeds the reading was
fitted on (37100-37139) 66/80 against aggressive (Hard 60/80; paired deals 35 won by it only
against 26) and 62/80 against Medium (63/80; deals 37 against 33), but on fresh seeds
(37300-37339) 68/80 against aggressive where Hard wins 72/80 (deals 33 against 41) and 57/80
against Medium where Hard wins 57/80 too (deals 41 against 45): nothing beyond chance. The
convention alone at 0.02: 63/80 and 59/80 on the first seeds (deals 25/22 and 29/40). A few
nats more a deal still leave the partner's twenty-odd unread (``docs/figures.md``). Kept as a
switch, tested, for a convention that says more to build on."""

CONVENTION_VISITS = 0.25
"""The share of the searched card's visits a root card needs for :data:`CONVENTION` to trust its
mean (a card tried seldom has a mean too noisy to call it as good)."""


def _need(won: list[int], side: int, *, courts: bool) -> tuple[int, tuple[float, float]]:
    """The further tricks that matter to our side and what (failing, making) them is worth.

    Normally the first to seven wins the deal. In the simple variant's Bavney
    chase (a side at 7-0 plays on), the leading side aims at all thirteen
    and the other at one trick, and the stakes are the Bavney's extra point.
    """
    ours, theirs = won[side], won[1 - side]
    if not courts and theirs == 0 and ours >= 7:
        return 13 - ours, (1.0, 2.0)
    if not courts and ours == 0 and theirs >= 7:
        return 1, (-2.0, -1.0)
    return max(1, 7 - ours), (-1.0, 1.0)


def choose(
    view: View,
    rng: random.Random,
    budget: float,
    samples: int = 64,
    *,
    opponents: OpponentModel | None = None,
) -> str:
    """The hard action for this view, within ``budget`` seconds (the trump call gets three).

    ``opponents`` is what this seat has learnt of how the opponents play over the
    match (it reads the view's new cards first); without it they are read as rule
    players.
    """
    seen = typed(view, CourtPieceView)
    legal = list(seen.legal)
    if opponents is not None:
        opponents.observe(view, rng)
    if proven_revoke(seen):
        return "claim revoke"
    if len(legal) == 1:
        return str(legal[0])
    if seen.phase is Phase.TRUMP:
        return _call_trump(seen, rng, time.perf_counter() + 3 * budget, max(2, samples // 2))
    if any(a.startswith(("correct", "claim")) for a in legal):
        return medium.choose(view, rng)
    start = time.perf_counter()
    seat = seen.seat
    assert seat is not None and seen.trump is not None
    need, stakes = _need(list(seen.tricks_won), seat % 2, courts=seen.variant == "courts")
    by_card = dict(zip(legal_cards(legal), legal, strict=True))
    hand = seen.hand
    if need > hand.bit_count() or _equivalent(list(by_card), hand | _gone(seen)):
        return medium.choose(view, rng)  # the deal, or the card, no longer matters
    draw = _world_source(seen, rng, opponents)
    most = WORLDS_PER_SAMPLE * samples
    worlds: list[list[CardSet]] = []
    while len(worlds) < most and (len(worlds) < 8 or time.perf_counter() < start + budget / 2):
        worlds.append(draw())
    replies = _replies(seat, rng, len(worlds), opponents)
    searched = tree.search(
        worlds,
        seat=seat,
        trump=int(seen.trump),
        leader=seen.trick_leader,
        trick=list(seen.trick),
        need=need,
        stakes=stakes,
        seconds=max(0.0, start + budget - time.perf_counter()),
        seed=rng.getrandbits(64),
        max_iterations=ITERATIONS_PER_SAMPLE * samples,
        policies=replies,
        gone=_gone(seen),
        voids=_voids(seen),
    )
    card = _by_convention(seen, searched) if CONVENTION > 0 else searched.card
    return str(by_card[card])


def _by_convention(view: CourtPieceView, searched: tree.Searched) -> int:
    """The searched card, or among the root cards the search rates within :data:`CONVENTION`
    of it (tried at least :data:`CONVENTION_VISITS` as often) the one the partner model
    rates likeliest (:func:`partner.conventional`); the searched card where the view shows
    no old tricks (the courts rules), from which the moment cannot be told."""
    if view.tricks is None or view.trump is None or view.seat is None:
        return searched.card
    tried = {card: (visits, total) for card, visits, total in searched.root if visits}
    visits, total = tried[searched.card]
    floor = total / visits - CONVENTION
    near = [
        card for card, (v, t) in tried.items() if v >= CONVENTION_VISITS * visits and t / v >= floor
    ]
    if len(near) < 2:
        return searched.card
    moment = partner.moment_of(partner.tricks_of(view), view.seat, int(view.trump))
    return partner.conventional(near, view.hand, moment)


def _replies(
    seat: int, rng: random.Random, count: int, opponents: OpponentModel | None
) -> list[list[int]] | None:
    """Each world's reply policy for each opponent (:data:`tree.POLICY_CODES`, :data:`tree.BOOK`),
    or ``None`` when every opponent is answered by greedy (no random number is drawn).

    An opponent who does not read as a rule player (rule mass under
    :data:`STYLED_BELOW`) gets a policy drawn from his posterior in each world,
    independently; with :data:`READ_RULES` (the default) one who does gets
    greedy or the book drawn from his posterior's rule players alone, and a
    styled opponent's medium share is the book's, not greedy's. Without it (or
    without a reading) a rule player replies by :data:`RULE_REPLY`.
    """
    them = ((seat + 1) % 4, (seat + 3) % 4)
    styled = [s for s in them if opponents is not None and opponents.rule_mass(s) < STYLED_BELOW]
    read = READ_RULES and opponents is not None
    if not styled and not read and RULE_REPLY == GREEDY:
        return None
    codes = [tree.BOOK if read and p == "medium" else tree.POLICY_CODES[p] for p in POLICIES]
    weights = {}
    if opponents is not None:
        for s in them:
            if s in styled or read:
                posterior = opponents.posterior(s)
                weights[s] = [posterior[p] if s in styled or p in RULE else 0.0 for p in POLICIES]
    rows = []
    for _ in range(count):
        row = [RULE_REPLY if s in them else GREEDY for s in range(4)]
        for s, weight in weights.items():
            row[s] = rng.choices(codes, weight)[0]
        rows.append(row)
    return rows


def _voids(view: CourtPieceView) -> list[int]:
    """The suits each seat has shown out of in the tricks the view shows (bit per suit)."""
    done: list[tuple[int, list[int], int | None]] = [
        (leader, list(cards), None) for leader, cards, _ in view.tricks or ()
    ]
    if view.trick:
        done.append((view.trick_leader, list(view.trick), None))
    return [sum(1 << s for s in v) for v in shown_voids(done, 4, lambda c: c // 13)]


def _world_source(
    view: CourtPieceView, rng: random.Random, opponents: OpponentModel | None = None
) -> Callable[[], list[CardSet]]:
    """Where this decision's worlds come from: uniform draws, or a chain weighted by evidence.

    Why a chain and not the best of a few uniform draws: on 419 critical
    decisions the chain's worlds put more hidden cards in the right hand and
    Hard gave a won deal away less often (``docs/figures.md``).
    """
    weight = _believability(view, opponents)
    if weight is None:
        sampler = court_piece_sampler(view)
        return lambda: list(sampler(rng).hands)
    chain = court_piece_chain(view, weight, rng)
    chain.advance(rng, BURN_IN)
    return lambda: chain.advance(rng, SWAPS_PER_WORLD)


def _believability(
    view: CourtPieceView, opponents: OpponentModel | None = None
) -> Callable[[list[CardSet]], float] | None:
    """How much a world weighs: the opponents' plays and, if they called, their trump call
    (and with :data:`PARTNER_READ` the partner's plays, :class:`PartnerEvidence`).

    An opponent who reads as a panel player or as anyone (``opponents``) has his
    plays weighed by his posterior mixture of styles (:class:`StyledEvidence`); with
    :data:`READ_EVIDENCE` one who reads as a rule player has them weighed by greedy and
    the book apart, in proportion to his reading.
    ``None`` when neither says anything (one uniform world is then drawn per world used).
    """
    plays = PlayEvidence.from_view(view)
    play_weight = plays.weight
    if opponents is not None:
        seats = {play.seat for play in plays.plays}
        styled = {
            seat: opponents.posterior(seat)
            for seat in seats
            if opponents.rule_mass(seat) < STYLED_BELOW
        }
        if READ_EVIDENCE:
            rules = {seat: opponents.posterior(seat) for seat in seats if seat not in styled}
            play_weight = StyledEvidence(plays, styled, rules).weight
        elif styled:
            play_weight = StyledEvidence(plays, styled).weight
    factors: list[Callable[[list[CardSet]], float]] = [play_weight] if plays.plays else []
    call_weight = _call_weight(view, opponents)
    if call_weight is not None:
        factors.append(call_weight)
    # A partner who plays by the convention is read by the model fitted to that play.
    weights = partner.CONVENTION_WEIGHTS if CONVENTION > 0 else partner.WEIGHTS
    told = PartnerEvidence.from_view(view, PARTNER_READ, weights) if PARTNER_READ > 0 else None
    if told is not None:
        factors.append(told.weight)
    if not factors:
        return None
    if len(factors) == 1:
        return factors[0]
    return lambda hands: math.prod(factor(hands) for factor in factors)


def _call_weight(
    view: CourtPieceView, opponents: OpponentModel | None = None
) -> Callable[[list[CardSet]], float] | None:
    """How much a world weighs for the trump call: an opponent's (by the rule his reading says
    he calls by, with :data:`READ_CALL`), or with :data:`PARTNER_CALL` the partner's (to that
    power); ``None`` when no call is read."""
    call = CallEvidence.from_view(view)
    if call is not None:
        if READ_CALL and opponents is not None:
            call = call.read_as(opponents.posterior(call.caller))
        return call.weight
    told = CallEvidence.from_view(view, partner=True) if PARTNER_CALL > 0 else None
    if told is None:
        return None
    if READ_CALL:
        told = told.read_as(PARTNER_RULE)
    power = PARTNER_CALL
    return lambda hands: float(told.weight(hands) ** power)


def _gone(view: CourtPieceView) -> CardSet:
    """Every card already played (finished tricks the view shows, and the current one)."""
    return mask_of(c for _, cards, _ in view.tricks or () for c in cards) | mask_of(view.trick)


def _equivalent(cards: list[int], known: CardSet) -> bool:
    """Whether the cards are one suit with every card between them in ``known`` (ours or gone).

    Then they win and lose exactly the same tricks, so no sampling is needed.
    (Under the courts rules old tricks are hidden, so only our own cards count.)
    """
    if len({c // 13 for c in cards}) != 1:
        return False
    return all(known >> c & 1 for c in range(min(cards), max(cards) + 1))


def _call_trump(view: CourtPieceView, rng: random.Random, deadline: float, samples: int) -> str:
    seat = view.seat
    assert seat is not None
    legal = list(view.legal)
    preferred = f"trump {'SHDC'[medium.name_trump(view.first_five)]}"

    sampler = court_piece_sampler(view)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = sampler(r)
        hands = list(world.hands)
        out: dict[str, float] = {}
        for action in legal:
            suit = "SHDC".index(action.split()[1])
            scores = dds_solve(hands, suit, seat, target=7, solutions=1)
            out[action] = 1.0 if scores and max(scores.values()) >= 7 else -1.0
        return out

    return pimc(
        legal,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=2 * samples,
        prior={preferred: TRUMP_PRIOR},
    )
