/* The counter's search core in C: the same walk as dominosa/deductions/search.py's Engine, on flat C arrays.
 *
 * Why: the search of a big board (orders 30 to 50) spends its time assigning pairs, and the compiled Python
 * counter pays about 1 us an assignment (lists of boxed ints) against a SAT solver's 0.1-0.3. Here the same
 * propagation of rules 1-6, clause learning, backjumping, restarts, clause forgetting and branching run on int
 * arrays. It is the same walk, step for step: every work list is kept in the same order, every tie broken the same
 * way, so that counts, solutions and node counts equal the Python reference's (tests/test_deductions_counter_core.py
 * and tests/test_native.py compare them). The Python Engine stays the reference and the fallback (no compiler,
 * DOMINOSA_PURE_PYTHON=1); search.py hands the root node to this core only when it was built.
 *
 * Reasons, literals and the pair states are those of search.py and node.py: a pair's state is 0 (open), 1 (joined)
 * or 2 (split); literal 2v is "v joined", 2v + 1 "v split"; a reason is a pair p >= 0 (a split caused by joining p)
 * or ~(arg << 3 | kind). Out of memory half way through a step, the core longjmps back to run(), raises MemoryError
 * and refuses to run again (its state is then half changed).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#define K_DECISION 0
#define K_CELL 1
#define K_DOM 2
#define K_RULE4 3
#define K_RULE6 4
#define K_CLAUSE 5
#define DECISION (~K_DECISION)
#define DONE (1 << 30)

/* What run() returns: the search is over; a solution is in the arrays; a pause for the caller's checks (signals,
 * progress, timeout) every few dozen nodes; the node budget is spent. */
enum { ST_DONE = 0, ST_SOLUTION = 1, ST_PAUSE = 2, ST_OUT_OF_NODES = 3 };

typedef struct {
    int *a;
    Py_ssize_t n, cap;
} Vec;

typedef struct {
    PyObject_HEAD
    jmp_buf oom; /* where a failed allocation in the middle of a step goes */
    int broken;  /* a step was cut short by a failed allocation: the state is not to be trusted */
    /* The puzzle's tables: the cells and domino of each pair, the pairs of each cell and each domino (CSR). */
    int n_cells, n_pairs, n_doms, total;
    int *pa, *pb, *pd;
    int *cp_start, *cp, *pl_start, *pl;
    unsigned char *dupc, *dupd;
    /* The node: per decision level, its pair states and counts (level L's arrays are lvl_*[L]); the level's
     * joined count and trail length as the level was opened. */
    int level, max_levels;
    unsigned char **lvl_pstate;
    int **lvl_ccount, **lvl_dcount;
    int *lvl_joined, *lvl_trail;
    unsigned char *pstate;
    int *ccount, *dcount;
    int n_joined;
    /* What the search records for learning. */
    int *lev, *why, *seen, *phase, *weights;
    /* Big boards (decay > 0, search.py's _BIG): decaying activities rank the cells and dominoes instead of the
     * weights, learned clauses are minimised recursively and propagate as soon as the joins queued are done,
     * and every jump back saves the phase (see search.py's module docstring). */
    int big;
    double *act, inc, decay;
    Vec stack, toclear;
    Vec trail, decisions;
    Py_ssize_t qhead;
    /* Clauses: literals (they move about as watches do), pairs (in the order learned), glue and forgotten marks. */
    Vec clause_lits, clause_pairs_v; /* all clauses' literals and pairs, one after another */
    Vec clause_start, clause_len, glue, dead;
    Vec *watches; /* per literal, the clauses watching it; NULL until the first clause of two or more literals */
    /* The heaviest cells and dominoes, heaviest first, and the lightest weight among them once there are top_max. */
    Vec top;
    int top_floor, top_max, restart_base, reduce_every, glue_keep;
    int *level_mark; /* scratch for learn's glue, all zero between uses */
    /* Work lists of propagate and its scratch. */
    Vec pend_q, pend_code, splits_q, splits_code, cells, doms, check_cells, check_doms;
    Vec confbuf, reasonbuf, learnt, marked, climbed, block;
    /* The main loop's state between calls. */
    long long nodes, branches, max_depth, conflicts, restarts, next_restart, next_reduce;
    const int *confl;
    Py_ssize_t confl_n;
    int has_confl, after_solution, finished;
} Search;

/* ------------------------------------------------------------------ small growable int vectors */

static void vec_reserve(Search *s, Vec *v, Py_ssize_t need)
{
    if (need <= v->cap)
        return;
    Py_ssize_t cap = v->cap ? v->cap : 16;
    while (cap < need)
        cap *= 2;
    int *a = PyMem_Realloc(v->a, (size_t)cap * sizeof(int));
    if (a == NULL)
        longjmp(s->oom, 1);
    v->a = a;
    v->cap = cap;
}

static inline void vec_push(Search *s, Vec *v, int x)
{
    if (v->n == v->cap)
        vec_reserve(s, v, v->n + 1);
    v->a[v->n++] = x;
}

/* Rules 1 and 5 as one move: a cell (or a domino) with one pair left open is covered by that pair, queued to be
 * joined for the reason `code`; `pairs` are its `n` pairs (or places), the one still undecided among them. */
static inline void join_last_open(Search *s, const int *pairs, int n, int code)
{
    for (int i = 0; i < n; i++) {
        if (!s->pstate[pairs[i]]) {
            vec_push(s, &s->pend_q, pairs[i]);
            vec_push(s, &s->pend_code, code);
            return;
        }
    }
}

static void vec_free(Vec *v)
{
    PyMem_Free(v->a);
    v->a = NULL;
    v->n = v->cap = 0;
}

/* ------------------------------------------------------------------ reasons and splits (node.py's Node) */

static inline int level_of(const Search *s, int v)
{
    int code = s->why[v];
    return s->lev[code >= 0 ? code : v];
}

/* The pairs whose states forced pair v's (Node.reason), as a pointer and length; RULE4 and RULE6 are listed in
 * reasonbuf. */
