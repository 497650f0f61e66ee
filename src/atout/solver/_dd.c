/* atout.solver._dd: the double-dummy search's native kernel.
 *
 * The same search as atout/solver/search.py (the reference, and the fallback
 * where this module is missing), on the same position model
 * (atout/solver/position.py): effective cards 0..51 = suit * 13 + rank,
 * card 52 the no-trump joker of Five Hundred (a one-card suit 4, trump when
 * trump == 4), joker leads JOKER_LEAD + s naming suit s.
 *
 * Why C: in Python every node costs about 11 us (mypyc: about 3 us) of
 * interpreter work whatever the algorithm; here a node costs a few tens of
 * nanoseconds, as in DDS.  The kernel is a mutable struct: a card is made
 * and unmade by one XOR on a hand, the trick in progress travels in the
 * recursion's arguments.
 *
 * One Search object holds one transposition table: entries at trick
 * boundaries, keyed on the leader and each suit's live cards by owner from
 * the top (suit-relative ranks: positions that differ only in which low
 * cards are gone share an entry), with bounds on side 0's further tricks, so
 * probes for either side and any target share them.  Each node tries quick
 * tricks and sure trump tricks first, searches one card per run of equal
 * cards, and orders moves as search.py does.
 *
 * Trick counts (Search.reaches) cover positions without a seat that sits out
 * and without a stop seat; Five Hundred misere (Search.misere), a yes/no
 * search of its own, has both.  The joker only in no-trumps (trump == 4).
 *
 * Threads: the server's bots think in threads while its event loop serves
 * the tables, so a search runs without the GIL (a probe may take tens of
 * milliseconds).  It touches no Python object then, only its own Search
 * (hands, tables: a second thread asking the same Search anything meanwhile
 * gets RuntimeError, see ``busy``) and its thread's owner-pattern cache.
 * The module declares no free-threading support, so a free-threaded
 * interpreter turns the GIL back on when it imports it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define JOKER 52
#define JOKER_SUIT 4
#define JOKER_LEAD 53
#define SUIT_BITS 0x1FFFULL
#define JOKER_BIT (1ULL << JOKER)
#define MAX_MOVES 64

typedef uint64_t u64;

/* Popcounts without the popcnt instruction (not in baseline x86-64, where the builtin is a
 * library call): a few arithmetic steps. */
