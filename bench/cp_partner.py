"""Fit Court Piece Hard's model of its own card choice, read in its partner's plays.

Usage: ``python bench/cp_partner.py RECORDS [RECORDS ...] [--held-out K] [--name NAME]``

``RECORDS`` are folders of ``bench/panel.py --records`` matches (side 0 Hard,
``-swapped`` files side 1). Every card a Hard seat played with a choice is a
sample: the features of each legal card (:func:`partner.features`) and the
one played. A softmax over the legal cards of a linear score is fitted per
situation (lead, follow suit, show out) by maximum likelihood (full-batch
gradient steps, a small L2 pull to zero); every ``K``-th match is held out.
Printed: per situation, the held-out log likelihood a decision against a
uniform choice and how often the model's likeliest card is the card played;
then :data:`partner.WEIGHTS` (or, ``--name CONVENTION_WEIGHTS``, for records of Hard playing
by :data:`~atout.bots.court_piece.hard.CONVENTION`, :data:`partner.CONVENTION_WEIGHTS`) to
paste into ``src/atout/bots/court_piece/partner.py``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from atout.analysis.judge import is_play
from atout.bots.court_piece import partner
from atout.bots.levels import typed
from atout.cards import parse_card
from atout.games.court_piece_view import CourtPieceView
from atout.notation.record import load_record

Sample = tuple[int, list[list[float]], int]


def samples(path: Path) -> list[Sample]:
    """Every choice the Hard seats of one match made: (situation, features, card index)."""
    side = int(path.stem.endswith("-swapped"))
    match = load_record(path)
    out: list[Sample] = []
    for deal in match.deals:
        state = match.game.start(match.rules, deal.layout, deal.tally_before)
        for who, action in deal.actions:
            if who % 2 == side and is_play(state, action):
                seen = typed(state.view(who), CourtPieceView)
                assert seen.trump is not None
                hand = seen.hand
                moment = partner.moment_of(partner.tricks_of(seen), who, int(seen.trump))
                trick = list(moment.trick)
                cards = partner.legal(hand, trick)
                if len(cards) > 1:
                    rows = [partner.features(c, hand, moment, cards) for c in cards]
                    chosen = cards.index(parse_card(action))
                    out.append((partner.situation(hand, trick), rows, chosen))
            state = state.apply(action, who)
    return out


def _arrays(data: list[Sample]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    width = max(len(rows) for _, rows, _ in data)
    x = np.zeros((len(data), width, len(partner.FEATURES)))
    mask = np.zeros((len(data), width), dtype=bool)
    y = np.zeros(len(data), dtype=int)
    for i, (_, rows, chosen) in enumerate(data):
        x[i, : len(rows)] = rows
        mask[i, : len(rows)] = True
        y[i] = chosen
    return x, mask, y


def _log_softmax(x: np.ndarray, mask: np.ndarray, w: np.ndarray) -> np.ndarray:
    scores = np.where(mask, x @ w, -np.inf)
    top = scores.max(axis=1, keepdims=True)
    return scores - top - np.log(np.exp(scores - top).sum(axis=1, keepdims=True))


def fit(data: list[Sample], steps: int = 3000, l2: float = 1e-3) -> np.ndarray:
    """Maximum-likelihood weights (Adam on the mean negative log likelihood)."""
    x, mask, y = _arrays(data)
    w = np.zeros(len(partner.FEATURES))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    rows = np.arange(len(y))
    for step in range(1, steps + 1):
        p = np.exp(_log_softmax(x, mask, w))
        expected = (p[:, :, None] * x).sum(axis=1)
        grad = (expected - x[rows, y]).mean(axis=0) + l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= 0.05 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return w


def score(data: list[Sample], w: np.ndarray) -> tuple[float, float, float]:
    """Mean log likelihood a decision, the uniform choice's, and the top card's hit rate."""
    x, mask, y = _arrays(data)
    logp = _log_softmax(x, mask, w)
    rows = np.arange(len(y))
    uniform = float(-np.log(mask.sum(axis=1)).mean())
    hits = float((np.where(mask, logp, -np.inf).argmax(axis=1) == y).mean())
    return float(logp[rows, y].mean()), uniform, hits


def main() -> None:
    """Fit, print the held-out figures and the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, nargs="+")
    parser.add_argument("--held-out", type=int, default=5, help="Hold out every K-th match.")
    parser.add_argument(
        "--name",
        default="WEIGHTS",
        help="The constant printed (CONVENTION_WEIGHTS for records of Hard by convention).",
    )
    args = parser.parse_args()
    paths = sorted(p for folder in args.records for p in folder.glob("*.json"))
    train: list[Sample] = []
    test: list[Sample] = []
    for i, path in enumerate(paths):
        (test if i % args.held_out == 0 else train).extend(samples(path))
    print(f"{len(paths)} matches, {len(train)} decisions to fit, {len(test)} held out")
    weights = []
    for name, kind in (("lead", partner.LEAD), ("follow", partner.FOLLOW), ("void", partner.VOID)):
        fit_on = [s for s in train if s[0] == kind]
        check = [s for s in test if s[0] == kind]
        w = fit(fit_on)
        model, uniform, hits = score(check, w)
        print(
            f"{name:6} fitted on {len(fit_on):5}, held out {len(check):5}: log likelihood "
            f"{model:.3f} a decision against uniform {uniform:.3f}, top card {hits:.1%}"
        )
        every = [s for s in train + test if s[0] == kind]
        weights.append([f"{round(float(a), 3) + 0.0:.3f}" for a in fit(every)])  # no -0.000
    print("# fmt: off")
    print(f"{args.name}: tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]] = (")
    for row in weights:
        lines = [", ".join(row[i : i + 8]) for i in range(0, len(row), 8)]
        print("    (" + ",\n     ".join(lines) + "),")
    print(")")
    print("# fmt: on")


if __name__ == "__main__":
    main()