static const int *reason(Search *s, int v, int code, Py_ssize_t *n)
{
    if (code >= 0) {
        vec_reserve(s, &s->reasonbuf, 1);
        s->reasonbuf.a[0] = code;
        *n = 1;
        return s->reasonbuf.a;
    }
    int kind = ~code & 7, arg = ~code >> 3;
    if (kind == K_CELL) {
        *n = s->cp_start[arg + 1] - s->cp_start[arg];
        return s->cp + s->cp_start[arg];
    }
    if (kind == K_DOM) {
        *n = s->pl_start[arg + 1] - s->pl_start[arg];
        return s->pl + s->pl_start[arg];
    }
    if (kind == K_CLAUSE) {
        *n = s->clause_len.a[arg];
        return s->clause_pairs_v.a + s->clause_start.a[arg];
    }
    s->reasonbuf.n = 0;
    if (kind == K_RULE4) {
        /* v shows domino d, and every pair of cell arg that shows another domino is split. */
        int d = s->pd[v];
        for (int i = s->cp_start[arg]; i < s->cp_start[arg + 1]; i++)
            if (s->pd[s->cp[i]] != d)
                vec_push(s, &s->reasonbuf, s->cp[i]);
    } else if (kind == K_RULE6) {
        /* v meets cell x, and every place of domino d away from x is split. */
        int d = arg >> 1, x = (arg & 1) ? s->pb[v] : s->pa[v];
        for (int i = s->pl_start[d]; i < s->pl_start[d + 1]; i++) {
            int r = s->pl[i];
            if (s->pa[r] != x && s->pb[r] != x)
                vec_push(s, &s->reasonbuf, r);
        }
    }
    *n = s->reasonbuf.n;
    return s->reasonbuf.a;
}

/* The contradiction of a pair forced both ways: its reason's pairs, then the pair (Node's [*reason(p), p]). */
static const int *both_ways(Search *s, int p, int code, Py_ssize_t *n)
{
    Py_ssize_t m;
    const int *r = reason(s, p, code, &m);
    vec_reserve(s, &s->confbuf, m + 1);
    memcpy(s->confbuf.a, r, (size_t)m * sizeof(int));
    s->confbuf.a[m] = p;
    *n = m + 1;
    return s->confbuf.a;
}

#define CELL_PAIRS(x, n) (*(n) = s->cp_start[(x) + 1] - s->cp_start[x], s->cp + s->cp_start[x])
#define PLACES(d, n) (*(n) = s->pl_start[(d) + 1] - s->pl_start[d], s->pl + s->pl_start[d])

/* Node.split_for: split open pair q for reason code and queue what may now be forced; a constraint left with no
 * way out, or NULL. */
static const int *split_for(Search *s, int q, int code, Py_ssize_t *n)
{
    s->pstate[q] = 2;
    s->lev[q] = s->level;
    s->why[q] = code;
    vec_push(s, &s->trail, q);
    for (int k = 0; k < 2; k++) {
        int x = k ? s->pb[q] : s->pa[q];
        int c = --s->ccount[x];
        if (c <= 1) {
            if (c == 0) {
                s->weights[x]++;
                return CELL_PAIRS(x, n);
            }
            vec_push(s, &s->cells, x);
        } else if (s->dupc[x]) {
            vec_push(s, &s->check_cells, x);
        }
    }
    int e = s->pd[q];
    int c = --s->dcount[e];
    if (c <= 1) {
        if (c == 0) {
            s->weights[s->n_cells + e]++;
            return PLACES(e, n);
        }
        vec_push(s, &s->doms, e);
    } else if (s->dupd[e]) {
        vec_push(s, &s->check_doms, e);
    }
    return NULL;
}

/* Node.splits_asked: the splits asked for, last first, until none is left. */
static const int *splits_asked(Search *s, Py_ssize_t *n)
{
    while (s->splits_q.n) {
        s->splits_q.n--;
        s->splits_code.n--;
        int q = s->splits_q.a[s->splits_q.n], code = s->splits_code.a[s->splits_code.n];
        int st = s->pstate[q];
        if (st) {
            if (st == 1)
                return both_ways(s, q, code, n);
            continue;
        }
        const int *confl = split_for(s, q, code, n);
        if (confl)
            return confl;
    }
    return NULL;
}

/* Node.same_neighbours, rule 4 at cell x. */
static const int *same_neighbours(Search *s, int x, Py_ssize_t *n)
{
    int cx = s->ccount[x];
    if (cx < 2 || cx > 4)
        return NULL;
    int d = -1;
    for (int i = s->cp_start[x]; i < s->cp_start[x + 1]; i++) {
        int q = s->cp[i];
        if (!s->pstate[q]) {
            if (d < 0)
                d = s->pd[q];
            else if (s->pd[q] != d)
                return NULL;
        }
    }
    if (d < 0)
        return NULL;
    int code = ~(x << 3 | K_RULE4);
    for (int i = s->pl_start[d]; i < s->pl_start[d + 1]; i++) {
        int q = s->pl[i];
        if (!s->pstate[q] && s->pa[q] != x && s->pb[q] != x) {
            const int *confl = split_for(s, q, code, n);
            if (confl)
                return confl;
        }
    }
    return NULL;
}

/* Node.shared_cell, rule 6 for domino d. */
static const int *shared_cell(Search *s, int d, Py_ssize_t *n)
{
    int cd = s->dcount[d];
    if (cd < 2 || cd >= DONE)
        return NULL;
    int first = 1, s1 = -1, s2 = -1; /* the cells every open place so far shares (-1: none) */
    for (int i = s->pl_start[d]; i < s->pl_start[d + 1]; i++) {
        int q = s->pl[i];
        if (s->pstate[q])
            continue;
        int a = s->pa[q], b = s->pb[q];
        if (first) {
            s1 = a;
            s2 = b;
            first = 0;
        } else {
            if (s1 >= 0 && s1 != a && s1 != b)
                s1 = -1;
            if (s2 >= 0 && s2 != a && s2 != b)
                s2 = -1;
        }
        if (s1 < 0 && s2 < 0)
            return NULL;
    }
    if (first || (s1 >= 0 && s2 >= 0))
        return NULL; /* (no open place; two shared cells cannot happen with two places or more) */
    int x = s1 >= 0 ? s1 : s2;
    for (int i = s->cp_start[x]; i < s->cp_start[x + 1]; i++) {
        int q = s->cp[i];
        if (!s->pstate[q] && s->pd[q] != d) {
            int code = ~((d << 1 | (s->pb[q] == x)) << 3 | K_RULE6);
            const int *confl = split_for(s, q, code, n);
            if (confl)
                return confl;
        }
    }
    return NULL;
}

/* Engine.watch_clauses: the learned clauses watching a literal made false since qhead move their watch, force
 * their last open literal (the look stops after the literal that queued one), or are the contradiction. */