static inline int popc(u64 x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int popc32(unsigned x) { return popc(x); }
static inline int top_bit(u64 x) { return 63 - __builtin_clzll(x); }
static inline int suit_of(int card) { return card == JOKER ? JOKER_SUIT : card / 13; }
static inline u64 follow_mask(int suit)
{
    return suit == JOKER_SUIT ? JOKER_BIT : SUIT_BITS << (13 * suit);
}

/* ---------------------------------------------------------------- table */

/* The transposition table, DDS's winning ranks in search.py's form.  A bucket holds what its
 * entries share exactly: the leader, every hand's length in every suit, the joker's holder (and
 * his shown voids when they restrict his nomination).  An entry holds bounds on side 0's further
 * tricks proven from the owners of a few top cards: it matches every position of its bucket whose
 * owner pattern (each suit's live cards by owner from the top, 2 bits a card in a 27-bit field)
 * agrees under its mask. */

typedef struct {
    u64 m0, m1, v0, v1; /* owners & mask == value */
    int next;           /* the bucket's next entry, or -1 */
    uint16_t counts;    /* the top cards it covers: 4 bits a suit */
    int8_t lo, hi;
} Entry;

typedef struct {
    u64 k0, k1; /* k1 == 0: empty slot (a real key has a marker bit) */
    int first;  /* its first entry, or -1 */
    int best;   /* the lead that last decided this bucket, or -1 */
} Bucket;

typedef struct {
    Bucket *slots;
    size_t cap, used;
    Entry *pool;
    size_t pool_cap, pool_used;
} Table;

static inline size_t hash_key(u64 k0, u64 k1)
{
    u64 h = k0 * 0x9E3779B97F4A7C15ULL ^ (k1 + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(h ^ (h >> 29));
}

static int table_init(Table *t, size_t cap)
{
    t->slots = calloc(cap, sizeof(Bucket));
    t->pool = malloc(cap * sizeof(Entry));
    if (!t->slots || !t->pool) {
        free(t->slots);
        free(t->pool);
        t->slots = NULL;
        t->pool = NULL;
        return -1;
    }
    t->cap = cap;
    t->used = 0;
    t->pool_cap = cap;
    t->pool_used = 0;
    return 0;
}

static void table_free(Table *t)
{
    free(t->slots);
    free(t->pool);
    t->slots = NULL;
    t->pool = NULL;
}

static Bucket *table_find(const Table *t, u64 k0, u64 k1)
{
    size_t mask = t->cap - 1, i = hash_key(k0, k1) & mask;
    for (;;) {
        Bucket *b = &t->slots[i];
        if (b->k1 == 0)
            return NULL;
        if (b->k0 == k0 && b->k1 == k1)
            return b;
        i = (i + 1) & mask;
    }
}

static Bucket *place(Bucket *slots, size_t cap, u64 k0, u64 k1)
{
    size_t mask = cap - 1, i = hash_key(k0, k1) & mask;
    while (slots[i].k1 != 0 && !(slots[i].k0 == k0 && slots[i].k1 == k1))
        i = (i + 1) & mask;
    return &slots[i];
}

/* The bucket for a key, created empty if missing; NULL if out of memory. */
static Bucket *table_bucket(Table *t, u64 k0, u64 k1)
{
    if (2 * (t->used + 1) > t->cap) {
        size_t cap = t->cap * 2;
        Bucket *slots = calloc(cap, sizeof(Bucket));
        if (!slots)
            return NULL;
        for (size_t i = 0; i < t->cap; i++)
            if (t->slots[i].k1)
                *place(slots, cap, t->slots[i].k0, t->slots[i].k1) = t->slots[i];
        free(t->slots);
        t->slots = slots;
        t->cap = cap;
    }
    Bucket *b = place(t->slots, t->cap, k0, k1);
    if (b->k1 == 0) {
        b->k0 = k0;
        b->k1 = k1;
        b->first = -1;
        b->best = -1;
        t->used++;
    }
    return b;
}

/* A new entry at the head of bucket ``b``'s list; -1 if out of memory (or past the int indexes
 * that link entries: a table that large is out of memory in all but name). */
static int table_entry(Table *t, Bucket *b)
{
    if (t->pool_used == t->pool_cap) {
        if (t->pool_cap > INT_MAX / 2)
            return -1;
        Entry *pool = realloc(t->pool, 2 * t->pool_cap * sizeof(Entry));
        if (!pool)
            return -1;
        t->pool = pool;
        t->pool_cap *= 2;
    }
    int i = (int)t->pool_used++;
    t->pool[i].next = b->first;
    b->first = i;
    return i;
}

/* --------------------------------------------------------------- search */

/* Owner patterns by the suit's four holdings, computed once and kept (a suit changes at most
 * once a trick, so most look-ups hit).  Direct-mapped, one cache a thread: searches run without
 * the GIL, and a slot is a pure function of its key, so the searches of one thread share it. */
typedef struct {
    u64 holdings; /* the four 13-bit holdings, bit 63 set; 0: empty */
    u64 pattern;
} PatternSlot;
#define PATTERN_BITS 14

static pthread_key_t pattern_key; /* each thread's cache, freed when the thread ends */

/* This thread's pattern cache, made on its first search; NULL if out of memory. */
static PatternSlot *thread_patterns(void)
{
    PatternSlot *cache = pthread_getspecific(pattern_key);
    if (!cache) {
        cache = calloc((size_t)1 << PATTERN_BITS, sizeof(PatternSlot));
        if (cache && pthread_setspecific(pattern_key, cache) != 0) {
            free(cache);
            cache = NULL;
        }
    }
    return cache;
}

typedef struct {
    PyObject_HEAD
    u64 hands[4];
    int trump;     /* -1, 0..3, or JOKER_SUIT */
    int trump_base; /* 13 * trump for a suit, else -1 */
    int nominate;  /* the joker's nomination is restricted by shown voids */
    int side;      /* the side the current probe asks about */
    long long nodes;
    Table tt;
    Table misere_tt; /* misere: exact keys, the answer in each bucket's ``best`` */
    int skip, stop; /* misere: the seat that sits out, the contractor */
    int failed;    /* out of memory during a probe */
    int busy;      /* a thread is searching (without the GIL): refuse every other question */
    PatternSlot *patterns; /* the searching thread's pattern cache */
    /* The current boundary's keys (filled by boundary_key). */
    u64 k0, k1, o0, o1;
} Search;

/* One suit's runs of equal cards among ``live``: ranks with no other live card between. */
static int suit_runs(unsigned held, unsigned live, int *lows, int *highs)
{
    int n = 0, prev = -1;
    while (held) {
        int r = __builtin_ctz(held);
        held &= held - 1;
        if (prev >= 0) {
            unsigned between = ((1u << r) - 1) & ~((2u << prev) - 1);
            if (!(live & between)) {
                highs[n - 1] = r;
                prev = r;
                continue;
            }
        }
        lows[n] = highs[n] = r;
        n++;
        prev = r;
    }
    return n;
}

static inline u64 suit_pattern(PatternSlot *cache, unsigned a, unsigned b, unsigned c, unsigned d)
{
    u64 holdings = (u64)a | (u64)b << 13 | (u64)c << 26 | (u64)d << 39 | 1ULL << 63;
    PatternSlot *slot = &cache[(holdings * 0x9E3779B97F4A7C15ULL) >> (64 - PATTERN_BITS)];
    if (slot->holdings == holdings)
        return slot->pattern;
    unsigned live = a | b | c | d, odd = b | d, high = c | d;
    u64 p = 1;
    while (live) {
        int r = 31 - __builtin_clz(live);
        live ^= 1u << r;
        p = p << 2 | (odd >> r & 1) | (high >> r & 1) << 1;
    }
    slot->holdings = holdings;
    slot->pattern = p;
    return p;
}

/* A trick boundary's keys: the bucket (k0, k1: lengths; leader, joker) and the owner pattern
 * (o0, o1: suits 0 and 1, 2 and 3, 27 bits a suit, 2 bits a live card from the top). */
static void boundary_key(Search *s, int leader, int voids)
{
    const u64 *h = s->hands;
    u64 pats[4], lengths = 0;
    for (int suit = 0; suit < 4; suit++) {
        int base = 13 * suit;
        unsigned a = (unsigned)(h[0] >> base & SUIT_BITS), b = (unsigned)(h[1] >> base & SUIT_BITS);
        unsigned c = (unsigned)(h[2] >> base & SUIT_BITS), d = (unsigned)(h[3] >> base & SUIT_BITS);
        lengths = lengths << 16 | (u64)popc32(a) | (u64)popc32(b) << 4 |
                  (u64)popc32(c) << 8 | (u64)popc32(d) << 12;
        pats[suit] = suit_pattern(s->patterns, a, b, c, d);
    }
    u64 joker = 0;
    for (int seat = 0; seat < 4; seat++)
        if (h[seat] & JOKER_BIT)
            joker = (u64)(4 | seat) << 4 | (s->nominate ? (u64)(voids >> 4 * seat & 0xF) : 0);
    s->k0 = lengths;
    s->k1 = (u64)leader | joker << 2 | 1ULL << 63;
    s->o0 = pats[0] << 27 | pats[1];
    s->o1 = pats[2] << 27 | pats[3];
}

/* The owner-pattern bits (m0, m1) and per-suit counts covering the relevant cards ``rel``: in
 * each suit, every live card from the top down to the lowest relevant one. */
static unsigned entry_mask(u64 live, u64 rel, u64 *m0, u64 *m1)
{
    unsigned counts = 0;
    u64 m[2] = {0, 0};
    for (int suit = 0; suit < 4; suit++) {
        unsigned r = (unsigned)(rel >> 13 * suit & SUIT_BITS);
        if (!r)
            continue;
        unsigned sl = (unsigned)(live >> 13 * suit & SUIT_BITS);
        int k = popc32(sl >> __builtin_ctz(r)), n = popc32(sl);
        m[suit >> 1] |= ((1ULL << 2 * k) - 1) << (2 * (n - k) + (suit & 1 ? 0 : 27));
        counts |= (unsigned)k << 4 * suit;
    }
    *m0 = m[0];
    *m1 = m[1];
    return counts;
}

/* The cards an entry covers in this position: the top ``counts[s]`` live cards of each suit. */
static u64 top_cards(u64 live, unsigned counts)
{
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        int k = counts >> 4 * suit & 15;
        u64 sl = live >> 13 * suit & SUIT_BITS;
        while (k-- > 0 && sl) {
            u64 top = 1ULL << top_bit(sl);
            out |= top << 13 * suit;
            sl ^= top;
        }
    }
    return out;
}

/* Record bounds lo..hi on side 0's tricks at the current boundary (keys in s), proven from the
 * owners of the cards ``rel``. */
static void store(Search *s, u64 live, u64 rel, int lo, int hi)
{
    u64 m0, m1;
    unsigned counts = entry_mask(live, rel, &m0, &m1);
    u64 v0 = s->o0 & m0, v1 = s->o1 & m1;
    Table *t = &s->tt;
    Bucket *b = table_bucket(t, s->k0, s->k1);
    if (!b) {
        s->failed = 1;
        return;
    }
    for (int i = b->first; i >= 0; i = t->pool[i].next) {
        Entry *e = &t->pool[i];
        if (e->m0 == m0 && e->m1 == m1 && e->v0 == v0 && e->v1 == v1) {
            if (lo > e->lo)
                e->lo = (int8_t)lo;
            if (hi < e->hi)
                e->hi = (int8_t)hi;
            return;
        }
    }
    int i = table_entry(t, b);
    if (i < 0) {
        s->failed = 1;
        return;
    }
    Entry *e = &t->pool[i];
    e->m0 = m0;
    e->m1 = m1;
    e->v0 = v0;
    e->v1 = v1;
    e->counts = (uint16_t)counts;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
}

/* ``rel`` widened so that no run of ``hand`` in the suits ``from``..``to`` straddles its lowest
 * relevant rank: an answer proven with one card per run holds elsewhere only if each run is still
 * one run there. */
static u64 widen(u64 rel, u64 hand, u64 live, int from, int to)
{
    int lows[13], highs[13];
    for (int suit = from; suit <= to; suit++) {
        int base = 13 * suit;
        unsigned r = (unsigned)(rel >> base & SUIT_BITS), held = (unsigned)(hand >> base & SUIT_BITS);
        if (!r || !(held & (held - 1)))
            continue;
        int rank = __builtin_ctz(r);
        if ((held >> rank) && (held & ((1u << rank) - 1))) {
            int runs = suit_runs(held, (unsigned)(live >> base & SUIT_BITS), lows, highs);
            for (int i = 0; i < runs; i++)
                if (lows[i] < rank && rank <= highs[i])
                    rel |= 1ULL << (base + lows[i]);
        }
    }
    return rel;
}

/* Tricks the leader can cash at once with top cards of his own, or partner's reached with a
 * low card (a sure lower bound): search.py's quick_tricks_of. */
static int quick_tricks(const u64 *hands, int leader, int trump, u64 *relevant)
{
    u64 rel = 0;
    u64 own = hands[leader];
    int partner = (leader + 2) & 3, lho = (leader + 1) & 3, rho = (leader + 3) & 3;
    u64 others = hands[lho] | hands[partner] | hands[rho];
    u64 trump_mask = trump >= 0 ? follow_mask(trump) : 0;
    int opp[2], nopp = 0;
    if (trump_mask) {
        if (hands[lho] & trump_mask)
            opp[nopp++] = lho;
        if (hands[rho] & trump_mask)
            opp[nopp++] = rho;
    }
    u64 partner_hand = hands[partner];
    int trump_rounds = 0, side_rounds = 0;
    int suits = own & JOKER_BIT ? 5 : 4;
    for (int suit = 0; suit < suits; suit++) {
        u64 mask = follow_mask(suit);
        u64 mine = own & mask;
        if (!mine)
            continue;
        u64 theirs = others & mask;
        int count = 0;
        while (mine) {
            int top = top_bit(mine);
            if (theirs >> top)
                break;
            count++;
            mine ^= 1ULL << top;
        }
        if (!count)
            continue;
        rel |= own & mask & ~mine;
        if (suit == trump) {
            trump_rounds += count;
            continue;
        }
        for (int i = 0; i < nopp; i++) {
            int n = popc(hands[opp[i]] & mask);
            if (n < count)
                count = n;
        }
        side_rounds += count;
    }
    if (side_rounds && (partner_hand & trump_mask)) {
        int plain = popc(partner_hand & ~trump_mask);
        int over = trump_rounds - popc(partner_hand & trump_mask);
        int spare = plain - (over > 0 ? over : 0);
        if (spare < 0)
            spare = 0;
        if (spare < side_rounds)
            side_rounds = spare;
    }
    int total = trump_rounds + side_rounds;
    if (partner_hand) {
        u64 opposed = others & ~partner_hand;
        for (int suit = 0; suit < 4; suit++) {
            u64 mask = follow_mask(suit);
            u64 mine = own & mask, theirs = partner_hand & mask;
            if (!mine || !theirs)
                continue;
            u64 op = opposed & mask;
            int count = 0, lowest = 0;
            while (theirs) {
                int top = top_bit(theirs);
                if (op >> top)
                    break;
                count++;
                lowest = top;
                theirs ^= 1ULL << top;
            }
            if (count <= total || (mine >> lowest))
                continue;
            if (suit != trump) {
                for (int i = 0; i < nopp; i++) {
                    int n = popc(hands[opp[i]] & mask);
                    if (n < count)
                        count = n;
                }
                if (own & trump_mask) {
                    int n = popc(own & ~trump_mask);
                    if (n < count)
                        count = n;
                }
            }
            if (count > total) {
                total = count;
                rel = (own | others) & mask & ~((1ULL << lowest) - 1);
            }
        }
    }
    *relevant = rel & ~JOKER_BIT;
    return total;
}

/* The leader's side's sure tricks and most tricks: quick tricks, the joker, top trumps. */
static void bounds(const Search *s, int seat, int left, int *lower, int *upper, u64 *rel_lo,
                   u64 *rel_hi)
{
    const u64 *h = s->hands;
    u64 rlo, rhi = 0;
    int lo = quick_tricks(h, seat, s->trump, &rlo), hi = left;
    if (s->trump == JOKER_SUIT) {
        for (int x = 0; x < 4; x++) {
            if (h[x] & JOKER_BIT) {
                /* The joker wins a trick for its holder's side, whoever leads. */
                if ((x & 1) == (seat & 1)) {
                    if (lo < 1) {
                        lo = 1;
                        rlo = 0;
                    }
                } else {
                    hi = left - 1;
                }
            }
        }
    } else if (s->trump >= 0) {
        int base = s->trump_base;
        unsigned held[4], live = 0;
        for (int x = 0; x < 4; x++) {
            held[x] = (unsigned)(h[x] >> base & SUIT_BITS);
            live |= held[x];
        }
        if (live) {
            /* Every trump of an unbroken top run held by one side wins its trick. */
            int counts[4] = {0, 0, 0, 0}, parity = -1;
            u64 cards = 0;
            while (live) {
                unsigned bit = 1u << (31 - __builtin_clz(live));
                live ^= bit;
                int owner = held[0] & bit ? 0 : held[1] & bit ? 1 : held[2] & bit ? 2 : 3;
                if (parity < 0)
                    parity = owner & 1;
                if ((owner & 1) != parity)
                    break;
                counts[owner]++;
                cards |= (u64)bit << base;
            }
            int sure = counts[parity] > counts[parity + 2] ? counts[parity] : counts[parity + 2];
            if (parity == (seat & 1)) {
                if (sure > lo) {
                    lo = sure;
                    rlo = cards;
                }
            } else {
                hi = left - sure;
                rhi = cards;
            }
        }
    }
    *lower = lo;
    *upper = hi;
    *rel_lo = rlo;
    *rel_hi = rhi;
}

/* In a trick, cards compare by key as in Position.play: 100 + card for a trump (the joker is 152),
 * the card for one of the led suit, -1 for a discard.  ``best`` and ``best_seat`` are the key
 * winning the trick so far and its seat; ``tmask`` the trick's cards; ``voids`` the shown voids. */
static u64 follow(Search *s, int seat, int played, int led, int best, int best_seat, u64 tmask,
                  int voids, int need);

/* The last trick: every hand down to one card, its winner is arithmetic.  Relevant: the winner,
 * when it beat another card of its suit. */
static u64 last_trick(const Search *s, int seat)
{
    int card = top_bit(s->hands[seat]);
    if (card == JOKER)
        return (seat & 1) == s->side;
    int led = suit_of(card);
    int best = led == s->trump ? 100 + card : card, winner = seat;
    u64 played = 1ULL << card;
    for (int i = 1; i < 4; i++) {
        int other = (seat + i) & 3;
        int c = top_bit(s->hands[other]);
        played |= 1ULL << c;
        int su = suit_of(c);
        int k = su == s->trump ? 100 + c : (su == led ? c : -1);
        if (k > best) {
            best = k;
            winner = other;
        }
    }
    int won = best >= 100 ? best - 100 : best;
    u64 same = played & follow_mask(suit_of(won));
    u64 rel = same & (same - 1) ? 1ULL << won : 0;
    return rel << 1 | (u64)((winner & 1) == s->side);
}

static void sort_scored(int *keys, int n)
{
    for (int i = 1; i < n; i++) {
        int k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > k) {
            keys[j + 1] = keys[j];
            j--;
        }
        keys[j + 1] = k;
    }
}

