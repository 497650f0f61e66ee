/* atout.bots.court_piece._tree: the Court Piece tree search's native kernel.
 *
 * The same search as atout/bots/court_piece/tree.py (the reference, and
 * the fallback where this module is missing), decision for decision: the
 * same random numbers (xorshift64*), the same tie-breaks, so both give the
 * same card after the same number of iterations (tests/bots check it).
 *
 * Single-observer ISMCTS over given worlds (four hands each, bitmasks with
 * card = suit * 13 + rank, rank 0 the two): one tree shared by every world,
 * taken in turn; our side's cards by UCB1 with availability counts, each
 * opponent's card by the policy the world gives him (the greedy rule,
 * atout.bots.court_piece.greedy, unless told otherwise: the panel's cautious
 * or aggressive style, atout.bots.styles, or a random legal card), and below
 * the tree our side by the greedy rule and each opponent by his policy until
 * one side has the tricks that decide the deal.
 *
 * Why C: Python spends about 200-250 us an iteration of a full deal, this
 * 1.5-2 us; at the same time budget the tree grows 100 times larger or more,
 * and that is what makes the search stronger than double dummy against
 * greedy play (docs/bots.md).  The search touches no Python object, so it
 * runs without the GIL (the server's bots think in threads).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define SUIT(c) ((c) / 13)
#define SUIT_MASK(s) (0x1FFFULL << (13 * (s)))
#define DECK ((1ULL << 52) - 1)

typedef struct {
    int card;
    int first_child;
    int sibling;
    int visits;
    int available;
    double total;
} Node;

typedef struct {
    Node *nodes;
    int size;
    int capacity;
} Pool;

static int pool_new(Pool *pool, int card)
{
    if (pool->size == pool->capacity) {
        int capacity = pool->capacity ? 2 * pool->capacity : 1 << 16;
        Node *grown = realloc(pool->nodes, (size_t)capacity * sizeof(Node));
        if (!grown)
            return -1;
        pool->nodes = grown;
        pool->capacity = capacity;
    }
    Node *node = &pool->nodes[pool->size];
    node->card = card;
    node->first_child = -1;
    node->sibling = -1;
    node->visits = 0;
    node->available = 1;
    node->total = 0.0;
    return pool->size++;
}

static int find_child(const Pool *pool, int parent, int card)
{
    for (int i = pool->nodes[parent].first_child; i >= 0; i = pool->nodes[i].sibling)
        if (pool->nodes[i].card == card)
            return i;
    return -1;
}

static int add_child(Pool *pool, int parent, int card)
{
    int child = pool_new(pool, card);
    if (child < 0)
        return -1;
    pool->nodes[child].sibling = pool->nodes[parent].first_child;
    pool->nodes[parent].first_child = child;
    return child;
}

static inline int lowest_bit(u64 x) { return __builtin_ctzll(x); }
static inline int highest_bit(u64 x) { return 63 - __builtin_clzll(x); }

static int popcount(u64 x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static int trick_winner(const int *cards, int n, int trump)
{
    int best = cards[0], index = 0;
    for (int i = 1; i < n; i++) {
        int card = cards[i];
        if (SUIT(card) == SUIT(best)) {
            if (card > best) {
                best = card;
                index = i;
            }
        } else if (SUIT(card) == trump) {
            best = card;
            index = i;
        }
    }
    return index;
}

static u64 legal_cards(u64 hand, const int *trick, int n)
{
    if (n == 0)
        return hand;
    u64 same = hand & SUIT_MASK(SUIT(trick[0]));
    return same ? same : hand;
}

/* The lowest card: non-trumps first, then the lower rank, then the lower index. */
static int lowest(u64 cards, int trump)
{
    int best = -1, best_key = 1 << 30;
    for (u64 m = cards; m; m &= m - 1) {
        int card = lowest_bit(m);
        int key = (SUIT(card) == trump) * 16 + card % 13;
        if (key < best_key) {
            best_key = key;
            best = card;
        }
    }
    return best;
}

static int greedy_card(u64 cards, const int *trick, int n, int trump)
{
    if (n == 0) {
        u64 plain = cards & ~SUIT_MASK(trump);
        if (!plain)
            plain = cards;
        int best_suit = -1, best_length = -1, best_rank = -1;
        for (int s = 0; s < 4; s++) {
            u64 m = plain & SUIT_MASK(s);
            if (!m)
                continue;
            int length = popcount(m), rank = highest_bit(m) - 13 * s;
            if (length > best_length || (length == best_length && rank > best_rank)) {
                best_suit = s;
                best_length = length;
                best_rank = rank;
            }
        }
        return highest_bit(plain & SUIT_MASK(best_suit));
    }
    int winner = trick_winner(trick, n, trump);
    if (n - winner == 2)
        return lowest(cards, trump);
    int best = trick[winner];
    u64 winners = 0;
    for (u64 m = cards; m; m &= m - 1) {
        int card = lowest_bit(m);
        if ((SUIT(card) == SUIT(best) && card > best) || (SUIT(card) == trump && SUIT(best) != trump))
            winners |= 1ULL << card;
    }
    return lowest(winners ? winners : cards, trump);
}

/* The reply policies (atout.bots.court_piece.tree.POLICY_CODES): greedy, the panel's two
 * styles (atout.bots.styles), a player who plays any legal card, and the book player
 * (atout.bots.book, Medium's card play); the rule players card for card, which tests/bots
 * check on random positions. */