static const int *watch_clauses(Search *s, Py_ssize_t *n)
{
    Py_ssize_t n_trail = s->trail.n;
    if (s->watches == NULL) {
        s->qhead = n_trail;
        return NULL;
    }
    Py_ssize_t n_pending = s->pend_q.n;
    Py_ssize_t qhead = s->qhead;
    while (qhead < n_trail) {
        int v = s->trail.a[qhead++];
        int false_lit = 2 * v + 2 - s->pstate[v];
        Vec *wv = &s->watches[false_lit];
        if (!wv->n)
            continue;
        int *ws = wv->a;
        Py_ssize_t n_ws = wv->n, j = 0, kept = 0;
        while (j < n_ws) {
            int ci = ws[j++];
            if (s->dead.a[ci])
                continue;
            int *cl = s->clause_lits.a + s->clause_start.a[ci];
            int len = s->clause_len.a[ci];
            if (cl[0] == false_lit) {
                cl[0] = cl[1];
                cl[1] = false_lit;
            }
            int first = cl[0];
            int fv = s->pstate[first >> 1];
            if (fv == 1 + (first & 1)) {
                ws[kept++] = ci;
                continue;
            }
            int moved = 0;
            for (int k = 2; k < len; k++) {
                int lit = cl[k];
                int st = s->pstate[lit >> 1];
                if (!st || st == 1 + (lit & 1)) {
                    cl[1] = lit;
                    cl[k] = false_lit;
                    vec_push(s, &s->watches[lit], ci); /* another literal's list: ws stays valid */
                    moved = 1;
                    break;
                }
            }
            if (moved)
                continue;
            ws[kept++] = ci;
            if (fv) {
                while (j < n_ws)
                    ws[kept++] = ws[j++];
                wv->n = kept;
                s->qhead = qhead;
                *n = len;
                return s->clause_pairs_v.a + s->clause_start.a[ci];
            }
            int code = ~(ci << 3 | K_CLAUSE);
            if (first & 1) {
                vec_push(s, &s->splits_q, first >> 1);
                vec_push(s, &s->splits_code, code);
            } else {
                vec_push(s, &s->pend_q, first >> 1);
                vec_push(s, &s->pend_code, code);
            }
        }
        wv->n = kept;
        if (s->pend_q.n > n_pending || s->splits_q.n)
            break;
    }
    s->qhead = qhead;
    return NULL;
}

/* Node.propagate with record on: assign the pending joins (pend_q, pend_code) and the splits asked
 * (splits_q, splits_code) and all they force; NULL at the fixed point, or the pairs of the contradiction. */
static const int *propagate(Search *s, Py_ssize_t *n)
{
    unsigned char *pstate = s->pstate;
    int *ccount = s->ccount, *dcount = s->dcount;
    const int *pa = s->pa, *pb = s->pb, *pd = s->pd, *cp = s->cp, *cps = s->cp_start, *pl = s->pl,
              *pls = s->pl_start;
    const unsigned char *dupc = s->dupc, *dupd = s->dupd;
    int n_joined = s->n_joined, level = s->level, n_cells = s->n_cells;
    const int *confl;
    Py_ssize_t ph = 0, ch = 0, dh = 0;
    s->cells.n = s->doms.n = s->check_cells.n = s->check_doms.n = 0;
    for (;;) {
        if (s->splits_q.n) {
            confl = splits_asked(s, n);
            if (confl)
                return confl;
        }
        while (ph < s->pend_q.n) {
            int p = s->pend_q.a[ph], code = s->pend_code.a[ph];
            ph++;
            int st = pstate[p];
            if (st) {
                if (st == 2)
                    return both_ways(s, p, code, n);
                continue;
            }
            int a = pa[p], b = pb[p], d = pd[p];
            pstate[p] = 1;
            s->lev[p] = level;
            s->why[p] = code;
            vec_push(s, &s->trail, p);
            n_joined++;
            ccount[a] = ccount[b] = dcount[d] = DONE;
            for (int g = 0; g < 3; g++) {
                const int *group;
                int gn;
                if (g == 0) {
                    group = cp + cps[a];
                    gn = cps[a + 1] - cps[a];
                } else if (g == 1) {
                    group = cp + cps[b];
                    gn = cps[b + 1] - cps[b];
                } else {
                    group = pl + pls[d];
                    gn = pls[d + 1] - pls[d];
                }
                for (int i = 0; i < gn; i++) {
                    int q = group[i];
                    if (pstate[q])
                        continue;
                    pstate[q] = 2;
                    s->why[q] = p;
                    vec_push(s, &s->trail, q);
                    for (int k = 0; k < 2; k++) {
                        int x = k ? pb[q] : pa[q];
                        if (x != a && x != b) {
                            int c = --ccount[x];
                            if (c <= 1) {
                                if (c == 0) {
                                    s->weights[x]++;
                                    return CELL_PAIRS(x, n);
                                }
                                vec_push(s, &s->cells, x);
                            } else if (dupc[x]) {
                                vec_push(s, &s->check_cells, x);
                            }
                        }
                    }
                    int e = pd[q];
                    if (e != d) {
                        int c = --dcount[e];
                        if (c <= 1) {
                            if (c == 0) {
                                s->weights[n_cells + e]++;
                                return PLACES(e, n);
                            }
                            vec_push(s, &s->doms, e);
                        } else if (dupd[e]) {
                            vec_push(s, &s->check_doms, e);
                        }
                    }
                }
            }
        }
        if (s->splits_q.n)
            continue;
        if (s->big) {
            confl = watch_clauses(s, n);
            if (confl)
                return confl;
            if (ph < s->pend_q.n || s->splits_q.n)
                continue;
        }
        if (ch < s->cells.n) {
            int x = s->cells.a[ch++];
            if (ccount[x] == 1)
                join_last_open(s, cp + cps[x], cps[x + 1] - cps[x], ~(x << 3 | K_CELL));
            continue;
        }
        if (dh < s->doms.n) {
            int d = s->doms.a[dh++];
            if (dcount[d] == 1)
                join_last_open(s, pl + pls[d], pls[d + 1] - pls[d], ~(d << 3 | K_DOM));
            continue;
        }
        if (s->check_cells.n) {
            confl = same_neighbours(s, s->check_cells.a[--s->check_cells.n], n);
        } else if (s->check_doms.n) {
            confl = shared_cell(s, s->check_doms.a[--s->check_doms.n], n);
        } else {
            confl = watch_clauses(s, n);
            if (confl == NULL && ph == s->pend_q.n && !s->splits_q.n) {
                s->n_joined = n_joined;
                return NULL;
            }
        }
        if (confl)
            return confl;
    }
}

/* ------------------------------------------------------------------ the search (search.py's Engine) */

static inline unsigned abstract_level(const Search *s, int v)
{
    return 1u << (level_of(s, v) & 31);
}

/* Engine.redundant: whether the learned clause's literal on pair x (not a decision) follows from the clause's
 * other literals, every path back through the reasons from x meeting a pair of the clause (or level 0) before a
 * decision (MiniSat's litRedundant). The pairs shown to follow stay marked in seen (listed in toclear); a failure
 * unmarks its own. */
