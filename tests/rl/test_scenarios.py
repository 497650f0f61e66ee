"""Scripted deals into the situations random play rarely or never reaches.

Five Hundred: all four pass (thrown in), a misère won in the auction and played
(the contractor's partner sits out), open misère with the hand exposed before the
lead or after the first trick. Bridge: a passed-out deal, declarer's claim (a bot
opponent's; ``claim N`` is not in ``legal_actions()``) accepted or rejected by the
learning defenders (and a claim of no trick, accepted at once with
``auto_accept_proven_claims``). Court Circular: resigning a trick (``concede``, with and
without Carroll's rule) and the winner's choice of the next Lead, and the last
trick where nobody may resign.

At every decision of every scenario, for every seat, :class:`Checker` compares
with the definition ``spec.vector(spec.encode(state.typed_view(seat), sheet, picks))``:
the environment's observation (``last()`` and ``observe``), the second encoder over
the JSON view (``tests/rl/json_encoders.py``), ``write_state`` into kept arrays (a
spec and :class:`Vectors` of its own, so the environment's kept arrays are not
disturbed), and the mask (the environment's,
and ``mask_state``) with the bits of ``legal_actions()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from atout.bots import View
from atout.cards import JOKER, card_name, cards_of
from atout.games.court_circular import Phase as CCPhase
from atout.rl import AtoutEnv, env
from atout.rl.arrays import Vectors
from atout.rl.env import EpisodeKind
from atout.rl.five_hundred import PICK
from atout.rl.spec import CARD_INDEX
from tests.rl.helpers import cards_in
from tests.rl.json_encoders import encode_json
from tests.rl.test_hidden import hidden_cards

Chooser = Callable[[Any], str]
"""A scripted player: the action (engine notation) for the state, whoever is to act."""


class Checker:
    """Every seat's observation and mask, by every path, against the view's definition."""

    def __init__(self, e: AtoutEnv) -> None:
        self.e = e
        self.spec = e.spec
        # write_state keeps per-seat notes of what it wrote last: a spec of its own for the
        # arrays kept here, so the environment's own kept arrays stay the ones it wrote.
        self.shadow = type(e.spec)(e.spec.rules)
        self.vectors = Vectors(self.shadow, e.game.players)
        self.checks = 0
        self.writes = 0
        self.masks_from_state = 0

    def __call__(self) -> None:
        e = self.e
        match = e.match
        state: Any = match.state
        assert state is e._state
        sheet = e._sheet
        assert sheet == match.game.tally_view(match.rules, match.tally)
        actor = getattr(state, "actor", state.turn)
        legal = state.legal_actions()
        spec = self.spec
        ended = e._ended
        selected = int(e.agent_selection[5:])
        picks = () if ended else e._picks
        if not ended:
            assert selected == actor
            assert legal
        for seat in range(e.game.players):
            seat_picks = picks if seat == selected else ()
            want = self.state_paths(state, seat, sheet, seat_picks)
            agent = f"seat_{seat}"
            if agent not in e.possible_agents:
                continue
            obs = e.observe(agent)
            np.testing.assert_array_equal(obs["observation"], want)
            acts = seat == actor and not ended
            if acts:
                want_mask = spec.mask(legal, seat_picks)
                assert want_mask.any()
            else:
                want_mask = np.zeros(len(spec.actions), np.int8)
            np.testing.assert_array_equal(obs["action_mask"], want_mask)
            if agent == e.agent_selection:
                last = e.last()[0]
                assert last is not None
                np.testing.assert_array_equal(last["observation"], want)
                np.testing.assert_array_equal(last["action_mask"], want_mask)
        if legal and actor is not None:
            bits = spec.mask_state(state, picks)
            if bits is not None:
                assert bits == spec.mask_bits(legal, picks)
                self.masks_from_state += 1
        self.checks += 1

    def state_paths(self, state: Any, seat: int, sheet: Any, picks: tuple[int, ...]) -> Any:
        """The view's vector for ``seat``, checked equal to the JSON view's and to the
        direct writes (those on a shadow spec, the environment's path without picks)."""
        spec = self.spec
        view = state.typed_view(seat)
        want = spec.vector(spec.encode(view, sheet, picks))
        json = encode_json(spec, state.view(seat), sheet, picks)
        np.testing.assert_array_equal(spec.vector(json), want)
        unpicked = spec.vector(spec.encode(view, sheet, ())) if picks else want
        shadow = self.shadow
        slots, kept = self.vectors.direct(seat)
        if shadow.write_state(state, seat, sheet, slots, kept):
            got = self.vectors.wrote(seat)
            self.writes += 1
        else:
            slots, _ = self.vectors.direct(seat)
            shadow.write_view(view, sheet, (), slots)
            got = self.vectors.wrote(seat, by_state=False)
        np.testing.assert_array_equal(got, unpicked)
        return want

    def state_only(self, state: Any, sheet: Any) -> None:
        """The paths for a state the environment never showed (a deal it settled and left)."""
        for seat in range(self.e.game.players):
            self.state_paths(state, seat, sheet, ())


def drive(
    e: AtoutEnv,
    seed: int,
    choose: Chooser,
    *,
    until: Callable[[AtoutEnv], bool] | None = None,
    each: Callable[[AtoutEnv], None] | None = None,
    limit: int = 300,
) -> Checker:
    """Reset with ``seed`` and act by ``choose`` for the selected agent, checking every
    decision (each pick of a Five Hundred discard too) and the end, until the episode ends
    or ``until``. ``each`` runs after every check (scenario assertions)."""
    e.reset(seed=seed)
    check = Checker(e)
    for _ in range(limit):
        check()
        if each is not None:
            each(e)
        if e._ended or (until is not None and until(e)):
            return check
        state: Any = e._state
        action = choose(state)
        if action.startswith("discard "):  # three picks, the agent selected throughout
            agent = e.agent_selection
            for i, name in enumerate(action.split()[1:]):
                e.step(PICK + CARD_INDEX[name])
                if i < 2:
                    assert e.agent_selection == agent and len(e._picks) == i + 1
                    check()
        else:
            assert action in state.legal_actions()
            e.step(e.spec.index_now(action, state))
    raise AssertionError(f"scenario did not end in {limit} decisions")


def _rank(action: str) -> int:
    """A card action's rank (2 = 0 .. A = 12; the joker above all)."""
    card = CARD_INDEX[action.split()[0]]
    return 99 if card == JOKER else card % 13


# Five Hundred.


def five_hundred_player(calls: dict[int, str], *, contractor_high: bool = False) -> Chooser:
    """``calls``: the call made at each position of the auction (else ``pass``). The
    contractor discards his three highest cards and plays his lowest, the others their
    highest (so that a misère lasts); ``contractor_high`` the other way round (so that
    it is lost at once)."""

    def choose(state: Any) -> str:
        phase = state.phase
        if phase == "auction":
            return calls.get(len(state.auction), "pass")
        if phase == "kitty":
            held = sorted(cards_of(state.discardable()), key=lambda c: _rank(card_name(c)))
            return "discard " + " ".join(card_name(c) for c in held[-3:])
        legal = state.legal_actions()
        pick = min if (state.turn == state.contractor) != contractor_high else max
        return str(pick(legal, key=_rank))

    return choose


@pytest.mark.parametrize("episode", ["game", "deal"])
def test_five_hundred_all_pass_throws_in(episode: EpisodeKind) -> None:
    """Four passes: the deal is thrown in, nobody scores, the deal passes to the left."""
    e = env("five-hundred", episode=episode)
    check = drive(e, 3, five_hundred_player({}), until=lambda e: len(e.match.deals) > 1)
    match = e.match
    first = match.deals[0]
    state: Any = first.state
    assert state.is_thrown_in() and state.contractor is None
    assert [code for _, code in state.auction] == [-1] * 4
    assert first.settlement is not None and first.settlement.points == (0, 0)
    if episode == "deal":
        assert e._ended and len(match.deals) == 1
        assert all(e.terminations.values()) and set(e.rewards.values()) == {0.0}
    else:
        assert not e._ended and len(match.deals) == 2
        new: Any = match.state
        assert new.deal.dealer == (state.deal.dealer + 1) % 4
        assert new.phase == "auction" and new.turn == (new.deal.dealer + 1) % 4
        assert e.agent_selection == f"seat_{new.turn}"
        assert sum(e._cumulative_rewards.values()) == 0.0
        check.state_only(state, e.game.tally_view(match.rules, first.settlement.tally))
    assert check.checks >= 4


def test_five_hundred_misere_partner_sits_out() -> None:
    e = env("five-hundred", misere=True, episode="deal")
    selected: list[tuple[int, int]] = []

    def note(e: AtoutEnv) -> None:
        state: Any = e._state
        if state.phase == "play":
            selected.append((int(e.agent_selection[5:]), len(state.trick)))

    check = drive(e, 1, five_hundred_player({0: "7S", 1: "misere"}), each=note)
    state: Any = e.match.state
    contractor = (state.deal.dealer + 2) % 4
    partner = (contractor + 2) % 4
    assert state.contract == "misere" and state.contractor == contractor
    assert state.sits_out == partner and state.exposed() is None
    assert state.is_over() and state.made() is not None
    tricks = state.completed_tricks
    assert len(tricks) >= 2  # played, not just bid
    assert all(len(cards) == 3 for _, cards, _ in tricks)
    assert state.hand(partner).bit_count() == 10  # never played a card
    assert selected and partner not in {seat for seat, _ in selected}
    view = state.view(partner)
    assert view["contract"]["sits_out"] == partner and view["legal"] == []
    assert check.writes > 0 and check.masks_from_state > 0


@pytest.mark.parametrize("lost_at_once", [False, True], ids=["played", "lost-at-once"])
@pytest.mark.parametrize("expose", ["before_lead", "after_first_trick"])
def test_five_hundred_open_misere_exposes_the_hand(expose: str, lost_at_once: bool) -> None:
    """Every seat sees the contractor's hand once it is face up, and no other hidden card
    (lost at once: the contractor wins the first trick, and the hand is face up only at
    the end of the deal)."""
    e = env("five-hundred", misere=True, open_misere_expose=expose, episode="deal")
    seen: dict[str, int] = {"hidden": 0, "shown": 0}
    card_blocks = [name for name, block in e.spec.layout.blocks.items() if block.cards]

    def look(e: AtoutEnv) -> None:
        state: Any = e._state
        if state.phase in ("auction", "kitty"):
            return
        contractor = state.contractor
        face_up = expose == "before_lead" or bool(state.completed_tricks)
        assert state.exposed() == (contractor if face_up else None)
        seen["shown" if face_up else "hidden"] += 1
        for seat in range(4):
            obs = e.observe(f"seat_{seat}")["observation"]
            exposed = cards_in(e, obs, "exposed")[0]
            want = set(cards_of(state.hand(contractor))) if face_up else set()
            assert exposed == want, (seat, expose)
            shown: set[int] = set()
            for name in card_blocks:
                for cards in cards_in(e, obs, name):
                    shown |= cards
            assert not shown & hidden_cards(e.match, seat)

    player = five_hundred_player({0: "open-misere"}, contractor_high=lost_at_once)
    drive(e, 2, player, each=look)
    state: Any = e.match.state
    assert state.contract == "open-misere"
    assert state.contractor == (state.deal.dealer + 1) % 4
    assert state.sits_out == (state.contractor + 2) % 4
    assert state.is_over() and state.made() is False
    tricks = len(state.completed_tricks)
    assert tricks == 1 if lost_at_once else tricks >= 2
    if expose == "after_first_trick":
        assert seen["hidden"] == 3  # the first trick was played with the hand still hidden
        assert seen["shown"] == (1 if lost_at_once else 3 * (tricks - 1) + 1)
    else:
        assert seen["hidden"] == 0 and seen["shown"] == 3 * tricks + 1


# Bridge.


class ClaimingDeclarer:
    """A bot that opens 1NT (so becomes declarer when everyone else passes), plays its
    first legal card, and claims all but ``leave`` of the remaining tricks once
    ``claim_after``'s next count of finished tricks is reached."""

    def __init__(self, claim_after: Sequence[int], *, leave: int | None = 1) -> None:
        self.claim_after = list(claim_after)
        self.leave = leave
        """Tricks left to the defenders (``None``: all, a claim of no further trick)."""
        self.claims: list[int] = []

    def choose(self, view: View) -> str:
        legal = view["legal"]
        if view["phase"] == "auction":
            bid = any(call != "pass" for _, call in view["auction"])
            return "pass" if bid else "1NT"
        assert not any(a.startswith("claim") for a in legal)
        done = len(view["tricks"])
        if view["can_claim"] and self.claim_after and done >= self.claim_after[0]:
            self.claim_after.pop(0)
            self.claims.append(done)
            remaining = 13 - done
            return f"claim {0 if self.leave is None else remaining - self.leave}"
        return str(legal[0])


def bridge_defender(answers: list[str]) -> Chooser:
    """Pass in the auction, play the first legal card, answer claims from ``answers``."""

    def choose(state: Any) -> str:
        if state.phase == "auction":
            return "pass"
        if state.phase == "claim":
            return answers.pop(0)
        return str(state.legal_actions()[0])

    return choose


@pytest.mark.parametrize("scoring", ["rubber", "duplicate"])
@pytest.mark.parametrize("episode", ["game", "deal"])
def test_bridge_passed_out(scoring: str, episode: EpisodeKind) -> None:
    e = env("bridge", scoring=scoring, episode=episode)
    check = drive(e, 4, bridge_defender([]), until=lambda e: len(e.match.deals) > 1)
    match = e.match
    first = match.deals[0]
    state: Any = first.state
    assert state.is_passed_out() and state.is_over() and state.declarer is None
    assert first.settlement is not None and first.settlement.points == (0, 0)
    if episode == "deal":
        assert e._ended and len(match.deals) == 1
    else:
        assert len(match.deals) == 2
        new: Any = match.state
        assert new.deal.dealer == first.settlement.next_dealer
        assert new.phase == "auction" and e.agent_selection == f"seat_{new.turn}"
        check.state_only(state, e.game.tally_view(match.rules, first.settlement.tally))
    assert check.checks >= 4


def _bridge_claim_env(seed: int, bot: ClaimingDeclarer, **options: Any) -> tuple[AtoutEnv, int]:
    """A rubber deal where the bot's seat is the one to open (the others pass)."""
    probe = env("bridge", episode="deal", **options)
    probe.reset(seed=seed)
    first = probe.match.state.turn
    assert first is not None
    return env("bridge", episode="deal", opponents={first: bot}, **options), first


@pytest.mark.parametrize(
    ("claim_after", "answers", "accepted"),
    [
        ([3], ["accept", "accept"], True),
        ([2, 6], ["reject", "accept", "reject"], False),
    ],
    ids=["accepted", "rejected-by-each-defender"],
)
def test_bridge_claim_answered_by_agents(
    claim_after: list[int], answers: list[str], accepted: bool
) -> None:
    """A bot declarer claims; the learning defenders answer (both must accept)."""
    bot = ClaimingDeclarer(claim_after)
    e, declarer = _bridge_claim_env(5, bot)
    pending: list[tuple[int, int, tuple[int, int], int]] = []
    answer = {e.spec.index["accept"], e.spec.index["reject"]}

    def note(e: AtoutEnv) -> None:
        state: Any = e._state
        if state.phase != "claim":
            return
        # The defender to answer is selected; its mask is exactly accept / reject.
        seat = int(e.agent_selection[5:])
        assert seat in ((declarer + 1) % 4, (declarer + 3) % 4)
        mask = e.observe(e.agent_selection)["action_mask"]
        assert set(np.flatnonzero(mask)) == answer
        assert "claim" not in " ".join(state.legal_actions())
        for s in range(4):
            claim = state.view(s)["claim"]
            assert (claim["by"], claim["tricks"]) == (declarer, state.claimed_tricks)
            assert len(claim["hand"]) == state.hand(declarer).bit_count()  # faced (Law 68)
        pending.append((seat, state.claimed_tricks, state.tricks_won, len(state.trick)))

    check = drive(e, 5, bridge_defender(answers), each=note)
    state: Any = e.match.state
    assert state.declarer == declarer and state.contract_name == "1NT"
    assert not answers  # every scripted answer was given
    assert len(bot.claims) == len(claim_after)
    assert state.is_over()
    side = declarer % 2
    if accepted:
        _, claimed, won, in_trick = pending[-1]
        assert [p[0] for p in pending] == [(declarer + 1) % 4, (declarer + 3) % 4]
        assert state.result()["claimed"] and state.claimed_tricks == claimed
        done = len(state.completed_tricks)
        assert done == bot.claims[0] and claimed == 12 - done
        assert state.tricks_won[side] == won[side] + claimed
        assert state.tricks_won[1 - side] == won[1 - side] + 13 - done - claimed
        # Claimed in a trick in progress (part of the claim), left on the table as it was.
        assert in_trick > 0 and len(state.trick) == in_trick
    else:
        # LHO rejects the first claim; LHO accepts the second, RHO rejects it.
        assert [p[0] for p in pending] == [
            (declarer + 1) % 4,
            (declarer + 1) % 4,
            (declarer + 3) % 4,
        ]
        assert not state.result()["claimed"] and state.claimed_tricks is None
        # After each rejection declarer (the bot) played on, from his hand or dummy's.
        actions = e.match.current.actions
        rejected = [i for i, (_, action) in enumerate(actions) if action == "reject"]
        assert len(rejected) == 2
        for i in rejected:
            seat, action = actions[i + 1]
            assert seat in (declarer, (declarer + 2) % 4) and action in CARD_INDEX
        assert len(state.completed_tricks) == 13 and sum(state.tricks_won) == 13
    assert check.writes > 0 and check.masks_from_state > 0


# Court Circular.


def court_circular_player(plan: list[str]) -> Chooser:
    """``plan``: the first decisions (``card``: the first card held, ``concede``); then the
    first card held, and as winner the last card on the table for the next Lead."""
    plan = list(plan)

    def choose(state: Any) -> str:
        legal = state.legal_actions()
        if state.phase is CCPhase.LEAD:
            return str(legal[-1])
        if plan:
            step = plan.pop(0)
            if step == "concede":
                return "concede"
        return str(legal[0])

    return choose


@pytest.mark.parametrize("carroll", [False, True])
def test_court_circular_concede_and_lead_choice(carroll: bool) -> None:
    """Default: first-hand resigns at his second card (he has one down; his opponent
    could not resign at move 2). Carroll's rule: the second player resigns at move 2.
    The winner then picks the next Lead among the cards put down; the deal is played out,
    its last trick without ``concede``."""
    e = env("court-circular", carroll_resign=carroll, episode="deal")
    concede = e.spec.index["concede"]
    log: list[tuple[Any, list[int]]] = []

    def note(e: AtoutEnv) -> None:
        if not e._ended:
            mask = e.observe(e.agent_selection)["action_mask"]
            log.append((e._state, list(np.flatnonzero(mask))))

    plan = ["card", "concede"] if carroll else ["card", "card", "concede"]
    drive(e, 6, court_circular_player(plan), each=note)
    first_hand = log[0][0].turn
    resigner = 1 - first_hand if carroll else first_hand
    moves = 2 if carroll else 3
    # Before the resignation: concede offered exactly when the rules allow it.
    for move, (state, legal) in enumerate(log[:moves]):
        assert state.phase is CCPhase.PLAY and len(state.trick) == move
        allowed = move == moves - 1
        assert (concede in legal) == allowed == state.may_concede(), move
    state, legal = log[moves]
    assert state.phase is CCPhase.LEAD and state.turn == 1 - resigner
    table = log[moves - 1][0].trick
    assert len(state.trick) == moves - 1 and state.trick == table
    assert legal == sorted(e.spec.index[f"lead {card_name(c)}"] for c in table)
    assert state.completed_tricks[-1][2] == 1 - resigner
    after, _ = log[moves + 1]
    assert after.phase is CCPhase.PLAY and after.leader == 1 - resigner
    assert after.lead == max(table)  # the chooser's pick: the last card of the lead list
    # The last trick: nobody may resign; the deal ends with everything collected.
    last = [legal for state, legal in log if state.phase is CCPhase.PLAY and state.is_last_trick()]
    assert last and all(concede not in legal for legal in last)
    final: Any = e.match.state
    assert final.is_over() and final.hand(0) == final.hand(1) == 0


def test_bridge_claim_of_no_trick_needs_no_answer() -> None:
    """With ``auto_accept_proven_claims`` a claim of no further trick (which cannot harm
    the defenders) ends the deal at once: no defender is asked."""
    bot = ClaimingDeclarer([4], leave=None)
    e, declarer = _bridge_claim_env(5, bot, auto_accept_proven_claims=True)
    phases: list[str] = []
    check = drive(e, 5, bridge_defender([]), each=lambda e: phases.append(e._state.phase))
    state: Any = e.match.state
    assert "claim" not in phases and state.declarer == declarer
    assert state.is_over() and state.result()["claimed"] and state.claimed_tricks == 0
    done = len(state.completed_tricks)
    assert done == bot.claims[0] and sum(state.tricks_won) == 13
    assert state.tricks_won[1 - declarer % 2] >= 13 - done
    assert check.checks > 10 and e._ended