enum { GREEDY = 0, CAUTIOUS = 1, AGGRESSIVE = 2, UNIFORM = 3, BOOK = 4, POLICY_COUNT = 5 };

#define HONOURS(s) (0x1C00ULL << (13 * (s))) /* queen, king, ace */

/* Every higher card of the suit is gone (atout.bots.book.is_boss). */
static int is_boss(int card, u64 gone)
{
    u64 higher = SUIT_MASK(SUIT(card)) & ~((2ULL << card) - 1);
    return !(higher & ~gone);
}

/* The cards that would win the trick now (plain_trick_winner on the trick and the card). */
static u64 winning_cards(u64 cards, const int *trick, int n, int trump)
{
    int best = trick[trick_winner(trick, n, trump)];
    u64 winners = 0;
    for (u64 m = cards; m; m &= m - 1) {
        int card = lowest_bit(m);
        if ((SUIT(card) == SUIT(best) && card > best) || (SUIT(card) == trump && SUIT(best) != trump))
            winners |= 1ULL << card;
    }
    return winners;
}

/* styles._discard: the lowest card of the side suit with the fewest honours, sparing bosses
 * and trumps; the key (boss, honours in its suit, rank, card). */
static int discard(u64 cards, int trump, u64 gone)
{
    u64 plain = cards & ~SUIT_MASK(trump);
    if (!plain)
        plain = cards;
    int best = -1, best_key = 1 << 30;
    for (u64 m = plain; m; m &= m - 1) {
        int card = lowest_bit(m);
        int honours = popcount(plain & HONOURS(SUIT(card)));
        int key = is_boss(card, gone) * 4096 + honours * 1024 + (card % 13) * 64 + card;
        if (key < best_key) {
            best_key = key;
            best = card;
        }
    }
    return best;
}

/* styles._lead_cautious: a sure winner of a side suit, else low from a suit without honours. */
static int lead_cautious(u64 cards, int seat, int trump, u64 gone, const int *voids)
{
    u64 side = cards & ~SUIT_MASK(trump);
    if (!side)
        side = cards;
    int ruffed = voids[(seat + 1) % 4] | voids[(seat + 3) % 4];
    u64 sure = 0;
    for (u64 m = side & ~SUIT_MASK(trump); m; m &= m - 1) {
        int card = lowest_bit(m);
        if (is_boss(card, gone) && !(ruffed >> SUIT(card) & 1))
            sure |= 1ULL << card;
    }
    if (sure)
        return highest_bit(sure);
    u64 bare = 0;
    for (int s = 0; s < 4; s++)
        if (!(side & HONOURS(s)))
            bare |= side & SUIT_MASK(s);
    return lowest(bare ? bare : side, trump);
}

/* styles._lead_aggressive: the top trump with three or more while any is out, else the top
 * card of the longest side suit. */
static int lead_aggressive(u64 cards, int trump, u64 gone)
{
    u64 trumps = cards & SUIT_MASK(trump);
    if (popcount(trumps) >= 3 && (SUIT_MASK(trump) & ~gone))
        return highest_bit(trumps);
    u64 side = cards & ~SUIT_MASK(trump);
    if (!side)
        side = cards;
    int best = -1, best_key = -1;
    for (u64 m = side; m; m &= m - 1) {
        int card = lowest_bit(m);
        int key = popcount(side & SUIT_MASK(SUIT(card))) * 4096 + (card % 13) * 64 + card;
        if (key > best_key) {
            best_key = key;
            best = card;
        }
    }
    return best;
}

/* styles._follow_cautious: win only with a sure winner (or as fourth hand, cheaply), else low. */
static int follow_cautious(u64 cards, const int *trick, int n, int trump, u64 gone)
{
    int partner_wins = n - trick_winner(trick, n, trump) == 2;
    u64 winners = winning_cards(cards, trick, n, trump);
    int following = (cards & SUIT_MASK(SUIT(trick[0]))) != 0;
    if (!partner_wins && winners) {
        if (n == 3)
            return lowest(winners, trump);
        u64 sure = 0;
        for (u64 m = winners & SUIT_MASK(SUIT(trick[0])); m; m &= m - 1) {
            int card = lowest_bit(m);
            if (is_boss(card, gone))
                sure |= 1ULL << card;
        }
        if (sure)
            return lowest_bit(sure);
    }
    return following ? lowest(cards, trump) : discard(cards, trump, gone);
}

/* styles._follow_aggressive: win with the highest winner (cheaply as fourth hand or ruffing),
 * over partner too unless partner's card is a boss. */
static int follow_aggressive(u64 cards, const int *trick, int n, int trump, u64 gone)
{
    int winner = trick_winner(trick, n, trump), best = trick[winner];
    int partner_wins = n - winner == 2;
    u64 winners = winning_cards(cards, trick, n, trump);
    int following = (cards & SUIT_MASK(SUIT(trick[0]))) != 0;
    int partner_safe = partner_wins && (n == 3 || (SUIT(best) != trump && is_boss(best, gone)));
    if (winners && !partner_safe) {
        if (n == 3 || !following)
            return lowest(winners, trump);
        int top = -1, top_key = -1;
        for (u64 m = winners; m; m &= m - 1) {
            int card = lowest_bit(m);
            int key = (SUIT(card) == trump) * 4096 + (card % 13) * 64 + card;
            if (key > top_key) {
                top_key = key;
                top = card;
            }
        }
        return top;
    }
    return following ? lowest(cards, trump) : discard(cards, trump, gone);
}