static int redundant(Search *s, int x, unsigned levels)
{
    int *seen = s->seen;
    Py_ssize_t top = s->toclear.n;
    s->stack.n = 0;
    vec_push(s, &s->stack, x);
    while (s->stack.n) {
        int v = s->stack.a[--s->stack.n];
        Py_ssize_t m;
        const int *r = reason(s, v, s->why[v], &m); /* (read whole before the next reason call) */
        for (Py_ssize_t k = 0; k < m; k++) {
            int u = r[k];
            if (seen[u] || !level_of(s, u))
                continue;
            if (s->why[u] != DECISION && (abstract_level(s, u) & levels)) {
                seen[u] = 1;
                vec_push(s, &s->stack, u);
                vec_push(s, &s->toclear, u);
            } else {
                for (Py_ssize_t j = top; j < s->toclear.n; j++)
                    seen[s->toclear.a[j]] = 0;
                s->toclear.n = top;
                return 0;
            }
        }
    }
    return 1;
}

/* Engine.minimised_deep: the learned clause without its literals that follow from the others. */
static void minimise_deep(Search *s)
{
    Vec *l = &s->learnt;
    unsigned levels = 0;
    for (Py_ssize_t i = 1; i < l->n; i++)
        levels |= abstract_level(s, l->a[i] >> 1);
    s->toclear.n = 0;
    Py_ssize_t kept = 1;
    for (Py_ssize_t i = 1; i < l->n; i++) {
        int lit = l->a[i], x = lit >> 1;
        if (s->why[x] == DECISION || !redundant(s, x, levels))
            l->a[kept++] = lit;
    }
    l->n = kept;
    for (Py_ssize_t j = 0; j < s->toclear.n; j++)
        s->seen[s->toclear.a[j]] = 0;
}

/* The literals kept of the learned clause (Engine.minimised): those whose reason is not wholly within it. */
static void minimise(Search *s)
{
    if (s->big) {
        minimise_deep(s);
        return;
    }
    Vec *l = &s->learnt;
    Py_ssize_t kept = 1;
    for (Py_ssize_t i = 1; i < l->n; i++) {
        int lit = l->a[i], x = lit >> 1, code = s->why[x];
        int keep = 0;
        if (code == DECISION) {
            keep = 1;
        } else if (code >= 0) {
            keep = !s->seen[code] && s->lev[code];
        } else {
            Py_ssize_t m;
            const int *r = reason(s, x, code, &m);
            for (Py_ssize_t k = 0; k < m; k++) {
                int rv = r[k];
                if (!s->seen[rv]) {
                    int c = s->why[rv];
                    if (s->lev[c >= 0 ? c : rv]) {
                        keep = 1;
                        break;
                    }
                }
            }
        }
        if (keep)
            l->a[kept++] = lit;
    }
    l->n = kept;
}

typedef struct {
    int weight, index;
} Ranked;

static int heavier_first(const void *x, const void *y)
{
    const Ranked *a = x, *b = y;
    if (a->weight != b->weight)
        return a->weight > b->weight ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* Where CPython's set of these ints puts key (Objects/setobject.c's set_insert_clean: hash(x) == x for them; nine
 * linear probes, then a jump perturbed by 5 more bits of the hash each time); the table's empty slots are -1. */