/* Leads, likeliest best first: top winners, then to partner's top, then low from length. */
static int leads(const Search *s, int seat, int voids, u64 live, int *moves)
{
    u64 hand = s->hands[seat], mate = s->hands[(seat + 2) & 3];
    int keys[MAX_MOVES], n = 0;
    int lows[13], highs[13];
    for (int suit = 0; suit < 4; suit++) {
        int base = 13 * suit;
        unsigned held = (unsigned)(hand >> base & SUIT_BITS);
        if (!held)
            continue;
        unsigned suit_live = (unsigned)(live >> base & SUIT_BITS);
        int runs = suit_runs(held, suit_live, lows, highs);
        int top = 31 - __builtin_clz(suit_live), length = popc32(held);
        for (int i = 0; i < runs; i++) {
            int score, move;
            if (i == runs - 1 && highs[i] == top) {
                score = base == s->trump_base ? 1 : 0;
                move = base + highs[i];
            } else if (i == 0 && (mate >> (base + top) & 1)) {
                score = 2;
                move = base + lows[i];
            } else if (i == 0) {
                score = 16 - length;
                move = base + lows[i];
            } else {
                score = 20 + i;
                move = base + lows[i];
            }
            keys[n++] = score << 6 | move;
        }
    }
    if (hand & JOKER_BIT) {
        /* trump == JOKER_SUIT here: the joker is led naming a suit. */
        u64 others = live & ~hand;
        int shown = s->nominate ? voids >> 4 * seat & 0xF : 0;
        if (shown == 0xF)
            shown = 0;
        int empty = 0;
        for (int x = 0; x < 4; x++) {
            if (shown >> x & 1)
                continue;
            if (others & follow_mask(x)) {
                keys[n++] = 1 << 6 | (JOKER_LEAD + x);
            } else if (!empty) {
                /* Naming a suit nobody else holds: all such names are the same move. */
                empty = 1;
                keys[n++] = 1 << 6 | (JOKER_LEAD + x);
            }
        }
    }
    sort_scored(keys, n);
    for (int i = 0; i < n; i++)
        moves[i] = keys[i] & 63;
    return n;
}