/* A panel style's card (styles.choose_card): `cards` the legal ones, `hand` all the seat holds,
 * `gone` the cards out of play as the seat knows them, voids[s] the suits seat s showed out of. */
static int style_card(int policy, u64 hand, u64 cards, const int *trick, int n, int seat,
                      int trump, u64 gone, const int *voids)
{
    gone |= hand;
    if (n == 0)
        return policy == CAUTIOUS ? lead_cautious(cards, seat, trump, gone, voids)
                                  : lead_aggressive(cards, trump, gone);
    return policy == CAUTIOUS ? follow_cautious(cards, trick, n, trump, gone)
                              : follow_aggressive(cards, trick, n, trump, gone);
}

/* The cards of `cards` that are bosses (every higher card of their suit gone). */
static u64 bosses_of(u64 cards, u64 gone)
{
    u64 out = 0;
    for (u64 m = cards; m; m &= m - 1) {
        int card = lowest_bit(m);
        if (is_boss(card, gone))
            out |= 1ULL << card;
    }
    return out;
}

/* book._lead: draw trumps with a boss trump when we hold more than are out; else cash the side
 * suit boss of the suit the opponents can follow most; else from the longest suit no opponent
 * may ruff, the top of a touching honour sequence or the lowest card. */
static int book_lead(u64 hand, u64 cards, int seat, int trump, u64 gone, const int *voids)
{
    int left = voids[(seat + 1) % 4], right = voids[(seat + 3) % 4];
    u64 trumps_out = SUIT_MASK(trump) & ~gone;
    int may_ruff = trumps_out && !((left >> trump & 1) && (right >> trump & 1));
    int ruffed = may_ruff ? left | right : 0;
    if (may_ruff && popcount(hand & SUIT_MASK(trump)) > popcount(trumps_out)) {
        u64 bosses = bosses_of(cards & SUIT_MASK(trump), gone);
        if (bosses)
            return highest_bit(bosses);
    }
    int best = -1, best_key = -1;
    for (u64 m = bosses_of(cards & ~SUIT_MASK(trump), gone); m; m &= m - 1) {
        int card = lowest_bit(m);
        int key = popcount(SUIT_MASK(SUIT(card)) & ~gone) * 64 + card;
        if (!(ruffed >> SUIT(card) & 1) && key > best_key) {
            best_key = key;
            best = card;
        }
    }
    if (best >= 0)
        return best;
    u64 plain = cards & ~SUIT_MASK(trump);
    if (!plain)
        plain = cards;
    u64 safe = 0;
    for (int s = 0; s < 4; s++)
        if (!(ruffed >> s & 1))
            safe |= plain & SUIT_MASK(s);
    if (!safe)
        safe = plain;
    int suit = -1, longest = -1;
    for (int s = 0; s < 4; s++) {
        int length = popcount(hand & SUIT_MASK(s));
        if ((safe & SUIT_MASK(s)) && length > longest) {
            longest = length;
            suit = s;
        }
    }
    u64 run = safe & SUIT_MASK(suit);
    int top = highest_bit(run);
    u64 below = run & ~(1ULL << top);
    if (below && top - highest_bit(below) == 1 && top % 13 >= 9)
        return top;
    return lowest_bit(run);
}

/* book._discard: the lowest card of the weakest side suit, sparing bosses and a king's last
 * guard; the key (boss or guard, honours from the jack up in its suit, rank, card). */
static int book_discard(u64 cards, int trump, u64 gone)
{
    u64 plain = cards & ~SUIT_MASK(trump);
    if (!plain)
        plain = cards;
    int best = -1, best_key = 1 << 30;
    for (u64 m = plain; m; m &= m - 1) {
        int card = lowest_bit(m), suit = SUIT(card), rank = card % 13;
        u64 held = plain & SUIT_MASK(suit);
        int honours = popcount(held & (0x1E00ULL << (13 * suit)));
        int guard = popcount(held) == 2 && (held >> (13 * suit + 11) & 1) && rank < 11;
        int key = (is_boss(card, gone) + guard) * 4096 + honours * 1024 + rank * 64 + card;
        if (key < best_key) {
            best_key = key;
            best = card;
        }
    }
    return best;
}

/* book._follow: keep partner's sure winner, second hand low (the boss of the suit led if we
 * hold it), third hand high (a boss, else the cheapest winner), else the cheapest winner. */
static int book_follow(u64 cards, const int *trick, int n, int seat, int trump, u64 gone,
                       const int *voids)
{
    int winner = trick_winner(trick, n, trump), best = trick[winner], led = SUIT(trick[0]);
    u64 winners = winning_cards(cards, trick, n, trump);
    int following = (cards & SUIT_MASK(led)) != 0;
    int low = following ? lowest(cards, trump) : book_discard(cards, trump, gone);
    if (n - winner == 2) {
        int ruff_risk = n == 2 && led != trump && (voids[(seat + 1) % 4] >> led & 1);
        if (n == 3 || (SUIT(best) != trump && is_boss(best, gone) && !ruff_risk) || !winners)
            return low;
    }
    if (!winners)
        return low;
    if (n == 1 && following) {
        u64 bosses = bosses_of(winners & SUIT_MASK(led), gone);
        return bosses ? lowest_bit(bosses) : lowest(cards, trump);
    }
    if (n == 2 && following) {
        u64 bosses = bosses_of(winners, gone);
        return bosses ? lowest_bit(bosses) : lowest(winners, trump);
    }
    return lowest(winners, trump);
}