static void set_insert_clean(int *table, size_t mask, int key)
{
    size_t perturb = (size_t)key, i = (size_t)key & mask;
    for (;;) {
        if (table[i] < 0) {
            table[i] = key;
            return;
        }
        if (i + 9 <= mask) {
            for (size_t j = 1; j <= 9; j++) {
                if (table[i + j] < 0) {
                    table[i + j] = key;
                    return;
                }
            }
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* The keys in the order CPython's set(keys) iterates them (its set_add_entry and set_table_resize: the table
 * grows to the least power of two above 4 x used once 5 x fill >= 3 x mask), into out: search.py's bump sorts
 * set(climbed) by weight, stably, so ties of weight fall in that order, which the core must follow. */
static Py_ssize_t in_set_order(Search *s, const int *keys, Py_ssize_t n, int *out)
{
    size_t mask = 7, fill = 0;
    int *table = PyMem_Malloc(8 * sizeof(int));
    if (table == NULL)
        longjmp(s->oom, 1);
    for (int k = 0; k < 8; k++)
        table[k] = -1;
    for (Py_ssize_t t = 0; t < n; t++) {
        int key = keys[t];
        size_t perturb = (size_t)key, i = (size_t)key & mask;
        int *entry;
        for (;;) {
            entry = table + i;
            int probes = (i + 9 <= mask) ? 9 : 0;
            do {
                if (*entry < 0)
                    goto unused;
                if (*entry == key)
                    goto next; /* already in */
                entry++;
            } while (probes--);
            perturb >>= 5;
            i = (i * 5 + 1 + perturb) & mask;
        }
    unused:
        *entry = key;
        fill++; /* (no key is ever removed: fill and used are one) */
        if (fill * 5 >= mask * 3) {
            size_t size = 8, minused = fill > 50000 ? fill * 2 : fill * 4;
            while (size <= minused)
                size <<= 1;
            int *grown = PyMem_Malloc(size * sizeof(int));
            if (grown == NULL) {
                PyMem_Free(table);
                longjmp(s->oom, 1);
            }
            for (size_t k = 0; k < size; k++)
                grown[k] = -1;
            for (size_t k = 0; k <= mask; k++)
                if (table[k] >= 0)
                    set_insert_clean(grown, size - 1, table[k]);
            PyMem_Free(table);
            table = grown;
            mask = size - 1;
        }
    next:;
    }
    Py_ssize_t m = 0;
    for (size_t k = 0; k <= mask; k++)
        if (table[k] >= 0)
            out[m++] = table[k];
    PyMem_Free(table);
    return m;
}

/* Engine.bump: branching weight for the cells and domino of every pair a contradiction was traced through; those
 * that climb above the lightest of the top few join them (heaviest first, equals in the set's order). */
static void bump(Search *s)
{
    if (s->big) {
        /* Engine.bump_activity: each bump weighs 1 / decay times the last, so old contradictions fade */
        double inc = s->inc, *act = s->act;
        for (Py_ssize_t i = 0; i < s->marked.n; i++) {
            int v = s->marked.a[i];
            act[s->pa[v]] += inc;
            act[s->pb[v]] += inc;
            act[s->n_cells + s->pd[v]] += inc;
        }
        s->inc = inc / s->decay;
        if (s->inc > 1e100) {
            for (int k = 0; k < s->n_cells + s->n_doms; k++)
                act[k] *= 1e-100;
            s->inc *= 1e-100;
        }
        return;
    }
    int floor = s->top_floor;
    s->climbed.n = 0;
    for (Py_ssize_t i = 0; i < s->marked.n; i++) {
        int v = s->marked.a[i];
        int xs[3] = {s->pa[v], s->pb[v], s->n_cells + s->pd[v]};
        for (int k = 0; k < 3; k++) {
            int w = ++s->weights[xs[k]];
            if (w > floor)
                vec_push(s, &s->climbed, xs[k]);
        }
    }
    if (!s->climbed.n)
        return;
    for (Py_ssize_t i = 0; i < s->top.n; i++)
        vec_push(s, &s->climbed, s->top.a[i]);
    Py_ssize_t n = s->climbed.n;
    vec_reserve(s, &s->climbed, 2 * n); /* the second half takes the keys in the set's order */
    Py_ssize_t m = in_set_order(s, s->climbed.a, n, s->climbed.a + n);
    Ranked *ranked = PyMem_Malloc((size_t)m * sizeof(Ranked));
    if (ranked == NULL)
        longjmp(s->oom, 1);
    for (Py_ssize_t i = 0; i < m; i++) {
        int x = s->climbed.a[n + i];
        ranked[i].weight = s->weights[x];
        ranked[i].index = (int)i; /* the set's order, for the ties (qsort is not stable) */
    }
    qsort(ranked, (size_t)m, sizeof(Ranked), heavier_first);
    s->top.n = 0;
    for (Py_ssize_t i = 0; i < m && i < s->top_max; i++)
        vec_push(s, &s->top, s->climbed.a[n + ranked[i].index]);
    PyMem_Free(ranked);
    s->top_floor = s->top.n == s->top_max ? s->weights[s->top.a[s->top.n - 1]] : 0;
}

/* Engine.analyze: the learned clause (its asserting literal first, then one of the highest level among the rest)
 * in s->learnt, and the level to jump back to. */
static int analyze(Search *s, const int *confl, Py_ssize_t confl_n)
{
    int *seen = s->seen, *why = s->why, *lev = s->lev;
    unsigned char *pstate = s->pstate;
    int level = s->level;
    s->learnt.n = 0;
    vec_push(s, &s->learnt, 0);
    s->marked.n = 0;
    int counter = 0, v;
    Py_ssize_t i = s->trail.n - 1;
    const int *vs = confl;
    Py_ssize_t vn = confl_n;
    for (;;) {
        for (Py_ssize_t k = 0; k < vn; k++) {
            int u = vs[k];
            if (!seen[u]) {
                int code = why[u];
                int lv = lev[code >= 0 ? code : u];
                if (lv) {
                    seen[u] = 1;
                    vec_push(s, &s->marked, u);
                    if (lv == level)
                        counter++;
                    else
                        vec_push(s, &s->learnt, 2 * u + 2 - pstate[u]);
                }
            }
        }
        while (!seen[s->trail.a[i]])
            i--;
        v = s->trail.a[i];
        i--;
        counter--;
        if (!counter)
            break;
        vs = reason(s, v, why[v], &vn);
    }
    s->learnt.a[0] = 2 * v + 2 - pstate[v];
    if (s->learnt.n > 2)
        minimise(s);
    for (Py_ssize_t k = 0; k < s->marked.n; k++)
        seen[s->marked.a[k]] = 0;
    bump(s);
    int back = 0;
    if (s->learnt.n > 1) {
        Py_ssize_t best = 1;
        for (Py_ssize_t k = 1; k < s->learnt.n; k++) {
            int lv = level_of(s, s->learnt.a[k] >> 1);
            if (lv > back) {
                back = lv;
                best = k;
            }
        }
        int tmp = s->learnt.a[1];
        s->learnt.a[1] = s->learnt.a[best];
        s->learnt.a[best] = tmp;
    }
    return back;
}

/* Engine.backjump: the node as it was at the end of level's propagation. */
static void backjump(Search *s, int level)
{
    if (s->big)
        for (Py_ssize_t i = s->lvl_trail[level]; i < s->trail.n; i++)
            s->phase[s->trail.a[i]] = s->pstate[s->trail.a[i]];
    s->pstate = s->lvl_pstate[level];
    s->ccount = s->lvl_ccount[level];
    s->dcount = s->lvl_dcount[level];
    s->n_joined = s->lvl_joined[level];
    s->trail.n = s->lvl_trail[level];
    s->qhead = s->trail.n;
    s->decisions.n = level;
    s->level = level;
}

/* Engine.learn: add a clause whose first literal is open and whose others are false, and propagate the first. */
static const int *learn(Search *s, const Vec *lits, int keep, Py_ssize_t *n)
{
    int ci = (int)s->clause_start.n, len = (int)lits->n;
    vec_push(s, &s->clause_start, (int)s->clause_lits.n);
    vec_push(s, &s->clause_len, len);
    vec_push(s, &s->dead, 0);
    for (int k = 0; k < len; k++) {
        vec_push(s, &s->clause_lits, lits->a[k]);
        vec_push(s, &s->clause_pairs_v, lits->a[k] >> 1);
    }
    int glue = 0;
    if (!keep && len > s->glue_keep) {
        /* how many distinct levels its literals span (the levels are few: a mark per level) */
        int *mark = s->level_mark;
        for (int k = 0; k < len; k++) {
            int lv = level_of(s, lits->a[k] >> 1);
            if (!mark[lv]) {
                mark[lv] = 1;
                glue++;
            }
        }
        for (int k = 0; k < len; k++)
            mark[level_of(s, lits->a[k] >> 1)] = 0;
    }
    vec_push(s, &s->glue, glue);
    if (len > 1) {
        if (s->watches == NULL) {
            s->watches = PyMem_Calloc((size_t)2 * (size_t)s->n_pairs, sizeof(Vec));
            if (s->watches == NULL)
                longjmp(s->oom, 1);
        }
        vec_push(s, &s->watches[lits->a[0]], ci);
        vec_push(s, &s->watches[lits->a[1]], ci);
    }
    int first = lits->a[0], code = ~(ci << 3 | K_CLAUSE);
    s->pend_q.n = s->pend_code.n = s->splits_q.n = s->splits_code.n = 0;
    if (first & 1) {
        vec_push(s, &s->splits_q, first >> 1);
        vec_push(s, &s->splits_code, code);
    } else {
        vec_push(s, &s->pend_q, first >> 1);
        vec_push(s, &s->pend_code, code);
    }
    return propagate(s, n);
}

static int glue_of(const Search *s, int ci)
{
    return s->glue.a[ci];
}

/* Engine.restart: back to level 0, remembering which pairs were joined; forget the worse half of the clauses that
 * span many levels if reduce (the sort is stable: equals stay in the order learned). */
static void restart(Search *s, int reduce)
{
    if (s->level) {
        for (Py_ssize_t i = s->lvl_trail[0]; i < s->trail.n; i++) {
            int v = s->trail.a[i];
            s->phase[v] = s->pstate[v];
        }
        backjump(s, 0);
    }
    if (!reduce)
        return;
    Py_ssize_t n = s->glue.n, m = 0;
    Ranked *worse = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(Ranked));
    if (worse == NULL)
        longjmp(s->oom, 1);
    for (Py_ssize_t ci = 0; ci < n; ci++) {
        if (glue_of(s, (int)ci) > s->glue_keep && !s->dead.a[ci]) {
            worse[m].weight = -glue_of(s, (int)ci); /* heavier_first on -glue: least glue first, equals by index */
            worse[m].index = (int)ci;
            m++;
        }
    }
    qsort(worse, (size_t)m, sizeof(Ranked), heavier_first);
    for (Py_ssize_t k = m / 2; k < m; k++)
        s->dead.a[worse[k].index] = 1;
    PyMem_Free(worse);
}

/* Make sure level's arrays exist (they are made once and kept for the search's life). */
static void ensure_level(Search *s, int level)
{
    if (level < s->max_levels)
        return;
    int old = s->max_levels, cap = old ? 2 * old : 8;
    while (cap <= level)
        cap *= 2;
    void *p;
    if (!(p = PyMem_Realloc(s->lvl_pstate, (size_t)cap * sizeof(*s->lvl_pstate))))
        longjmp(s->oom, 1);
    s->lvl_pstate = p;
    if (!(p = PyMem_Realloc(s->lvl_ccount, (size_t)cap * sizeof(*s->lvl_ccount))))
        longjmp(s->oom, 1);
    s->lvl_ccount = p;
    if (!(p = PyMem_Realloc(s->lvl_dcount, (size_t)cap * sizeof(*s->lvl_dcount))))
        longjmp(s->oom, 1);
    s->lvl_dcount = p;
    if (!(p = PyMem_Realloc(s->lvl_joined, (size_t)cap * sizeof(int))))
        longjmp(s->oom, 1);
    s->lvl_joined = p;
    if (!(p = PyMem_Realloc(s->lvl_trail, (size_t)cap * sizeof(int))))
        longjmp(s->oom, 1);
    s->lvl_trail = p;
    for (int k = old; k < cap; k++) {
        s->lvl_pstate[k] = NULL;
        s->lvl_ccount[k] = s->lvl_dcount[k] = NULL;
    }
    s->max_levels = cap; /* (before the arrays: a failure among them leaves only NULLs and arrays to free) */
    for (int k = old; k < cap; k++) {
        s->lvl_pstate[k] = PyMem_Malloc((size_t)s->n_pairs + 1);
        s->lvl_ccount[k] = PyMem_Malloc(((size_t)s->n_cells + 1) * sizeof(int));
        s->lvl_dcount[k] = PyMem_Malloc(((size_t)s->n_doms + 1) * sizeof(int));
        if (!s->lvl_pstate[k] || !s->lvl_ccount[k] || !s->lvl_dcount[k])
            longjmp(s->oom, 1);
    }
}

/* Engine.decide: open a level by joining pair q (the level's arrays start as a copy of the one below). */
static const int *decide(Search *s, int q, Py_ssize_t *n)
{
    int lv = s->level;
    ensure_level(s, lv + 1);
    s->lvl_joined[lv] = s->n_joined;
    s->lvl_trail[lv] = (int)s->trail.n;
    memcpy(s->lvl_pstate[lv + 1], s->lvl_pstate[lv], (size_t)s->n_pairs);
    memcpy(s->lvl_ccount[lv + 1], s->lvl_ccount[lv], (size_t)s->n_cells * sizeof(int));
    memcpy(s->lvl_dcount[lv + 1], s->lvl_dcount[lv], (size_t)s->n_doms * sizeof(int));
    s->level = lv + 1;
    s->pstate = s->lvl_pstate[lv + 1];
    s->ccount = s->lvl_ccount[lv + 1];
    s->dcount = s->lvl_dcount[lv + 1];
    vec_push(s, &s->decisions, 2 * q);
    s->pend_q.n = s->pend_code.n = s->splits_q.n = s->splits_code.n = 0;
    vec_push(s, &s->pend_q, q);
    vec_push(s, &s->pend_code, DECISION);
    return propagate(s, n);
}

/* Engine.choose: a pair of the open cell or domino with the fewest options, the heaviest of those (the top few
 * first), the pair it last had joined if still open, else its first open pair. */
static int choose(Search *s)
{
    int n_cells = s->n_cells, least = DONE;
    const int *ccount = s->ccount, *dcount = s->dcount, *weights = s->weights;
    for (int x = 0; x < n_cells; x++) {
        if (ccount[x] < least) {
            least = ccount[x];
            if (least == 2)
                break;
        }
    }
    if (least > 2) {
        for (int d = 0; d < s->n_doms; d++) {
            if (dcount[d] < least) {
                least = dcount[d];
                if (least == 2)
                    break;
            }
        }
    }
    int best = -1;
    for (Py_ssize_t i = 0; i < s->top.n && !s->big; i++) {
        int t = s->top.a[i];
        if ((t < n_cells ? ccount[t] : dcount[t - n_cells]) == least) {
            best = t;
            break;
        }
    }
    if (best < 0) {
        /* Engine.most_weighed: the weights' or, on a big board, the activities' most, the first of equals */
        double most = -1.0;
        for (int k = 0; k < n_cells + s->n_doms; k++) {
            if ((k < n_cells ? ccount[k] : dcount[k - n_cells]) == least) {
                double w = s->big ? s->act[k] : (double)weights[k];
                if (w > most)
                    best = k, most = w;
            }
        }
    }
    Py_ssize_t m;
    const int *options = best >= n_cells ? PLACES(best - n_cells, &m) : CELL_PAIRS(best, &m);
    for (Py_ssize_t i = 0; i < m; i++)
        if (!s->pstate[options[i]] && s->phase[options[i]] == 1)
            return options[i];
    for (Py_ssize_t i = 0; i < m; i++)
        if (!s->pstate[options[i]])
            return options[i];
    return -1;
}

static long long luby(long long i)
{
    long long size = 1, power = 0;
    while (size < i + 1) {
        power++;
        size = 2 * size + 1;
    }
    while (size - 1 != i) {
        size = (size - 1) >> 1;
        power--;
        i %= size;
    }
    return 1LL << power;
}

/* search_solutions' loop, from where the last call left it, to the next solution, pause, budget or end. */
static int step(Search *s, long long next_check, long long max_nodes)
{
    Py_ssize_t n = 0;
    for (;;) {
        if (s->after_solution) {
            s->after_solution = 0;
            if (!s->level) {
                s->finished = 1;
                return ST_DONE;
            }
            /* the blocking clause: not all of the same decisions again */
            s->block.n = 0;
            for (Py_ssize_t k = s->decisions.n - 1; k >= 0; k--)
                vec_push(s, &s->block, s->decisions.a[k] ^ 1);
            backjump(s, s->level - 1);
            s->nodes++;
            s->confl = learn(s, &s->block, 1, &n);
            s->confl_n = n;
            continue;
        }
        if (s->confl != NULL) {
            if (!s->level) {
                s->finished = 1;
                return ST_DONE;
            }
            s->conflicts++;
            int back = analyze(s, s->confl, s->confl_n);
            backjump(s, back);
            s->nodes++;
            s->confl = learn(s, &s->learnt, 0, &n);
            s->confl_n = n;
            continue;
        }
        if (s->n_joined == s->total) {
            s->after_solution = 1;
            return ST_SOLUTION;
        }
        if (s->nodes >= next_check)
            return ST_PAUSE;
        if (max_nodes >= 0 && s->nodes >= max_nodes)
            return ST_OUT_OF_NODES;
        if (s->next_restart > 0 && s->conflicts >= s->next_restart) {
            s->restarts++;
            s->next_restart += s->restart_base * luby(s->restarts);
            int reduce = s->clause_start.n >= s->next_reduce;
            if (reduce)
                s->next_reduce = s->clause_start.n + s->reduce_every;
            restart(s, reduce);
        }
        int q = choose(s);
        s->branches++;
        s->nodes++;
        s->confl = decide(s, q, &n);
        s->confl_n = n;
        if (s->level > s->max_depth)
            s->max_depth = s->level;
    }
}

/* ------------------------------------------------------------------ the Python type */

static void Search_dealloc(Search *s)
{
    PyMem_Free(s->pa);
    PyMem_Free(s->pb);
    PyMem_Free(s->pd);
    PyMem_Free(s->cp_start);
    PyMem_Free(s->cp);
    PyMem_Free(s->pl_start);
    PyMem_Free(s->pl);
    PyMem_Free(s->dupc);
    PyMem_Free(s->dupd);
    for (int k = 0; k < s->max_levels; k++) {
        PyMem_Free(s->lvl_pstate[k]);
        PyMem_Free(s->lvl_ccount[k]);
        PyMem_Free(s->lvl_dcount[k]);
    }
    PyMem_Free(s->lvl_pstate);
    PyMem_Free(s->lvl_ccount);
    PyMem_Free(s->lvl_dcount);
    PyMem_Free(s->lvl_joined);
    PyMem_Free(s->lvl_trail);
    PyMem_Free(s->lev);
    PyMem_Free(s->why);
    PyMem_Free(s->seen);
    PyMem_Free(s->phase);
    PyMem_Free(s->weights);
    PyMem_Free(s->act);
    PyMem_Free(s->level_mark);
    if (s->watches != NULL) {
        for (int k = 0; k < 2 * s->n_pairs; k++)
            vec_free(&s->watches[k]);
        PyMem_Free(s->watches);
    }
    Vec *vecs[] = {&s->trail, &s->decisions, &s->clause_lits, &s->clause_pairs_v, &s->clause_start,
                   &s->clause_len, &s->glue, &s->dead, &s->top, &s->pend_q, &s->pend_code, &s->splits_q,
                   &s->splits_code, &s->cells, &s->doms, &s->check_cells, &s->check_doms, &s->confbuf,
                   &s->reasonbuf, &s->learnt, &s->marked, &s->climbed, &s->block, &s->stack, &s->toclear};
    for (size_t k = 0; k < sizeof(vecs) / sizeof(vecs[0]); k++)
        vec_free(vecs[k]);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* A sequence of ints into a new C array of n (n checked); NULL with an exception set. */
static int *int_array(PyObject *seq, Py_ssize_t n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL)
        return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        return NULL;
    }
    int *a = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(int));
    if (a == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            PyMem_Free(a);
            return NULL;
        }
        a[i] = (int)v;
    }
    Py_DECREF(fast);
    return a;
}