/* A void hand's cards, one per run: a cheap ruff, discards from short suits, the rest. */
static int discards(const Search *s, int seat, int played, int best, int best_seat, u64 tmask,
                    int *moves)
{
    const u64 *h = s->hands;
    u64 hand = h[seat], live = h[0] | h[1] | h[2] | h[3] | tmask;
    int plain_key[4], plain_suit[4], np = 0;
    int plain_lows[4][13], plain_n[4];
    int ruffs[14], nr = 0, under[13], nu = 0;
    int lows[13], highs[13];
    for (int suit = 0; suit < 4; suit++) {
        int b = 13 * suit;
        unsigned held = (unsigned)(hand >> b & SUIT_BITS);
        if (!held)
            continue;
        int runs = suit_runs(held, (unsigned)(live >> b & SUIT_BITS), lows, highs);
        if (b == s->trump_base) {
            for (int i = 0; i < runs; i++) {
                if (100 + b + highs[i] > best)
                    ruffs[nr++] = b + lows[i];
                else
                    under[nu++] = b + lows[i];
            }
            continue;
        }
        plain_key[np] = popc32(held) * 16 + lows[0];
        plain_suit[np] = np;
        plain_n[np] = runs;
        for (int i = 0; i < runs; i++)
            plain_lows[np][i] = b + lows[i];
        np++;
    }
    if (hand & JOKER_BIT)
        ruffs[nr++] = JOKER; /* trump == JOKER_SUIT here */
    /* Short suits first (then the lower card), stable. */
    for (int i = 1; i < np; i++) {
        int k = plain_key[i], v = plain_suit[i], j = i - 1;
        while (j >= 0 && plain_key[j] > k) {
            plain_key[j + 1] = plain_key[j];
            plain_suit[j + 1] = plain_suit[j];
            j--;
        }
        plain_key[j + 1] = k;
        plain_suit[j + 1] = v;
    }
    int n = 0;
    int partner_safe = (best_seat & 1) == (seat & 1) && (played == 3 || best >= 100);
    if (nr && !partner_safe)
        moves[n++] = ruffs[0];
    for (int i = 0; i < np; i++) {
        int p = plain_suit[i];
        for (int j = 0; j < plain_n[p]; j++)
            moves[n++] = plain_lows[p][j];
    }
    for (int i = (nr && !partner_safe) ? 1 : 0; i < nr; i++)
        moves[n++] = ruffs[i];
    for (int i = 0; i < nu; i++)
        moves[n++] = under[i];
    return n;
}