/* The book player's card (book.choose_card), its arguments as style_card's. */
static int book_card(u64 hand, u64 cards, const int *trick, int n, int seat, int trump, u64 gone,
                     const int *voids)
{
    gone |= hand;
    if (n == 0)
        return book_lead(hand, cards, seat, trump, gone, voids);
    return book_follow(cards, trick, n, seat, trump, gone, voids);
}

static u64 next_random(u64 *state)
{
    u64 x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The card `policy` plays (a random legal one for UNIFORM, from the search's generator). */
static int reply_card(int policy, u64 hand, u64 cards, const int *trick, int n, int seat, int trump,
                      u64 gone, const int *voids, u64 *rng)
{
    if (policy == CAUTIOUS || policy == AGGRESSIVE)
        return style_card(policy, hand, cards, trick, n, seat, trump, gone, voids);
    if (policy == BOOK)
        return book_card(hand, cards, trick, n, seat, trump, gone, voids);
    if (policy == UNIFORM) {
        int k = (int)(next_random(rng) % (u64)popcount(cards));
        while (k--)
            cards &= cards - 1;
        return lowest_bit(cards);
    }
    return greedy_card(cards, trick, n, trump);
}

/* Our side's card at one of its nodes: an untried one (expanding the tree) or UCB1's best. */
static int select_card(Pool *pool, int node, u64 cards, double exploration, u64 *rng, int *expanded)
{
    u64 untried = cards;
    for (int i = pool->nodes[node].first_child; i >= 0; i = pool->nodes[i].sibling) {
        u64 bit = 1ULL << pool->nodes[i].card;
        if (cards & bit) {
            pool->nodes[i].available++;
            untried &= ~bit;
        }
    }
    if (untried) {
        int k = (int)(next_random(rng) % (u64)popcount(untried));
        while (k--)
            untried &= untried - 1;
        *expanded = 1;
        return lowest_bit(untried);
    }
    int best = -1;
    double best_score = -INFINITY;
    for (u64 m = cards; m; m &= m - 1) {
        int card = lowest_bit(m);
        const Node *child = &pool->nodes[find_child(pool, node, card)];
        double score = child->total / child->visits
                       + exploration * sqrt(log((double)child->available) / child->visits);
        if (score > best_score) {
            best_score = score;
            best = card;
        }
    }
    return best;
}

/* How often (in iterations) the search asks whether its answer can still change. */
#define SETTLE_EVERY 1024
#define SETTLE_MARGIN 1.5

/* Whether the root's most tried card leads the next by more than `remaining` visits.
 * Every iteration adds one visit to one root card, so such a lead cannot be caught:
 * searching on would only confirm the card (_settled in the Python reference). */
static int settled(const Pool *pool, int root, double remaining)
{
    long long best = 0, second = 0;
    for (int i = pool->nodes[root].first_child; i >= 0; i = pool->nodes[i].sibling) {
        long long visits = pool->nodes[i].visits;
        if (visits > best) {
            second = best;
            best = visits;
        } else if (visits > second) {
            second = visits;
        }
    }
    return (double)(best - second) > remaining;
}

typedef struct {
    const u64 *worlds;
    int world_count, seat, trump, leader, trick_size, need;
    int trick[3];
    double fail, make, exploration, seconds;
    long long min_iterations, max_iterations;
    u64 seed;
    int settle;
    const unsigned char *policies; /* per world, per seat: its reply policy (NULL: all greedy) */
    u64 gone;                      /* the cards out of play as the opponents know them */
    int voids[4];                  /* per seat, the suits it has shown out of (bit per suit) */
} Question;

/* One root card's statistics: how often the search tried it and the sum of its values. */
typedef struct {
    int card, visits;
    double total;
} RootCard;

/* Runs the search; the card (or -1 when out of memory), the iterations done and their mean
 * value (what the position is worth to our side as the search plays it), and each root
 * card tried (`roots`, at most 13, by card; their number in `root_count`). */
static int run(const Question *q, long long *iterations, double *value, RootCard *roots,
               int *root_count)
{
    Pool pool = {0};
    int root = pool_new(&pool, -1);
    if (root < 0)
        return -1;
    int side = q->seat % 2;
    int their_need = popcount(q->worlds[q->seat]) - q->need + 1;
    u64 rng = q->seed | 1;
    double start = now_seconds(), deadline = start + q->seconds, sum = 0.0;
    long long done = 0;
    int path[32];
    for (;;) {
        if (q->max_iterations && done >= q->max_iterations)
            break;
        if (done >= q->min_iterations && (done & 63) == 0 && now_seconds() >= deadline)
            break;
        if (q->settle && done >= q->min_iterations && done > 0 && done % SETTLE_EVERY == 0) {
            /* The iterations still to come: to the cap, or at the rate so far (with a
             * margin for a slower stretch) to the deadline. */
            double remaining = q->max_iterations ? (double)(q->max_iterations - done) : INFINITY;
            if (isfinite(q->seconds)) {
                double now = now_seconds(), rate = (double)done / fmax(now - start, 1e-9);
                remaining = fmin(remaining, SETTLE_MARGIN * rate * (deadline - now) + SETTLE_EVERY);
            }
            if (settled(&pool, root, remaining))
                break;
        }
        const u64 *world = q->worlds + 4 * (done % q->world_count);
        const unsigned char *policy = q->policies ? q->policies + 4 * (done % q->world_count) : NULL;
        u64 hands[4] = {world[0], world[1], world[2], world[3]};
        u64 gone = q->gone;
        int voids[4] = {q->voids[0], q->voids[1], q->voids[2], q->voids[3]};
        int played[4], n = q->trick_size, lead = q->leader, ours = 0, theirs = 0;
        for (int i = 0; i < q->trick_size; i++)
            played[i] = q->trick[i];
        done++;
        int node = root, depth = 0, expanded = 0;
        for (;;) {
            int player = (lead + n) % 4;
            u64 cards = legal_cards(hands[player], played, n);
            if (!cards)
                break; /* a world with too few cards (refused by the Python side) */
            int card;
            if (player % 2 != side || expanded) {
                if (player % 2 != side && policy)
                    card = reply_card(policy[player], hands[player], cards, played, n, player,
                                      q->trump, gone, voids, &rng);
                else
                    card = greedy_card(cards, played, n, q->trump);
                if (!expanded) {
                    int child = find_child(&pool, node, card);
                    node = child >= 0 ? child : add_child(&pool, node, card);
                }
            } else {
                card = select_card(&pool, node, cards, q->exploration, &rng, &expanded);
                node = expanded ? add_child(&pool, node, card) : find_child(&pool, node, card);
                if (node >= 0 && depth < 32)
                    path[depth++] = node;
            }
            if (node < 0) {
                free(pool.nodes);
                return -1;
            }
            hands[player] &= ~(1ULL << card);
            gone |= 1ULL << card;
            if (n && SUIT(card) != SUIT(played[0]))
                voids[player] |= 1 << SUIT(played[0]);
            played[n++] = card;
            if (n < 4)
                continue;
            int winner = (lead + trick_winner(played, 4, q->trump)) % 4;
            if (winner % 2 == side)
                ours++;
            else
                theirs++;
            if (ours >= q->need || theirs >= their_need)
                break;
            n = 0;
            lead = winner;
        }
        double value = ours >= q->need ? q->make : q->fail;
        sum += value;
        for (int i = 0; i < depth; i++) {
            pool.nodes[path[i]].visits++;
            pool.nodes[path[i]].total += value;
        }
    }
    int best = -1, best_visits = -1;
    *root_count = 0;
    for (int i = pool.nodes[root].first_child; i >= 0; i = pool.nodes[i].sibling) {
        const Node *child = &pool.nodes[i];
        if (child->visits > best_visits || (child->visits == best_visits && child->card < best)) {
            best_visits = child->visits;
            best = child->card;
        }
        if (*root_count < 13) {
            int k = (*root_count)++;
            while (k > 0 && roots[k - 1].card > child->card) {
                roots[k] = roots[k - 1];
                k--;
            }
            roots[k] = (RootCard){child->card, child->visits, child->total};
        }
    }
    free(pool.nodes);
    *iterations = done;
    *value = done > 0 ? sum / (double)done : 0.0;
    return best;
}

static int fail_with(const char *message)
{
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

/* The checks that keep the loop inside its arrays; the Python side checks the rest. */
static int check(const Question *q)
{
    if (q->world_count < 1)
        return fail_with("no world to search");
    if (q->seat < 0 || q->seat > 3 || q->leader < 0 || q->leader > 3 || q->trump < 0 || q->trump > 3)
        return fail_with("seat, leader and trump must be 0..3");
    if (q->trick_size < 0 || q->trick_size > 3 || (q->leader + q->trick_size) % 4 != q->seat)
        return fail_with("the trick must hold the cards played before seat's turn (0..3)");
    for (int i = 0; i < q->trick_size; i++)
        if (q->trick[i] < 0 || q->trick[i] > 51)
            return fail_with("trick cards must be 0..51");
    for (int w = 0; w < q->world_count; w++)
        for (int s = 0; s < 4; s++)
            if (q->worlds[4 * w + s] & ~DECK)
                return fail_with("hands must be sets of cards 0..51");
    if (q->need < 1 || q->need > popcount(q->worlds[q->seat]))
        return fail_with("need must be 1..the cards in seat's hand");
    if (!(q->seconds >= 0) || (isinf(q->seconds) && q->max_iterations <= 0))
        return fail_with("seconds must be >= 0, and finite unless max_iterations is set");
    if (q->min_iterations < 0 || q->max_iterations < 0)
        return fail_with("iteration counts must be >= 0");
    if (q->gone & ~DECK)
        return fail_with("gone must be a set of cards 0..51");
    for (int s = 0; s < 4; s++)
        if (q->voids[s] & ~0xF)
            return fail_with("voids must be 16 bits, four suits a seat");
    if (q->policies)
        for (int i = 0; i < 4 * q->world_count; i++)
            if (q->policies[i] >= POLICY_COUNT)
                return fail_with("reply policies must be 0..3");
    return 0;
}

static PyObject *tree_search(PyObject *module, PyObject *args)
{
    Py_buffer worlds, policies = {0};
    PyObject *trick;
    Question q;
    unsigned int voids = 0;
    q.gone = 0;
    if (!PyArg_ParseTuple(args, "y*iiiOiddddLLKp|y*KI", &worlds, &q.seat, &q.trump, &q.leader,
                          &trick, &q.need, &q.fail, &q.make, &q.exploration, &q.seconds,
                          &q.min_iterations, &q.max_iterations, &q.seed, &q.settle, &policies,
                          &q.gone, &voids))
        return NULL;
    for (int s = 0; s < 4; s++)
        q.voids[s] = (int)(voids >> (4 * s) & 0xF);
    if (voids >> 16)
        q.voids[0] = 0x10; /* more than four seats' voids: refused by check() */
    q.policies = NULL;
    PyObject *result = NULL;
    u64 *copy = NULL;
    unsigned char *reply = NULL;
    PyObject *cards = PySequence_Fast(trick, "trick must be a sequence of cards");
    if (!cards)
        goto done;
    q.trick_size = (int)PySequence_Fast_GET_SIZE(cards);
    if (q.trick_size > 3) {
        fail_with("the trick must hold the cards played before seat's turn (0..3)");
        goto done;
    }
    for (int i = 0; i < q.trick_size; i++) {
        q.trick[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(cards, i));
        if (PyErr_Occurred())
            goto done;
    }
    if (worlds.len % (4 * (Py_ssize_t)sizeof(u64))) {
        fail_with("worlds must be 4 64-bit hands each");
        goto done;
    }
    q.world_count = (int)(worlds.len / (4 * (Py_ssize_t)sizeof(u64)));
    copy = malloc(worlds.len ? (size_t)worlds.len : 1);
    if (!copy) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(copy, worlds.buf, (size_t)worlds.len);
    q.worlds = copy;
    if (policies.buf && policies.len) {
        if (policies.len != 4 * (Py_ssize_t)q.world_count) {
            fail_with("reply policies must be 4 bytes a world");
            goto done;
        }
        reply = malloc((size_t)policies.len);
        if (!reply) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(reply, policies.buf, (size_t)policies.len);
        q.policies = reply;
    }
    if (check(&q) < 0)
        goto done;
    long long iterations = 0;
    double value = 0.0;
    RootCard roots[13];
    int root_count = 0, card;
    Py_BEGIN_ALLOW_THREADS
    card = run(&q, &iterations, &value, roots, &root_count);
    Py_END_ALLOW_THREADS
    if (card < 0) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *tried = PyTuple_New(root_count);
    if (!tried)
        goto done;
    for (int i = 0; i < root_count; i++) {
        PyObject *entry = Py_BuildValue("iid", roots[i].card, roots[i].visits, roots[i].total);
        if (!entry) {
            Py_DECREF(tried);
            goto done;
        }
        PyTuple_SET_ITEM(tried, i, entry);
    }
    result = Py_BuildValue("iLdN", card, iterations, value, tried);
done:
    free(copy);
    free(reply);
    Py_XDECREF(cards);
    PyBuffer_Release(&worlds);
    if (policies.obj)
        PyBuffer_Release(&policies);
    return result;
}

/* rule_misses(hands, plays, trump) -> bitmask: the plays rule play does not explain;
 * rule_split(hands, plays, trump) -> (greedy_misses, book_misses): each rule apart.
 *
 * The play evidence (atout/bots/court_piece/evidence.py) replays every earlier
 * opponent play in a sampled world: from the hand he held then (his hand in the world
 * plus the cards he has played since), would the greedy rule or the book (book_card,
 * atout.bots.book) have chosen that card? rule_misses sets bit k for play k when neither
 * would (the rule players read as one); rule_split tells them apart, for an opponent read
 * as one of them more than the other: bit k of greedy_misses when greedy's card is not the
 * one played, of book_misses when the book's is not. A forced play (one legal card)
 * explains itself (no bit). Thousands of worlds a decision ask this; the book's check was
 * in Python once, and most of the cost of drawing worlds.
 * plays: int64 fields per play: seat, since (cards played from then on), cards on the
 * table before it (0..3), those three cards (unused ones -1), the card played, then what
 * the book reads: the cards out of play before it and the voids shown (4 bits a seat). */
#define PLAY_FIELDS 9

/* Both questions' loop. split: ask the book for every play not forced; else only where
 * greedy misses (the union is then greedy & book, the book's bits unset elsewhere).
 * Returns 0, or -1 with the error set. */
static int rule_replay(const Py_buffer *hands, const Py_buffer *plays, int trump, int split,
                       u64 *greedy_misses, u64 *book_misses)
{
    const u64 *hand = hands->buf;
    const int64_t *field = plays->buf;
    Py_ssize_t count = plays->len / (PLAY_FIELDS * (Py_ssize_t)sizeof(int64_t));
    if (hands->len != 4 * (Py_ssize_t)sizeof(u64))
        return fail_with("hands must be four 64-bit hands");
    if (plays->len % (PLAY_FIELDS * (Py_ssize_t)sizeof(int64_t)) || count > 64)
        return fail_with("plays must be at most 64 plays of 9 int64 fields");
    if (trump < 0 || trump > 3)
        return fail_with("trump must be 0..3");
    u64 greedy = 0, book = 0;
    for (Py_ssize_t k = 0; k < count; k++) {
        const int64_t *play = field + PLAY_FIELDS * k;
        int seat = (int)play[0], n = (int)play[2], card = (int)play[6];
        int before[3] = {(int)play[3], (int)play[4], (int)play[5]};
        u64 gone = (u64)play[7];
        int valid = seat >= 0 && seat <= 3 && n >= 0 && n <= 3 && card >= 0 && card <= 51
                    && !((u64)play[1] & ~DECK) && !(hand[seat] & ~DECK) && !(gone & ~DECK)
                    && play[8] >= 0 && play[8] < 1 << 16;
        for (int i = 0; i < n && valid; i++)
            valid = before[i] >= 0 && before[i] <= 51;
        if (!valid)
            return fail_with("a play must be a seat 0..3, sets of cards, 0..3 cards before it, "
                             "a card and 4-bit voids");
        u64 held = hand[seat] | (u64)play[1];
        u64 cards = legal_cards(held, before, n);
        if (popcount(cards) <= 1)
            continue;
        if (greedy_card(cards, before, n, trump) != card)
            greedy |= 1ULL << k;
        else if (!split)
            continue;
        int voids[4];
        for (int s = 0; s < 4; s++)
            voids[s] = (int)(play[8] >> (4 * s) & 0xF);
        if (book_card(held, cards, before, n, seat, trump, gone, voids) != card)
            book |= 1ULL << k;
    }
    *greedy_misses = greedy;
    *book_misses = book;
    return 0;
}

/* The two questions' Python side: parse, replay, release, answer. */
static PyObject *rule_answer(PyObject *args, int split)
{
    Py_buffer hands, plays;
    int trump;
    if (!PyArg_ParseTuple(args, "y*y*i", &hands, &plays, &trump))
        return NULL;
    u64 greedy, book;
    PyObject *result = NULL;
    if (rule_replay(&hands, &plays, trump, split, &greedy, &book) == 0)
        result = split ? Py_BuildValue("(KK)", (unsigned long long)greedy,
                                       (unsigned long long)book)
                       : PyLong_FromUnsignedLongLong(greedy & book);
    PyBuffer_Release(&hands);
    PyBuffer_Release(&plays);
    return result;
}

static PyObject *rule_misses(PyObject *module, PyObject *args) { return rule_answer(args, 0); }

static PyObject *rule_split(PyObject *module, PyObject *args) { return rule_answer(args, 1); }

/* reply(policy, hand, legal, trick, seat, trump, gone, voids) -> card: one reply of the
 * search's opponents (not UNIFORM), for the tests that hold it to atout.bots.styles and book. */
static PyObject *reply(PyObject *module, PyObject *args)
{
    int policy, seat, trump, trick[3] = {-1, -1, -1}, voids[4];
    unsigned long long hand, legal, gone;
    unsigned int packed;
    PyObject *table;
    if (!PyArg_ParseTuple(args, "iKKOiiKI", &policy, &hand, &legal, &table, &seat, &trump, &gone,
                          &packed))
        return NULL;
    PyObject *cards = PySequence_Fast(table, "trick must be a sequence of cards");
    if (!cards)
        return NULL;
    int n = (int)PySequence_Fast_GET_SIZE(cards);
    int valid = n <= 3;
    for (int i = 0; i < n && valid; i++) {
        trick[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(cards, i));
        valid = !PyErr_Occurred() && trick[i] >= 0 && trick[i] <= 51;
    }
    Py_DECREF(cards);
    if (PyErr_Occurred())
        return NULL;
    if (!valid || policy < 0 || policy == UNIFORM || policy >= POLICY_COUNT || seat < 0 || seat > 3 || trump < 0
        || trump > 3 || !legal || (legal & ~hand) || (hand & ~DECK) || (gone & ~DECK)
        || (packed >> 16)) {
        fail_with("reply needs a policy 0..2 or 4, legal cards in the hand, 0..3 cards, seat and trump");
        return NULL;
    }
    for (int s = 0; s < 4; s++)
        voids[s] = (int)(packed >> (4 * s) & 0xF);
    u64 rng = 1;
    return PyLong_FromLong(reply_card(policy, hand, legal, trick, n, seat, trump, gone, voids, &rng));
}

/* A trump call read as evidence (atout.bots.court_piece.evidence.rule_call_likelihood): the
 * key a call rule gives one suit's cards among the first five (`ranks`, 13 bits), as one
 * integer ordered like the rule's tuple: greedy's name_trump (length, cards of ten and up,
 * rank sum) or Medium's (length + 0.3 an honour + 0.5 an ace-king, then the rank sum; scaled
 * by ten, which orders the same: no two other lengths and honours make the same sum). */
static int call_key(unsigned ranks, int rule)
{
    int length = popcount(ranks), sum = 0;
    for (u64 m = ranks; m; m &= m - 1)
        sum += lowest_bit(m);
    if (rule == 0)
        return (length * 8 + popcount(ranks & 0x1F00)) * 64 + sum;
    int tops = (ranks & 0x1800) == 0x1800 ? 5 : 0;
    return (10 * length + 3 * popcount(ranks & 0x1E00) + tops) * 64 + sum;
}

static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* How many of `keys` (sorted) are below `key`, or at most `key` when `ties` win for them. */
static int below(const int *keys, int count, int key, int ties)
{
    int low = 0, high = count;
    while (low < high) {
        int mid = (low + high) / 2;
        if (keys[mid] < key || (ties && keys[mid] == key))
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

/* Each size's keys, sorted, for one suit's subsets of at most five cards. Buffers are static:
 * the kernel runs this holding the GIL. */
static int suit_keys[4][6][1287];
static int suit_counts[4][6];

/* The share of the deal's five-card subsets from which the rule names `trump`: for each
 * subset of the trump suit, the other suits' subsets that lose to it, by size, combined to
 * five cards. */
static double call_share(u64 deal, int trump, int rule)
{
    int n = popcount(deal);
    if (n < 5)
        return 0.0;
    for (int s = 0; s < 4; s++) {
        unsigned mask = (unsigned)(deal >> (13 * s) & 0x1FFF);
        memset(suit_counts[s], 0, sizeof suit_counts[s]);
        for (unsigned sub = mask;; sub = (sub - 1) & mask) {
            int size = popcount(sub);
            if (size <= 5)
                suit_keys[s][size][suit_counts[s][size]++] = call_key(sub, rule);
            if (!sub)
                break;
        }
        for (int m = 0; m <= 5; m++)
            qsort(suit_keys[s][m], (size_t)suit_counts[s][m], sizeof(int), by_value);
    }
    double ways = 0.0;
    for (int k = 1; k <= 5; k++) {
        for (int i = 0; i < suit_counts[trump][k]; i++) {
            int key = suit_keys[trump][k][i];
            double counts[6] = {1, 0, 0, 0, 0, 0};
            for (int s = 0; s < 4; s++) {
                if (s == trump)
                    continue;
                double next[6] = {0, 0, 0, 0, 0, 0};
                for (int m = 0; m <= 5 - k; m++) {
                    int losing = below(suit_keys[s][m], suit_counts[s][m], key, s > trump);
                    for (int j = 0; j + m <= 5 - k; j++)
                        next[j + m] += counts[j] * losing;
                }
                memcpy(counts, next, sizeof counts);
            }
            ways += counts[5 - k];
        }
    }
    double total = 1.0;
    for (int i = 0; i < 5; i++)
        total = total * (n - i) / (i + 1);
    return ways / total;
}

static PyObject *call_likelihood(PyObject *module, PyObject *args)
{
    unsigned long long deal;
    int trump, rule;
    if (!PyArg_ParseTuple(args, "Kii", &deal, &trump, &rule))
        return NULL;
    if ((deal & ~DECK) || trump < 0 || trump > 3 || rule < 0 || rule > 1) {
        fail_with("call_likelihood needs a set of cards 0..51, a suit 0..3 and a rule 0..1");
        return NULL;
    }
    return PyFloat_FromDouble(call_share(deal, trump, rule));
}

static PyMethodDef tree_methods[] = {
    {"search", tree_search, METH_VARARGS,
     "search(worlds, seat, trump, leader, trick, need, fail, make, exploration, seconds,\n"
     "       min_iterations, max_iterations, seed, settle[, policies, gone, voids])\n"
     "       -> (card, iterations, value, root)\n"
     "root: (card, visits, total value) of each root card tried, by card;\n"
     "worlds: native-endian uint64 hands, four per world (array('Q'));\n"
     "policies: 4 bytes a world, each seat's reply policy (0 greedy, 1 cautious, 2 aggressive,\n"
     "3 uniform, 4 the book; empty: all greedy); gone: the cards the opponents know are out of play;\n"
     "voids: 4 bits a seat, the suits it has shown out of."},
    {"rule_misses", rule_misses, METH_VARARGS,
     "rule_misses(hands, plays, trump) -> int\n"
     "Bit k set: play k was not forced and neither greedy nor the book would have made it.\n"
     "hands: four uint64 (array('Q')); plays: 9 int64 fields each (array('q'))."},
    {"rule_split", rule_split, METH_VARARGS,
     "rule_split(hands, plays, trump) -> (greedy_misses, book_misses)\n"
     "Bit k set in greedy_misses: play k was not forced and greedy would not have made it;\n"
     "in book_misses, the same for the book. Arguments as rule_misses'."},
    {"call_likelihood", call_likelihood, METH_VARARGS,
     "call_likelihood(deal, trump, rule) -> float\n"
     "The share of the deal's five-card subsets from which the rule (0 greedy, 1 Medium) names\n"
     "trump (atout.bots.court_piece.evidence.rule_call_likelihood)."},
    {"reply", reply, METH_VARARGS,
     "reply(policy, hand, legal, trick, seat, trump, gone, voids) -> card\n"
     "The card a reply policy (0 greedy, 1 cautious, 2 aggressive, 4 the book) plays;\n"
     "voids: 4 bits a seat."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef tree_module = {
    PyModuleDef_HEAD_INIT, "atout.bots.court_piece._tree",
    "The Court Piece tree search's native kernel (see atout.bots.court_piece.tree).", -1,
    tree_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__tree(void) { return PyModule_Create(&tree_module); }