/* A tuple of n tuples of pair indices (< n_pairs) into CSR arrays. */
static int csr(PyObject *seq, Py_ssize_t n, int n_pairs, int **start, int **items, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        return -1;
    }
    *start = PyMem_Malloc((size_t)(n + 1) * sizeof(int));
    Vec all = {NULL, 0, 0};
    if (*start == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    (*start)[0] = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, i), what);
        if (inner == NULL)
            goto fail;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(inner);
        for (Py_ssize_t k = 0; k < m; k++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(inner, k));
            if ((v == -1 && PyErr_Occurred()) || v < 0 || v >= n_pairs) {
                Py_DECREF(inner);
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_ValueError, "%s: a pair out of range", what);
                goto fail;
            }
            if (all.n == all.cap) {
                Py_ssize_t cap = all.cap ? 2 * all.cap : 64;
                int *a = PyMem_Realloc(all.a, (size_t)cap * sizeof(int));
                if (a == NULL) {
                    Py_DECREF(inner);
                    PyErr_NoMemory();
                    goto fail;
                }
                all.a = a;
                all.cap = cap;
            }
            all.a[all.n++] = (int)v;
        }
        Py_DECREF(inner);
        (*start)[i + 1] = (int)all.n;
    }
    Py_DECREF(fast);
    *items = all.a ? all.a : PyMem_Malloc(sizeof(int));
    return *items ? 0 : (PyErr_NoMemory(), -1);