/* Follows in the led suit, one per run: fourth hand wins cheaply, second hand low unless its
 * top card surely wins, third hand its cheapest winner then higher ones. */
static int follows(const Search *s, int seat, int played, int led, int best, int best_seat,
                   u64 tmask, unsigned held, int *moves)
{
    const u64 *h = s->hands;
    int base = 13 * led;
    u64 live = h[0] | h[1] | h[2] | h[3] | tmask;
    unsigned suit_live = (unsigned)(live >> base & SUIT_BITS);
    int lows[13], highs[13];
    int runs = suit_runs(held, suit_live, lows, highs);
    int n = 0;
    if ((best_seat & 1) == (seat & 1) || (best >= 100 && led != s->trump)) {
        for (int i = 0; i < runs; i++)
            moves[n++] = base + lows[i];
        return n;
    }
    int rank = best - base - (led == s->trump ? 100 : 0);
    int first_winner = -1;
    for (int i = 0; i < runs; i++)
        if (highs[i] > rank) {
            first_winner = i;
            break;
        }
    if (first_winner < 0) {
        for (int i = 0; i < runs; i++)
            moves[n++] = base + lows[i];
        return n;
    }
    int sure = s->trump == led || s->trump == -1;
    if (played == 3) {
        moves[n++] = base + lows[first_winner];
        for (int i = 0; i < first_winner; i++)
            moves[n++] = base + lows[i];
        for (int i = first_winner + 1; i < runs; i++)
            moves[n++] = base + lows[i];
    } else if (played == 1 && !((suit_live >> (highs[runs - 1] + 1)) == 0 && sure)) {
        for (int i = 0; i < runs; i++)
            moves[n++] = base + lows[i];
    } else {
        moves[n++] = base + lows[first_winner];
        for (int i = first_winner + 1; i < runs; i++)
            moves[n++] = base + highs[i];
        for (int i = 0; i < first_winner; i++)
            moves[n++] = base + lows[i];
    }
    return n;
}

/* A trick's lead: the table, quick tricks, then each lead in turn.
 * Answers relevant << 1 | yes: whether the side reaches ``need``, and the cards whose ranks
 * decided it (DDS's winning ranks). */
static u64 boundary(Search *s, int seat, int voids, int need)
{
    s->nodes++;
    u64 hand = s->hands[seat];
    int left = popc(hand);
    if (need > left)
        return 0;
    if (left == 1)
        return last_trick(s, seat);
    boundary_key(s, seat, voids);
    u64 k0 = s->k0, k1 = s->k1, o0 = s->o0, o1 = s->o1;
    u64 live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    int side = s->side;
    const Bucket *b = table_find(&s->tt, k0, k1);
    int first = -1;
    if (b) {
        first = b->best;
        const Entry *pool = s->tt.pool;
        for (int i = b->first; i >= 0; i = pool[i].next) {
            const Entry *e = &pool[i];
            if ((o0 & e->m0) != e->v0 || (o1 & e->m1) != e->v1)
                continue;
            int lo = side ? left - e->hi : e->lo, hi = side ? left - e->lo : e->hi;
            if (lo >= need)
                return top_cards(live, e->counts) << 1 | 1;
            if (hi < need)
                return top_cards(live, e->counts) << 1;
        }
    }
    int maxi = (seat & 1) == side;
    int lower, upper;
    u64 rel_lo, rel_hi;
    bounds(s, seat, left, &lower, &upper, &rel_lo, &rel_hi);
    int target = maxi ? need : left - need + 1; /* the leader's side wins the question at target */
    if (lower >= target) {
        if (seat & 1)
            store(s, live, rel_lo, 0, left - lower);
        else
            store(s, live, rel_lo, lower, left);
        return rel_lo << 1 | (u64)maxi;
    }
    if (upper < target) {
        if (seat & 1)
            store(s, live, rel_hi, left - upper, left);
        else
            store(s, live, rel_hi, 0, upper);
        return rel_hi << 1 | (u64)!maxi;
    }
    int moves[MAX_MOVES];
    int n = leads(s, seat, voids, live, moves);
    if (first >= 0 && moves[0] != first) {
        for (int i = 1; i < n; i++) {
            if (moves[i] == first) {
                memmove(moves + 1, moves, (size_t)i * sizeof(int));
                moves[0] = first;
                break;
            }
        }
    }
    int result = !maxi, following = (seat + 1) & 3, decided = -1;
    u64 rel = 0;
    for (int i = 0; i < n; i++) {
        int move = moves[i], card, led, key;
        if (move > JOKER) {
            card = JOKER;
            led = move - JOKER_LEAD;
            key = 100 + JOKER;
        } else {
            card = move;
            led = suit_of(card);
            key = led == s->trump ? 100 + card : card;
        }
        u64 bit = 1ULL << card;
        s->hands[seat] = hand ^ bit;
        u64 out = follow(s, following, 1, led, key, seat, bit, voids, need);
        s->hands[seat] = hand;
        if ((int)(out & 1) == maxi) {
            result = maxi;
            rel = out >> 1;
            decided = move;
            break;
        }
        rel |= out >> 1;
    }
    if (decided < 0)
        /* Every lead failed: each stood for its run, so no run may straddle. */
        rel = widen(rel, hand, live, 0, 3);
    /* Record the answer, valid wherever the relevant cards have the same owners. */
    s->k0 = k0;
    s->k1 = k1;
    s->o0 = o0;
    s->o1 = o1;
    if (side == 0)
        store(s, live, rel, result ? need : 0, result ? left : need - 1);
    else
        store(s, live, rel, result ? 0 : left - need + 1, result ? left - need : left);
    if (decided >= 0) {
        Bucket *found = table_find(&s->tt, k0, k1);
        if (found)
            found->best = decided;
    }
    return rel << 1 | (u64)result;
}

/* A card after the lead: each follow in turn; the last one closes the trick. */
static u64 follow(Search *s, int seat, int played, int led, int best, int best_seat, u64 tmask,
                  int voids, int need)
{
    s->nodes++;
    u64 hand = s->hands[seat];
    if (need > popc(hand))
        return 0;
    int moves[MAX_MOVES], n;
    unsigned held = (unsigned)(hand >> (13 * led) & SUIT_BITS);
    if (!held)
        n = discards(s, seat, played, best, best_seat, tmask, moves);
    else if (!(held & (held - 1))) {
        moves[0] = 13 * led + __builtin_ctz(held);
        n = 1;
    } else
        n = follows(s, seat, played, led, best, best_seat, tmask, held, moves);
    int side = s->side, maxi = (seat & 1) == side, closing = played == 3;
    u64 rel = 0;
    for (int i = 0; i < n; i++) {
        int card = moves[i], su = suit_of(card);
        u64 bit = 1ULL << card;
        int voids_after = su == led ? voids : voids | 1 << (4 * seat + led);
        int key = su == s->trump ? 100 + card : (su == led ? card : -1);
        int top_key = best, top_seat = best_seat;
        if (key > best) {
            top_key = key;
            top_seat = seat;
        }
        u64 out;
        s->hands[seat] = hand ^ bit;
        if (closing) {
            /* A trick won by rank (over another card of its suit) makes its winner relevant. */
            int won = top_key >= 100 ? top_key - 100 : top_key;
            u64 same = (tmask | bit) & follow_mask(suit_of(won));
            u64 extra = same & (same - 1) ? 1ULL << (won + 1) : 0;
            int still_needed = (top_seat & 1) == side ? need - 1 : need;
            out = still_needed <= 0 ? extra | 1
                                    : boundary(s, top_seat, voids_after, still_needed) | extra;
        } else {
            out = follow(s, (seat + 1) & 3, played + 1, led, top_key, top_seat, tmask | bit,
                         voids_after, need);
        }
        s->hands[seat] = hand;
        if ((int)(out & 1) == maxi)
            return out;
        rel |= out >> 1;
    }
    if (rel) {
        /* Every card failed: each stood for its run, so no run may straddle. */
        u64 live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3] | tmask;
        rel = held ? widen(rel, hand, live, led, led) : widen(rel, hand, live, 0, 3);
    }
    return rel << 1 | (u64)!maxi;
}

/* ---------------------------------------------------------------- misere */

/* Five Hundred misere: the contractor (``stop``) must take no trick, his partner (``skip``) sits
 * out.  The objective is one bit, not a trick count, so this is a search of its own (search.py's
 * misere_is_set): the contractor minimises, the defenders maximise ``set``.  The table holds exact
 * answers at trick boundaries, keyed on the live cards' owners from the top (the sitting-out
 * hand's cards are never played: they are not live). */

static inline int misere_next(const Search *s, int seat)
{
    seat = (seat + 1) & 3;
    return seat == s->skip ? (seat + 1) & 3 : seat;
}

/* One card per run of equal cards, low first, in the suits of ``cards``. */
static int misere_runs(u64 cards, u64 live, int *moves)
{
    int n = 0, lows[13], highs[13];
    for (int suit = 0; suit < 4; suit++) {
        int base = 13 * suit;
        unsigned held = (unsigned)(cards >> base & SUIT_BITS);
        if (!held)
            continue;
        int runs = suit_runs(held, (unsigned)(live >> base & SUIT_BITS), lows, highs);
        for (int i = 0; i < runs; i++)
            moves[n++] = base + lows[i];
    }
    return n;
}