fail:
    Py_DECREF(fast);
    PyMem_Free(all.a);
    return -1;
}

static unsigned char *byte_array(PyObject *obj, Py_ssize_t n, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    if (view.len != n) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes", what, n);
        return NULL;
    }
    unsigned char *a = PyMem_Malloc((size_t)n + 1);
    if (a == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(a, view.buf, (size_t)n);
    PyBuffer_Release(&view);
    return a;
}

static void *zeros(Search *s, size_t n, size_t size)
{
    void *p = PyMem_Calloc(n ? n : 1, size);
    if (p == NULL)
        longjmp(s->oom, 1);
    return p;
}

/* The root node's arrays and what the search records, zeroed; -1 with an exception set. */
static int init_node(Search *s, const int *ps, const int *cc, const int *dc, int n_joined)
{
    int n_pairs = s->n_pairs, n_cells = s->n_cells, n_doms = s->n_doms;
    if (setjmp(s->oom)) {
        PyErr_NoMemory();
        return -1;
    }
    for (int q = 0; q < n_pairs; q++) {
        if (ps[q] < 0 || ps[q] > 2 || (ps[q] == 0 && s->pd[q] < 0)) {
            PyErr_SetString(PyExc_ValueError, "pstate: a state out of range, or an open pair showing no domino");
            return -1;
        }
    }
    ensure_level(s, 0);
    for (int q = 0; q < n_pairs; q++)
        s->lvl_pstate[0][q] = (unsigned char)ps[q];
    memcpy(s->lvl_ccount[0], cc, (size_t)n_cells * sizeof(int));
    memcpy(s->lvl_dcount[0], dc, (size_t)n_doms * sizeof(int));
    s->pstate = s->lvl_pstate[0];
    s->ccount = s->lvl_ccount[0];
    s->dcount = s->lvl_dcount[0];
    s->n_joined = n_joined;
    s->lev = zeros(s, (size_t)n_pairs, sizeof(int));
    s->why = zeros(s, (size_t)n_pairs, sizeof(int));
    for (int q = 0; q < n_pairs; q++)
        s->why[q] = DECISION;
    s->seen = zeros(s, (size_t)n_pairs, sizeof(int));
    s->phase = zeros(s, (size_t)n_pairs, sizeof(int));
    s->weights = zeros(s, (size_t)n_cells + (size_t)n_doms, sizeof(int));
    for (int k = 0; k < n_cells + n_doms; k++)
        s->weights[k] = 1;
    s->act = zeros(s, (size_t)n_cells + (size_t)n_doms, sizeof(double));
    s->level_mark = zeros(s, (size_t)n_pairs + 1, sizeof(int)); /* (levels never pass the pairs) */
    return 0;
}