static int misere(Search *s, int seat, int played, int led, int best, int best_seat, u64 tmask,
                  int voids)
{
    s->nodes++;
    u64 dead = s->skip >= 0 ? s->hands[s->skip] : 0;
    u64 live = (s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3]) & ~dead;
    u64 hand = s->hands[seat];
    int moves[MAX_MOVES], n = 0;
    u64 k0 = 0, k1 = 0;
    if (played == 0) {
        if (dead)
            s->hands[s->skip] = 0; /* not live: out of the key */
        boundary_key(s, seat, voids);
        if (dead)
            s->hands[s->skip] = dead;
        /* The owner patterns (54 bits each: they imply every length), the leader and the
         * joker's holder and voids (k1's low 9 bits), a marker bit. */
        k0 = s->o0 | (s->k1 & 0x1FFULL) << 54;
        k1 = s->o1 | 1ULL << 63;
        const Bucket *b = table_find(&s->misere_tt, k0, k1);
        if (b)
            return b->best;
        n = misere_runs(hand & ~JOKER_BIT, live, moves);
        if (hand & JOKER_BIT) {
            /* trump == JOKER_SUIT here: the joker is led naming a suit. */
            int shown = s->nominate ? voids >> 4 * seat & 0xF : 0;
            if (shown == 0xF)
                shown = 0;
            for (int x = 0; x < 4; x++)
                if (!(shown >> x & 1))
                    moves[n++] = JOKER_LEAD + x;
        }
    } else {
        u64 follow = hand & follow_mask(led);
        n = misere_runs(follow ? follow : hand & ~JOKER_BIT, live | tmask, moves);
        if (!follow && (hand & JOKER_BIT))
            moves[n++] = JOKER;
    }
    int contractor = seat == s->stop, result = contractor;
    int closing = played == (s->skip >= 0 ? 2 : 3);
    for (int i = 0; i < n; i++) {
        int move = moves[i], card, suit_led = led, key;
        if (move > JOKER) {
            card = JOKER;
            suit_led = move - JOKER_LEAD;
            key = 100 + JOKER;
        } else {
            card = move;
            int su = suit_of(card);
            if (played == 0)
                suit_led = su;
            key = su == s->trump ? 100 + card : (su == suit_led ? card : -1);
        }
        int voids_after = played == 0 || suit_of(card) == suit_led
                              ? voids
                              : voids | 1 << (4 * seat + suit_led);
        int top_key = best, top_seat = best_seat;
        if (played == 0 || key > best) {
            top_key = key;
            top_seat = seat;
        }
        u64 bit = 1ULL << card;
        s->hands[seat] = hand ^ bit;
        int out;
        if (closing) {
            if (top_seat == s->stop)
                out = 1;
            else if (!s->hands[top_seat])
                out = 0;
            else
                out = misere(s, top_seat, 0, -1, -1, -1, 0, voids_after);
        } else {
            out = misere(s, misere_next(s, seat), played + 1, suit_led, top_key, top_seat,
                         tmask | bit, voids_after);
        }
        s->hands[seat] = hand;
        if (out != contractor) {
            result = out;
            break;
        }
    }
    if (played == 0) {
        Bucket *b = table_bucket(&s->misere_tt, k0, k1);
        if (b)
            b->best = result;
        else
            s->failed = 1;
    }
    return result;
}

/* --------------------------------------------------------------- Python */

/* The kernel indexes arrays and shifts by the seats, suits, cards and keys of a question, and its
 * search assumes a real deal: every card held once, and every seat still to play this trick one
 * card more than those that have played (so the last trick has a card in every hand).  Anything
 * else from Python is refused here, before the search trusts it.  Positions built by
 * atout.solver.position always pass. */

/* An O& converter: a Python int holding cards 0..52 only ("K" would wrap larger ints). */
static int card_set(PyObject *obj, void *out)
{
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return 0;
    if (v >> 53) {
        PyErr_SetString(PyExc_ValueError, "a card set holds cards 0..52");
        return 0;
    }
    *(u64 *)out = (u64)v;
    return 1;
}

/* Four card sets from any sequence of four ints. */
static int read_hands(PyObject *seq, u64 *hands)
{
    PyObject *fast = PySequence_Fast(seq, "hands must be a sequence of four card sets");
    if (!fast)
        return -1;
    int ok = PySequence_Fast_GET_SIZE(fast) == 4;
    if (!ok)
        PyErr_SetString(PyExc_ValueError, "hands must hold four card sets");
    for (int i = 0; ok && i < 4; i++)
        ok = card_set(PySequence_Fast_GET_ITEM(fast, i), &hands[i]);
    Py_DECREF(fast);
    return ok ? 0 : -1;
}

/* The GIL is held here; ``busy`` is only read and written with it. */
static int refuse_if_busy(const Search *self)
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this Search is searching in another thread");
        return -1;
    }
    return 0;
}

static int refuse(const char *why)
{
    PyErr_SetString(PyExc_ValueError, why);
    return -1;
}

/* Checks shared by every question (``skip`` -1 for trick counts), then the hands become the
 * search's.  ``played`` cards of ``tmask`` were played this trick by the seats before ``turn``. */
static int check_question(Search *self, PyObject *seq, int skip, int turn, int played, int led,
                          int best, int best_seat, u64 tmask, int voids)
{
    if (refuse_if_busy(self) < 0)
        return -1;
    if (!self->tt.slots || !self->misere_tt.slots) {
        PyErr_SetString(PyExc_RuntimeError, "Search.__init__ was not called");
        return -1;
    }
    u64 hands[4], seen = tmask;
    if (read_hands(seq, hands) < 0)
        return -1;
    if (turn < 0 || turn > 3 || turn == skip)
        return refuse("bad turn");
    if (played < 0 || played > (skip >= 0 ? 2 : 3) || popc(tmask) != played)
        return refuse("bad trick in progress: played must count the trick's cards");
    if (voids < 0 || voids > 0xFFFF)
        return refuse("voids holds 16 bits (4 * seat + suit)");
    for (int seat = 0; seat < 4; seat++) {
        if (hands[seat] & seen)
            return refuse("a card is held twice (or held and in the trick)");
        seen |= hands[seat];
    }
    if (self->trump != JOKER_SUIT && (seen & JOKER_BIT))
        return refuse("the joker is a card of its own only in no-trumps");
    int has_played[4] = {0, 0, 0, 0}, seat = turn;
    for (int i = 0; i < played; i++) {
        seat = (seat + 3) & 3;
        if (seat == skip)
            seat = (seat + 3) & 3;
        has_played[seat] = 1;
    }
    int left = popc(hands[turn]);
    for (int x = 0; x < 4; x++)
        if (x != skip && popc(hands[x]) != left - has_played[x])
            return refuse("hands must be as long as each other, one card less for each seat that "
                          "played to this trick");
    if (played > 0) {
        int card = best >= 100 ? best - 100 : best;
        if (led < 0 || led > 3 || best_seat < 0 || best_seat > 3 || !has_played[best_seat])
            return refuse("bad trick in progress: led suit or best seat");
        if (card < 0 || card > JOKER || !(tmask >> card & 1) ||
            suit_of(card) != (best >= 100 ? self->trump : led))
            return refuse("bad trick in progress: best key is not a card of the trick");
    }
    self->patterns = thread_patterns();
    if (!self->patterns) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(self->hands, hands, sizeof hands);
    return 0;
}

static int Search_init(Search *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"trump", "restrict_joker", NULL};
    int trump, restrict_joker = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i|p", kwlist, &trump, &restrict_joker) ||
        refuse_if_busy(self) < 0)
        return -1;
    if (trump < -1 || trump > JOKER_SUIT) {
        PyErr_SetString(PyExc_ValueError, "trump must be -1, 0..3 or 4 (the joker)");
        return -1;
    }
    self->trump = trump;
    self->trump_base = trump >= 0 && trump < 4 ? 13 * trump : -1;
    self->nominate = restrict_joker && trump == JOKER_SUIT;
    self->nodes = 0;
    table_free(&self->tt);
    table_free(&self->misere_tt);
    if (table_init(&self->tt, 1 << 9) < 0 || table_init(&self->misere_tt, 1 << 9) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Search_dealloc(Search *self)
{
    table_free(&self->tt);
    table_free(&self->misere_tt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Search_reaches(Search *self, PyObject *args)
{
    PyObject *hands;
    int side, need, turn, played, led, best, best_seat, voids;
    u64 tmask;
    if (!PyArg_ParseTuple(args, "OiiiiiiiO&i", &hands, &side, &need, &turn, &played, &led, &best,
                          &best_seat, card_set, &tmask, &voids))
        return NULL;
    if (check_question(self, hands, -1, turn, played, led, best, best_seat, tmask, voids) < 0)
        return NULL;
    if (side < 0 || side > 1) {
        PyErr_SetString(PyExc_ValueError, "side must be 0 or 1");
        return NULL;
    }
    if (need <= 0)
        Py_RETURN_TRUE;
    self->side = side;
    self->failed = 0;
    self->busy = 1;
    u64 out;
    Py_BEGIN_ALLOW_THREADS
    out = played == 0 ? boundary(self, turn, voids, need)
                      : follow(self, turn, played, led, best, best_seat, tmask, voids, need);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (self->failed)
        return PyErr_NoMemory();
    return PyBool_FromLong((long)(out & 1));
}

static PyObject *Search_misere(Search *self, PyObject *args)
{
    PyObject *hands;
    int skip, stop, turn, played, led, best, best_seat, voids;
    u64 tmask;
    if (!PyArg_ParseTuple(args, "OiiiiiiiO&i", &hands, &skip, &stop, &turn, &played, &led, &best,
                          &best_seat, card_set, &tmask, &voids))
        return NULL;
    if (skip < -1 || skip > 3 || stop < 0 || stop > 3 || stop == skip) {
        PyErr_SetString(PyExc_ValueError, "bad seats: skip -1..3, stop 0..3, not the same");
        return NULL;
    }
    if (check_question(self, hands, skip, turn, played, led, best, best_seat, tmask, voids) < 0)
        return NULL;
    if (self->misere_tt.used && (skip != self->skip || stop != self->stop)) {
        PyErr_SetString(PyExc_ValueError, "one Search answers misere for one contractor");
        return NULL;
    }
    self->skip = skip;
    self->stop = stop;
    self->failed = 0;
    self->busy = 1;
    int out;
    Py_BEGIN_ALLOW_THREADS
    out = misere(self, turn, played, led, best, best_seat, tmask, voids);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (self->failed)
        return PyErr_NoMemory();
    return PyBool_FromLong(out);
}

static PyObject *Search_known(Search *self, PyObject *args)
{
    PyObject *hands;
    int leader, voids;
    if (!PyArg_ParseTuple(args, "Oii", &hands, &leader, &voids))
        return NULL;
    if (check_question(self, hands, -1, leader, 0, -1, -1, -1, 0, voids) < 0)
        return NULL;
    int left = popc(self->hands[leader]), lo = 0, hi = left;
    boundary_key(self, leader, voids);
    const Bucket *b = table_find(&self->tt, self->k0, self->k1);
    for (int i = b ? b->first : -1; i >= 0; i = self->tt.pool[i].next) {
        const Entry *e = &self->tt.pool[i];
        if ((self->o0 & e->m0) == e->v0 && (self->o1 & e->m1) == e->v1) {
            if (e->lo > lo)
                lo = e->lo;
            if (e->hi < hi)
                hi = e->hi;
        }
    }
    return Py_BuildValue("ii", lo, hi);
}

static PyObject *Search_get_nodes(Search *self, void *closure)
{
    (void)closure;
    if (refuse_if_busy(self) < 0)
        return NULL;
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Search_methods[] = {
    {"reaches", (PyCFunction)Search_reaches, METH_VARARGS,
     "reaches(hands, side, need, turn, played, led, best_key, best_seat, trick_mask, voids)\n"
     "Whether side takes at least need further tricks (the trick in progress included)."},
    {"misere", (PyCFunction)Search_misere, METH_VARARGS,
     "misere(hands, skip, stop, turn, played, led, best_key, best_seat, trick_mask, voids)\n"
     "Whether the defenders force the misere contractor (seat stop) to take a trick."},
    {"known", (PyCFunction)Search_known, METH_VARARGS,
     "known(hands, leader, voids) -> (lo, hi): the table's bounds on side 0's further tricks\n"
     "at a trick boundary (0, tricks left when nothing is known)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Nodes searched so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout.solver._dd.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(trump, restrict_joker=False): one double-dummy search context and its table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef dd_module = {
    PyModuleDef_HEAD_INIT, "atout.solver._dd",
    "The double-dummy search's native kernel (see atout.solver.search).", -1, NULL, NULL, NULL,
    NULL, NULL,
};

PyMODINIT_FUNC PyInit__dd(void)
{
    static int key_made = 0;
    if (!key_made) {
        int err = pthread_key_create(&pattern_key, free);
        if (err) {
            errno = err;
            return PyErr_SetFromErrno(PyExc_OSError);
        }
        key_made = 1;
    }
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&dd_module);
    if (!m)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