/* Search(n_cells, pair_a, pair_b, pair_domino, cell_pairs, placements, dupc, dupd, pstate, ccount, dcount,
 *        n_joined, nodes, top, restart_base, reduce_every, glue_keep, decay): the search from a root node propagated
 * to its fixed point (search.py's Engine(t, root)), its node count starting at nodes. */
static PyObject *Search_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    int n_cells, n_joined, top_max, restart_base, reduce_every, glue_keep;
    long long nodes;
    double decay = 0.0;
    PyObject *pa, *pb, *pd, *cell_pairs, *placements, *dupc, *dupd, *pstate, *ccount, *dcount;
    static char *names[] = {"n_cells", "pair_a", "pair_b", "pair_domino", "cell_pairs", "placements", "dupc",
                            "dupd", "pstate", "ccount", "dcount", "n_joined", "nodes", "top", "restart_base",
                            "reduce_every", "glue_keep", "decay", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOOOOOOOOOiLiiii|d", names, &n_cells, &pa, &pb, &pd, &cell_pairs,
                                     &placements, &dupc, &dupd, &pstate, &ccount, &dcount, &n_joined, &nodes,
                                     &top_max, &restart_base, &reduce_every, &glue_keep, &decay))
        return NULL;
    Py_ssize_t n_pairs = PyObject_Length(pa), n_doms = PyObject_Length(placements);
    if (n_pairs < 0 || n_doms < 0)
        return NULL;
    if (n_cells < 0 || n_pairs > (1 << 26) || n_cells > (1 << 26) || n_doms > (1 << 26) || top_max < 1) {
        PyErr_SetString(PyExc_ValueError, "a board out of the core's range");
        return NULL;
    }
    Search *s = (Search *)type->tp_alloc(type, 0);
    if (s == NULL)
        return NULL;
    s->n_cells = n_cells;
    s->n_pairs = (int)n_pairs;
    s->n_doms = (int)n_doms;
    s->total = n_cells / 2;
    s->top_max = top_max;
    s->restart_base = restart_base;
    s->reduce_every = reduce_every;
    s->glue_keep = glue_keep;
    s->big = decay > 0.0;
    s->decay = decay;
    s->inc = 1.0;
    s->nodes = nodes;
    s->next_restart = restart_base ? (long long)restart_base * luby(0) : -1;
    s->next_reduce = reduce_every;
    if (!(s->pa = int_array(pa, n_pairs, "pair_a")) || !(s->pb = int_array(pb, n_pairs, "pair_b")) ||
        !(s->pd = int_array(pd, n_pairs, "pair_domino")) ||
        csr(cell_pairs, n_cells, s->n_pairs, &s->cp_start, &s->cp, "cell_pairs") < 0 ||
        csr(placements, n_doms, s->n_pairs, &s->pl_start, &s->pl, "placements") < 0 ||
        !(s->dupc = byte_array(dupc, n_cells, "dupc")) || !(s->dupd = byte_array(dupd, n_doms, "dupd")))
        goto fail;
    for (int q = 0; q < s->n_pairs; q++) {
        if (s->pa[q] < 0 || s->pa[q] >= n_cells || s->pb[q] < 0 || s->pb[q] >= n_cells || s->pd[q] >= n_doms) {
            PyErr_SetString(PyExc_ValueError, "a pair's cells or domino out of range");
            goto fail;
        }
    }
    int *ps = NULL, *cc = NULL, *dc = NULL;
    int made = -1;
    if ((ps = int_array(pstate, n_pairs, "pstate")) && (cc = int_array(ccount, n_cells, "ccount")) &&
        (dc = int_array(dcount, n_doms, "dcount")))
        made = init_node(s, ps, cc, dc, n_joined);
    PyMem_Free(ps);
    PyMem_Free(cc);
    PyMem_Free(dc);
    if (made < 0)
        goto fail;
    return (PyObject *)s;
fail:
    Py_DECREF(s);
    return NULL;
}

static PyObject *Search_run(Search *s, PyObject *args)
{
    long long next_check, max_nodes;
    if (!PyArg_ParseTuple(args, "LL", &next_check, &max_nodes))
        return NULL;
    if (s->broken) {
        PyErr_SetString(PyExc_RuntimeError, "this search ran out of memory and cannot go on");
        return NULL;
    }
    if (s->finished)
        return PyLong_FromLong(ST_DONE);
    if (setjmp(s->oom)) {
        s->broken = 1;
        return PyErr_NoMemory();
    }
    return PyLong_FromLong(step(s, next_check, max_nodes));
}

static PyObject *Search_joined(Search *s, PyObject *Py_UNUSED(ignored))
{
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (int q = 0; q < s->n_pairs; q++) {
        if (s->pstate[q] == 1) {
            PyObject *v = PyLong_FromLong(q);
            if (v == NULL || PyList_Append(out, v) < 0) {
                Py_XDECREF(v);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(v);
        }
    }
    return out;
}

static PyObject *Search_figures(Search *s, PyObject *Py_UNUSED(ignored))
{
    return Py_BuildValue("LLL", s->nodes, s->branches, s->max_depth);
}

static PyMethodDef Search_methods[] = {
    {"run", (PyCFunction)Search_run, METH_VARARGS,
     "run(next_check, max_nodes) -> status: search on until a solution (1), the end (0), a pause once the node "
     "count reaches next_check (2) or the budget max_nodes (3; -1: none) is spent."},
    {"joined", (PyCFunction)Search_joined, METH_NOARGS, "The joined pairs of the current node, ascending."},
    {"figures", (PyCFunction)Search_figures, METH_NOARGS, "(nodes, branches, max_depth) so far."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dominosa.deductions._counter.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The counter's search from a root node, in C (the same walk as search.py's Engine).",
    .tp_new = Search_new,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

static struct PyModuleDef counter_module = {
    PyModuleDef_HEAD_INIT, "_counter",
    "The counter's search core in C: the same walk as dominosa.deductions.search.Engine, on flat arrays.", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__counter(void)
{
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&counter_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
