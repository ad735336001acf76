/* nonogen._native: the black-and-white line solver and line-logic propagation in C.
 *
 * The reference is the pure-Python code (nonogen.line.solve_line, nonogen.solve.propagate):
 * these functions take and give the same values (lines as (filled, empty) bitmask ints) and
 * make the same steps (the same sweeps, line solves and settled cells), so every caller gets
 * the same answers, difficulty grades included. tests/unit/test_native.py checks both against
 * brute force and against each other.
 *
 * A line of n cells is solved by dynamic programming over (block, cell), O(n k): fw[j][i] says
 * blocks 0..j-1 fit cells [0, i); bw[j][i] says blocks j..k-1 fit cells [i, n). A cell can be
 * empty iff some j has fw[j][i] and bw[j][i + 1]; it can be filled iff some block has a start
 * with a fitting prefix on its left and a fitting suffix on its right. Cells that cannot be
 * empty are filled in every arrangement, and those that cannot be filled are empty.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>
#include <math.h>

enum { UNK = 0, FIL = 1, EMP = 2 };

/* Work space, grown as needed (the GIL is held throughout). */
static unsigned char *fw_buf, *bw_buf, *can_empty_buf;
static int *emp_buf, *diff_buf, *block_buf;
static size_t table_cap, line_cap, block_cap;
static unsigned long long *word_buf;
static size_t word_cap;

static int grow_words(size_t words) {
    if (words > word_cap) {
        unsigned long long *w = realloc(word_buf, words * sizeof(unsigned long long));
        if (!w) return -1;
        word_buf = w;
        word_cap = words;
    }
    return 0;
}

static int grow(size_t table, size_t line, size_t blocks) {
    if (table > table_cap) {
        unsigned char *f = realloc(fw_buf, table), *b;
        if (!f) return -1;
        fw_buf = f;
        b = realloc(bw_buf, table);
        if (!b) return -1;
        bw_buf = b;
        table_cap = table;
    }
    if (line > line_cap) {
        unsigned char *c = realloc(can_empty_buf, line);
        int *e, *d;
        if (!c) return -1;
        can_empty_buf = c;
        e = realloc(emp_buf, (line + 1) * sizeof(int));
        if (!e) return -1;
        emp_buf = e;
        d = realloc(diff_buf, (line + 1) * sizeof(int));
        if (!d) return -1;
        diff_buf = d;
        line_cap = line;
    }
    if (blocks > block_cap) {
        int *b = realloc(block_buf, blocks * sizeof(int));
        if (!b) return -1;
        block_buf = b;
        block_cap = blocks;
    }
    return 0;
}

/* --- lines of up to 64 cells: the reference's bit-parallel passes, on one machine word ------ */

typedef unsigned long long u64;

/* Set bits of a word: the instruction where the build targets it, else the SWAR sum inline
 * (the compiler's generic builtin is a library call, 5 % of a search's time). */
static inline int popcount64(u64 x) {
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* The 64 bits of x in reverse order: neighbouring bits, pairs and nibbles swap in place, then
 * the bytes. */
static inline u64 bits_reversed(u64 x) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
#if defined(__GNUC__) || defined(__clang__)
    x = __builtin_bswap64(x);
#else
    x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
    x = (x >> 32) | (x << 32);
#endif
    return x;
}

/* The low n bits of x read backwards; bits above n are dropped. */
static inline u64 reverse64(u64 x, int n) { return n <= 0 ? 0 : bits_reversed(x) >> (64 - n); }

/* Bit-parallel helpers on one word of type T (positions on bits), named NAME##suffix:
 * shl (a shift that gives 0 past the word), flood
 * (carry flood: cells p with a seed t <= p and [t, p) passable), runs_in (starts of runs of
 * `length` set bits) and spread (the cells a run of `length` covers from each start). */
#define WORD_OPS(T, S)                                                                        \
    static T shl##S(T x, int s) { return s >= (int)(8 * sizeof(T)) ? 0 : x << s; }            \
    static T flood##S(T seeds, T passable) {                                                  \
        return (((seeds & passable) + passable) ^ passable) | seeds;                          \
    }                                                                                         \
    static T runs_in##S(T mask, int length) {                                                 \
        int have = 1;                                                                         \
        while (have < length) {                                                               \
            int step = have < length - have ? have : length - have;                           \
            mask &= mask >> step;                                                             \
            have += step;                                                                     \
        }                                                                                     \
        return mask;                                                                          \
    }                                                                                         \
    static T spread##S(T starts, int length) {                                                \
        int have = 1;                                                                         \
        while (have < length) {                                                               \
            int step = have < length - have ? have : length - have;                           \
            starts |= shl##S(starts, step);                                                   \
            have += step;                                                                     \
        }                                                                                     \
        return starts;                                                                        \
    }

WORD_OPS(u64, 64)

/* Blocks left to right: per block its starts that fit the prefix and the same by their last
 * cell, per gap the cells a fitting prefix can leave empty. 0 when none fit. */
static int forward64(const int *b, int k, int n, u64 filled, u64 empty, u64 *starts, u64 *lasts,
                     u64 *gaps) {
    u64 full = n == 64 ? ~0ULL : (1ULL << n) - 1;
    u64 not_filled = full & ~filled, not_start = full & ~shl64(filled, 1), ones = full & ~empty;
    u64 seeds = 1;
    int j;
    gaps[0] = flood64(1, not_filled) & not_filled;
    for (j = 0; j < k; j++) {
        int run = b[j];
        u64 fits = run > n ? 0 : runs_in64(ones, run);
        u64 block = fits & not_start & ~(run >= 64 ? 0 : filled >> run) & flood64(seeds, not_filled);
        if (!block) return 0;
        starts[j] = block;
        lasts[j] = shl64(block, run - 1) & full;
        seeds = shl64(block, run);
        gaps[j + 1] = flood64(seeds, not_filled) & not_filled;
        seeds = shl64(seeds, 1);
    }
    return 1;
}


/* nonogen.line.solve_line on a word: 1 and the refined masks, or 0 when nothing fits. */
static int solve_bits(const int *b, int k, int n, u64 filled, u64 empty, u64 *out_f, u64 *out_e,
                      u64 *work) {
    u64 full = n == 64 ? ~0ULL : (1ULL << n) - 1, can_empty = 0, can_fill = 0;
    u64 *fs = work, *fl = fs + k, *fg = fl + k, *bs = fg + k + 1, *bl = bs + k, *bg = bl + k;
    int j;
    if (k == 0) {
        if (filled) return 0;
        *out_f = 0;
        *out_e = full;
        return 1;
    }
    if (!forward64(b, k, n, filled, empty, fs, fl, fg)) return 0;
    {
        int *rb = (int *)(bg + k + 1);
        for (j = 0; j < k; j++) rb[j] = b[k - 1 - j];
        if (!forward64(rb, k, n, reverse64(filled, n), reverse64(empty, n), bs, bl, bg)) return 0;
    }
    for (j = 0; j < k; j++) {
        u64 both = fs[j] & reverse64(bl[k - 1 - j], n);
        if (j == 0 && !both) return 0;
        can_fill |= spread64(both, b[j]);
    }
    for (j = 0; j <= k; j++) can_empty |= fg[j] & reverse64(bg[k - j], n);
    *out_f = full & ~can_empty;
    *out_e = full & ~(can_fill & full);
    return 1;
}

/* Solve one line in place: cells[i] in {UNK, FIL, EMP}. Returns 1 when some arrangement
 * fits (cells refined), 0 when none does (cells untouched), -1 on a memory error. */
static int solve_cells(const int *b, int k, unsigned char *c, int n) {
    size_t w = (size_t)n + 1;
    unsigned char *fw, *bw, *ce;
    int *emp, *diff;
    int i, j;
    if (n <= 64) {
        u64 filled = 0, empty = 0, f, e;
        int fit;
        if (grow(0, 0, (size_t)k + 1) < 0 || grow_words((size_t)(8 * k + 8)) < 0) return -1;
        for (i = 0; i < n; i++) {
            if (c[i] == FIL) filled |= 1ULL << i;
            else if (c[i] == EMP) empty |= 1ULL << i;
        }
        fit = solve_bits(b, k, n, filled, empty, &f, &e, word_buf);
        if (!fit) return 0;
        for (i = 0; i < n; i++) c[i] = (f >> i) & 1 ? FIL : ((e >> i) & 1 ? EMP : UNK);
        return 1;
    }
    if (grow((size_t)(k + 1) * w, (size_t)n + 1, 1) < 0) return -1;
    fw = fw_buf; bw = bw_buf; ce = can_empty_buf; emp = emp_buf; diff = diff_buf;
#define FW(j, i) fw[(size_t)(j) * w + (size_t)(i)]
#define BW(j, i) bw[(size_t)(j) * w + (size_t)(i)]
#define NOEMPTY(a, z) (emp[(z)] - emp[(a)] == 0)
    emp[0] = 0;
    for (i = 0; i < n; i++) emp[i + 1] = emp[i] + (c[i] == EMP);
    FW(0, 0) = 1;
    for (i = 1; i <= n; i++) FW(0, i) = FW(0, i - 1) && c[i - 1] != FIL;
    for (j = 1; j <= k; j++) {
        int len = b[j - 1];
        FW(j, 0) = 0;
        for (i = 1; i <= n; i++) {
            int v = FW(j, i - 1) && c[i - 1] != FIL;
            if (!v && i >= len && NOEMPTY(i - len, i)) {
                int s = i - len;
                v = j == 1 ? FW(0, s) : (s >= 1 && c[s - 1] != FIL && FW(j - 1, s - 1));
            }
            FW(j, i) = (unsigned char)v;
        }
    }
    if (!FW(k, n)) return 0;
    BW(k, n) = 1;
    for (i = n - 1; i >= 0; i--) BW(k, i) = BW(k, i + 1) && c[i] != FIL;
    for (j = k - 1; j >= 0; j--) {
        int len = b[j];
        BW(j, n) = 0;
        for (i = n - 1; i >= 0; i--) {
            int v = BW(j, i + 1) && c[i] != FIL;
            if (!v && i + len <= n && NOEMPTY(i, i + len)) {
                int e = i + len;
                v = j == k - 1 ? BW(k, e) : (e < n && c[e] != FIL && BW(j + 1, e + 1));
            }
            BW(j, i) = (unsigned char)v;
        }
    }
    for (i = 0; i < n; i++) {
        int can = 0;
        if (c[i] != FIL)
            for (j = 0; j <= k && !can; j++) can = FW(j, i) && BW(j, i + 1);
        ce[i] = (unsigned char)can;
    }
    memset(diff, 0, ((size_t)n + 1) * sizeof(int));
    for (j = 0; j < k; j++) {
        int len = b[j], s;
        for (s = 0; s + len <= n; s++) {
            int pre, post, e = s + len;
            if (!NOEMPTY(s, e)) continue;
            pre = j == 0 ? FW(0, s) : (s >= 1 && c[s - 1] != FIL && FW(j, s - 1));
            if (!pre) continue;
            post = j == k - 1 ? BW(k, e) : (e < n && c[e] != FIL && BW(j + 1, e + 1));
            if (post) {
                diff[s] += 1;
                diff[e] -= 1;
            }
        }
    }
    {
        int run = 0;
        for (i = 0; i < n; i++) {
            int fill;
            run += diff[i];
            fill = run > 0;
            if (!fill && !ce[i]) return 0; /* cannot happen once FW(k, n) holds */
            c[i] = fill && !ce[i] ? FIL : (!fill && ce[i] ? EMP : UNK);
        }
    }
#undef FW
#undef BW
#undef NOEMPTY
    return 1;
}

/* --- ints <-> bytes ------------------------------------------------------------------------ */

static int int_to_bytes(PyObject *value, unsigned char *buf, size_t nbytes) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "expected an int mask");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    {
        Py_ssize_t need = PyLong_AsNativeBytes(
            value, buf, (Py_ssize_t)nbytes,
            Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
        if (need < 0) return -1;
        if ((size_t)need > nbytes) {
            PyErr_SetString(PyExc_OverflowError, "mask wider than its line");
            return -1;
        }
        return 0;
    }
#else
    return _PyLong_AsByteArray((PyLongObject *)value, buf, nbytes, 1, 0);
#endif
}

static PyObject *bytes_to_int(const unsigned char *buf, size_t nbytes) {
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buf, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(buf, nbytes, 1, 0);
#endif
}

/* Cells of a line from its two masks (filled wins over empty, as the reference reads them). */
static int masks_to_cells(PyObject *filled, PyObject *empty, unsigned char *cells, int n,
                          unsigned char *scratch) {
    size_t nbytes = ((size_t)n + 8) / 8, i;
    if (int_to_bytes(empty, scratch, nbytes) < 0) return -1;
    for (i = 0; i < (size_t)n; i++) cells[i] = (scratch[i >> 3] >> (i & 7)) & 1 ? EMP : UNK;
    if (int_to_bytes(filled, scratch, nbytes) < 0) return -1;
    for (i = 0; i < (size_t)n; i++)
        if ((scratch[i >> 3] >> (i & 7)) & 1) cells[i] = FIL;
    return 0;
}

static PyObject *cells_to_mask(const unsigned char *cells, int n, unsigned char want,
                               size_t stride, unsigned char *scratch) {
    size_t nbytes = ((size_t)n + 8) / 8, i;
    memset(scratch, 0, nbytes);
    for (i = 0; i < (size_t)n; i++)
        if (cells[i * stride] == want) scratch[i >> 3] |= (unsigned char)(1u << (i & 7));
    return bytes_to_int(scratch, nbytes);
}

/* Blocks of a clue (a tuple of ints; zeros, never in a real clue, are skipped). */
static int read_clue(PyObject *clue, int **out) {
    Py_ssize_t m, i;
    int k = 0;
    PyObject *seq = PySequence_Fast(clue, "expected a clue: a tuple of block lengths");
    if (!seq) return -1;
    m = PySequence_Fast_GET_SIZE(seq);
    if (grow(0, 0, (size_t)m + 1) < 0) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < m; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 0 || v > INT_MAX) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a block length out of range");
            return -1;
        }
        if (v > 0) block_buf[k++] = (int)v;
    }
    Py_DECREF(seq);
    *out = block_buf;
    return k;
}

/* --- solve_line(clue, size, filled, empty) ------------------------------------------------- */

static PyObject *py_solve_line(PyObject *self, PyObject *args) {
    PyObject *clue, *filled, *empty, *result = NULL;
    Py_ssize_t size;
    unsigned char *cells = NULL, *scratch = NULL;
    int *b, k, fit;
    (void)self;
    if (!PyArg_ParseTuple(args, "OnOO", &clue, &size, &filled, &empty)) return NULL;
    if (size < 0 || size > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "line size out of range");
        return NULL;
    }
    cells = malloc((size_t)size + 1);
    scratch = malloc(((size_t)size + 8) / 8 + 1);
    if (!cells || !scratch) {
        PyErr_NoMemory();
        goto done;
    }
    if (masks_to_cells(filled, empty, cells, (int)size, scratch) < 0) goto done;
    k = read_clue(clue, &b);
    if (k < 0) goto done;
    fit = solve_cells(b, k, cells, (int)size);
    if (fit < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if (!fit) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    {
        PyObject *f = cells_to_mask(cells, (int)size, FIL, 1, scratch);
        PyObject *e = f ? cells_to_mask(cells, (int)size, EMP, 1, scratch) : NULL;
        if (f && e) result = PyTuple_Pack(2, f, e);
        Py_XDECREF(f);
        Py_XDECREF(e);
    }
done:
    free(cells);
    free(scratch);
    return result;
}

/* --- line_starts(clue, size, filled, empty) ------------------------------------------------ */

/* Per block, its starts in some arrangement fitting the line (nonogen.line.placements' starts),
 * or None when none fits: the two passes of solve_bits, for lines of up to 64 cells. */
static PyObject *py_line_starts(PyObject *self, PyObject *args) {
    PyObject *clue, *filled_o, *empty_o, *result;
    Py_ssize_t size;
    unsigned long long filled, empty;
    u64 *fs, *fl, *fg, *bs, *bl, *bg;
    int *b, *rb, k, j, n;
    (void)self;
    if (!PyArg_ParseTuple(args, "OnOO", &clue, &size, &filled_o, &empty_o)) return NULL;
    if (size < 0 || size > 64) {
        PyErr_SetString(PyExc_ValueError, "line_starts takes lines of up to 64 cells");
        return NULL;
    }
    n = (int)size;
    filled = PyLong_AsUnsignedLongLong(filled_o);
    if (filled == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    empty = PyLong_AsUnsignedLongLong(empty_o);
    if (empty == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    k = read_clue(clue, &b);
    if (k < 0) return NULL;
    if (k == 0) return filled ? Py_NewRef(Py_None) : PyTuple_New(0);
    if (grow_words((size_t)(8 * k + 8)) < 0) return PyErr_NoMemory();
    fs = word_buf;
    fl = fs + k;
    fg = fl + k;
    bs = fg + k + 1;
    bl = bs + k;
    bg = bl + k;
    rb = (int *)(bg + k + 1);
    if (!forward64(b, k, n, filled, empty, fs, fl, fg)) return Py_NewRef(Py_None);
    for (j = 0; j < k; j++) rb[j] = b[k - 1 - j];
    if (!forward64(rb, k, n, reverse64(filled, n), reverse64(empty, n), bs, bl, bg))
        return Py_NewRef(Py_None);
    if (!(fs[0] & reverse64(bl[k - 1], n))) return Py_NewRef(Py_None);
    result = PyTuple_New(k);
    for (j = 0; result && j < k; j++) {
        PyObject *starts = PyLong_FromUnsignedLongLong(fs[j] & reverse64(bl[k - 1 - j], n));
        if (!starts) {
            Py_CLEAR(result);
            break;
        }
        PyTuple_SET_ITEM(result, j, starts);
    }
    return result;
}

/* --- propagate ----------------------------------------------------------------------------- */

static int mark_dirty(PyObject *items, unsigned char *dirty, Py_ssize_t count) {
    PyObject *it, *item;
    if (items == Py_None) {
        memset(dirty, 1, (size_t)count);
        return 0;
    }
    memset(dirty, 0, (size_t)count);
    it = PyObject_GetIter(items);
    if (!it) return -1;
    while ((item = PyIter_Next(it))) {
        Py_ssize_t i = PyLong_AsSsize_t(item);
        Py_DECREF(item);
        if (i == -1 && PyErr_Occurred()) break;
        if (i < 0 || i >= count) {
            PyErr_SetString(PyExc_IndexError, "a dirty line out of range");
            break;
        }
        dirty[i] = 1;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

/* The board as Python gives it: per row and per column, two masks (filled, empty). A line's
 * masks are read into bytes only when line logic first touches it, and only the lines that
 * changed are made into ints again, so a propagation from one dirty cell costs what the
 * cascade costs, not the board's size. Rows and columns are kept in step, as in Python. */
typedef struct {
    Py_ssize_t count;   /* lines */
    int size;           /* cells per line */
    size_t nbytes;      /* bytes per mask */
    PyObject *filled, *empty; /* the tuples of ints */
    unsigned char *fb, *eb;   /* count x nbytes, valid where loaded */
    unsigned char *loaded, *changed, *dirty;
} Lines;

static int lines_init(Lines *l, PyObject *filled, PyObject *empty, int size) {
    size_t total;
    l->count = PyTuple_GET_SIZE(filled);
    l->size = size;
    l->nbytes = ((size_t)size + 8) / 8;
    l->filled = filled;
    l->empty = empty;
    total = (size_t)l->count * l->nbytes + 1;
    l->fb = malloc(total);
    l->eb = malloc(total);
    l->loaded = calloc((size_t)l->count + 1, 1);
    l->changed = calloc((size_t)l->count + 1, 1);
    l->dirty = calloc((size_t)l->count + 1, 1);
    if (!l->fb || !l->eb || !l->loaded || !l->changed || !l->dirty) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void lines_free(Lines *l) {
    free(l->fb);
    free(l->eb);
    free(l->loaded);
    free(l->changed);
    free(l->dirty);
}

static int lines_load(Lines *l, Py_ssize_t i) {
    if (l->loaded[i]) return 0;
    if (int_to_bytes(PyTuple_GET_ITEM(l->filled, i), l->fb + (size_t)i * l->nbytes, l->nbytes) < 0 ||
        int_to_bytes(PyTuple_GET_ITEM(l->empty, i), l->eb + (size_t)i * l->nbytes, l->nbytes) < 0)
        return -1;
    l->loaded[i] = 1;
    return 0;
}

#define BIT(bytes, i) (((bytes)[(size_t)(i) >> 3] >> ((i) & 7)) & 1)
#define SETBIT(bytes, i) ((bytes)[(size_t)(i) >> 3] |= (unsigned char)(1u << ((i) & 7)))

/* Refine line i of `own` against its clue; changed cells are set in the crossing lines too and
 * mark them dirty. Returns cells settled, -1 on a contradiction, -2 on an error. */
static long refine(PyObject *clue, Lines *own, Py_ssize_t i, Lines *cross, unsigned char *line) {
    int *b, k, fit, j;
    long settled = 0;
    unsigned char *f, *e;
    if (lines_load(own, i) < 0) return -2;
    f = own->fb + (size_t)i * own->nbytes;
    e = own->eb + (size_t)i * own->nbytes;
    k = read_clue(clue, &b);
    if (k < 0) return -2;
    for (j = 0; j < own->size; j++) line[j] = BIT(f, j) ? FIL : (BIT(e, j) ? EMP : UNK);
    fit = solve_cells(b, k, line, own->size);
    if (fit < 0) {
        PyErr_NoMemory();
        return -2;
    }
    if (!fit) return -1;
    for (j = 0; j < own->size; j++) {
        unsigned char was = BIT(f, j) ? FIL : (BIT(e, j) ? EMP : UNK);
        unsigned char *cf, *ce;
        if (line[j] == was) continue;
        if (lines_load(cross, j) < 0) return -2;
        cf = cross->fb + (size_t)j * cross->nbytes;
        ce = cross->eb + (size_t)j * cross->nbytes;
        if (line[j] == FIL) {
            SETBIT(f, j);
            SETBIT(cf, i);
        } else {
            SETBIT(e, j);
            SETBIT(ce, i);
        }
        cross->dirty[j] = 1;
        cross->changed[j] = 1;
        own->changed[i] = 1;
        settled++;
    }
    return settled;
}

static PyObject *lines_masks(Lines *l, int empty) {
    PyObject *out = PyTuple_New(l->count), *old = empty ? l->empty : l->filled;
    Py_ssize_t i;
    if (!out) return NULL;
    for (i = 0; i < l->count; i++) {
        PyObject *mask;
        if (!l->changed[i]) {
            mask = Py_NewRef(PyTuple_GET_ITEM(old, i));
        } else {
            mask = bytes_to_int((empty ? l->eb : l->fb) + (size_t)i * l->nbytes, l->nbytes);
            if (!mask) {
                Py_DECREF(out);
                return NULL;
            }
        }
        PyTuple_SET_ITEM(out, i, mask);
    }
    return out;
}

static int any_dirty(const Lines *l) {
    Py_ssize_t i;
    for (i = 0; i < l->count; i++)
        if (l->dirty[i]) return 1;
    return 0;
}

static double now_seconds(void);

#define LATE_EVERY 16 /* line solves between two looks at the clock (a 1,024-cell line: 1.6 ms) */

/* One pass over the dirty lines of `own`, in order. Returns 0, 1 on a contradiction (its
 * line in `failed`), 2 once `deadline` (now_seconds(); 0 for none) has passed, looked at
 * every LATE_EVERY line solves, or -1 on an error. */
static int pass(PyObject *clues, Lines *own, Lines *cross, unsigned char *line, long *solves,
                long *settled, const char *kind, char *failed, size_t failed_size,
                double deadline) {
    Py_ssize_t i;
    for (i = 0; i < own->count; i++) {
        long got;
        if (!own->dirty[i]) continue;
        if (deadline > 0 && *solves % LATE_EVERY == 0 && now_seconds() > deadline) return 2;
        own->dirty[i] = 0;
        (*solves)++;
        got = refine(PyTuple_GET_ITEM(clues, i), own, i, cross, line);
        if (got == -2) return -1;
        if (got == -1) {
            snprintf(failed, failed_size, "%s %zd", kind, i + 1);
            return 1;
        }
        *settled += got;
    }
    return 0;
}

static PyObject *py_propagate(PyObject *self, PyObject *args) {
    PyObject *rows, *cols, *rf, *re, *cf, *ce, *dirty_rows, *dirty_cols;
    PyObject *result = NULL;
    Py_ssize_t max_sweeps, h, w;
    Lines R = {0}, C = {0};
    unsigned char *line = NULL;
    long sweeps = 0, solves = 0, settled = 0;
    char failed[48] = "";
    int broke = 0;
    double seconds = INFINITY, deadline = 0.0;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!OOn|d", &PyTuple_Type, &rows, &PyTuple_Type, &cols,
                          &PyTuple_Type, &rf, &PyTuple_Type, &re, &PyTuple_Type, &cf,
                          &PyTuple_Type, &ce, &dirty_rows, &dirty_cols, &max_sweeps, &seconds))
        return NULL;
    if (isfinite(seconds)) deadline = now_seconds() + (seconds > 0 ? seconds : 0.0) + 1e-9;
    h = PyTuple_GET_SIZE(rows);
    w = PyTuple_GET_SIZE(cols);
    if (PyTuple_GET_SIZE(rf) != h || PyTuple_GET_SIZE(re) != h || PyTuple_GET_SIZE(cf) != w ||
        PyTuple_GET_SIZE(ce) != w || h > (1 << 20) || w > (1 << 20)) {
        PyErr_SetString(PyExc_ValueError, "the board does not match the clues");
        return NULL;
    }
    if (lines_init(&R, rf, re, (int)w) < 0 || lines_init(&C, cf, ce, (int)h) < 0) goto done;
    line = malloc((size_t)(h > w ? h : w) + 1);
    if (!line) {
        PyErr_NoMemory();
        goto done;
    }
    if (mark_dirty(dirty_rows, R.dirty, h) < 0 || mark_dirty(dirty_cols, C.dirty, w) < 0) goto done;
    while ((any_dirty(&R) || any_dirty(&C)) && (max_sweeps < 0 || sweeps < max_sweeps)) {
        sweeps++;
        broke = pass(rows, &R, &C, line, &solves, &settled, "row", failed, sizeof failed,
                     deadline);
        if (broke == 0)
            broke = pass(cols, &C, &R, line, &solves, &settled, "column", failed, sizeof failed,
                         deadline);
        if (broke < 0) goto done;
        if (broke > 0) break;
    }
    if (broke == 1) {
        result = Py_BuildValue("(OlllsO)", Py_None, sweeps, solves, 0L, failed, Py_False);
    } else {
        PyObject *orf = lines_masks(&R, 0), *ore = orf ? lines_masks(&R, 1) : NULL;
        PyObject *ocf = ore ? lines_masks(&C, 0) : NULL, *oce = ocf ? lines_masks(&C, 1) : NULL;
        PyObject *masks = oce ? PyTuple_Pack(4, orf, ore, ocf, oce) : NULL;
        Py_XDECREF(orf);
        Py_XDECREF(ore);
        Py_XDECREF(ocf);
        Py_XDECREF(oce);
        if (masks)
            result = Py_BuildValue("(NlllsO)", masks, sweeps, solves, settled, "",
                                   broke == 2 ? Py_True : Py_False);
    }
done:
    lines_free(&R);
    lines_free(&C);
    free(line);
    return result;
}

/* --- probe -------------------------------------------------------------------------------- */

/* Clues of every line, parsed once: blocks of line i at blocks[start[i] .. start[i + 1]). */
typedef struct {
    int *blocks;
    Py_ssize_t *start;
} Clues;

static int clues_read(PyObject *tuple, Clues *out) {
    Py_ssize_t n = PyTuple_GET_SIZE(tuple), i, total = 0, capacity;
    out->start = malloc(((size_t)n + 1) * sizeof(Py_ssize_t));
    out->blocks = NULL;
    if (!out->start) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        Py_ssize_t m = PyObject_Length(PyTuple_GET_ITEM(tuple, i));
        if (m < 0) return -1;
        total += m;
    }
    out->blocks = malloc(((size_t)total + 1) * sizeof(int));
    if (!out->blocks) {
        PyErr_NoMemory();
        return -1;
    }
    capacity = total;
    total = 0;
    for (i = 0; i < n; i++) {
        int *b, k = read_clue(PyTuple_GET_ITEM(tuple, i), &b);
        if (k < 0) return -1;
        if (k > capacity - total) { /* a clue whose length is not what its items are */
            PyErr_SetString(PyExc_ValueError, "a clue has more blocks than its length says");
            return -1;
        }
        out->start[i] = total;
        memcpy(out->blocks + total, b, (size_t)k * sizeof(int));
        total += k;
    }
    out->start[n] = total;
    return 0;
}

static void clues_free(Clues *c) {
    free(c->blocks);
    free(c->start);
}

typedef struct {
    int h, w;
    Clues rows, cols;
    unsigned char *rdirty, *cdirty, *line;
    unsigned long id; /* its lines' entries in the cache of long lines; 0: none kept */
} Grid;

/* Lines of more than 64 cells solved on bytes, by line and cells: probing a board meets the
 * same line states again and again (those of 64 or fewer take solve_bits, a few times faster
 * than a look-up here). One table for every probing (the GIL is held), entries of earlier
 * grids told apart by the grid's number. */
enum { LONG_CACHE_BITS = 12, LONG_CACHE_SIDE = 256 };
typedef struct {
    unsigned long grid;
    int line, ok;
    unsigned char in[LONG_CACHE_SIDE], out[LONG_CACHE_SIDE];
} LongSolved;
static LongSolved *long_cache = NULL;
static unsigned long grids = 0;

/* One line of a grid solved in place (solve_cells), through the cache of long lines. */
static int grid_line(Grid *g, int line, const int *b, int k, unsigned char *c, int n) {
    LongSolved *hit;
    unsigned long long hash = 1469598103934665603ULL ^ (unsigned long long)line;
    int i, fit;
    if (!g->id || n <= 64 || n > LONG_CACHE_SIDE) return solve_cells(b, k, c, n);
    for (i = 0; i < n; i++) hash = (hash ^ c[i]) * 1099511628211ULL;
    hit = &long_cache[(hash ^ (hash >> 29)) & (((unsigned long long)1 << LONG_CACHE_BITS) - 1)];
    if (hit->grid == g->id && hit->line == line && memcmp(hit->in, c, (size_t)n) == 0) {
        if (hit->ok) memcpy(c, hit->out, (size_t)n);
        return hit->ok;
    }
    memcpy(hit->in, c, (size_t)n);
    fit = solve_cells(b, k, c, n);
    if (fit < 0) {
        hit->grid = 0;
        return fit;
    }
    hit->grid = g->id;
    hit->line = line;
    hit->ok = fit;
    if (fit) memcpy(hit->out, c, (size_t)n);
    return fit;
}

/* Line logic on a grid of cells in place, from the dirty lines, to the fixpoint. Returns 1,
 * 0 on a contradiction, -1 on a memory error. */
static int grid_propagate(Grid *g, unsigned char *cells) {
    int any = 1;
    while (any) {
        int r, c, i;
        any = 0;
        for (r = 0; r < g->h; r++) {
            int fit;
            if (!g->rdirty[r]) continue;
            g->rdirty[r] = 0;
            memcpy(g->line, cells + (size_t)r * (size_t)g->w, (size_t)g->w);
            fit = grid_line(g, r, g->rows.blocks + g->rows.start[r],
                            (int)(g->rows.start[r + 1] - g->rows.start[r]), g->line, g->w);
            if (fit <= 0) return fit < 0 ? -1 : 0;
            for (i = 0; i < g->w; i++)
                if (g->line[i] != cells[(size_t)r * (size_t)g->w + (size_t)i]) {
                    cells[(size_t)r * (size_t)g->w + (size_t)i] = g->line[i];
                    g->cdirty[i] = 1;
                }
        }
        for (c = 0; c < g->w; c++) {
            int fit;
            if (!g->cdirty[c]) continue;
            g->cdirty[c] = 0;
            for (i = 0; i < g->h; i++) g->line[i] = cells[(size_t)i * (size_t)g->w + (size_t)c];
            fit = grid_line(g, g->h + c, g->cols.blocks + g->cols.start[c],
                            (int)(g->cols.start[c + 1] - g->cols.start[c]), g->line, g->h);
            if (fit <= 0) return fit < 0 ? -1 : 0;
            for (i = 0; i < g->h; i++)
                if (g->line[i] != cells[(size_t)i * (size_t)g->w + (size_t)c]) {
                    cells[(size_t)i * (size_t)g->w + (size_t)c] = g->line[i];
                    g->rdirty[i] = 1;
                    any = 1;
                }
        }
    }
    return 1;
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static long known_cells(const unsigned char *cells, size_t n) {
    long k = 0;
    size_t i;
    for (i = 0; i < n; i++) k += cells[i] != UNK;
    return k;
}

/* The unknown cells, those with the most known neighbours first (the border counts as
 * known), then in row-major order: as nonogen.solve.probe._unknown_cells orders them. */
static size_t probe_order(const unsigned char *cells, int h, int w, size_t *order) {
    size_t count = 0;
    int near;
    for (near = 4; near >= 0; near--) {
        int r, c;
        for (r = 0; r < h; r++)
            for (c = 0; c < w; c++) {
                size_t at = (size_t)r * (size_t)w + (size_t)c;
                int n = 0;
                if (cells[at] != UNK) continue;
                n += r == 0 || cells[at - (size_t)w] != UNK;
                n += r == h - 1 || cells[at + (size_t)w] != UNK;
                n += c == 0 || cells[at - 1] != UNK;
                n += c == w - 1 || cells[at + 1] != UNK;
                if (n == near) order[count++] = at;
            }
    }
    return count;
}

/* One branch of a probe: the grid with the cell set, propagated from its two lines. */
static int branch(Grid *g, const unsigned char *cells, unsigned char *out, size_t at,
                  unsigned char value) {
    size_t n = (size_t)g->h * (size_t)g->w;
    memcpy(out, cells, n);
    out[at] = value;
    memset(g->rdirty, 0, (size_t)g->h);
    memset(g->cdirty, 0, (size_t)g->w);
    g->rdirty[at / (size_t)g->w] = 1;
    g->cdirty[at % (size_t)g->w] = 1;
    return grid_propagate(g, out);
}

static PyObject *probe_on_words(PyObject *rows, PyObject *cols, PyObject *rf, PyObject *re,
                                PyObject *cf, PyObject *ce, double seconds);

static PyObject *py_probe(PyObject *self, PyObject *args) {
    PyObject *rows, *cols, *rf, *re, *cf, *ce, *result = NULL;
    double seconds, deadline;
    Grid g;
    Py_ssize_t h, w;
    size_t n, *order = NULL;
    unsigned char *cells = NULL, *a = NULL, *b = NULL, *scratch = NULL;
    long probes = 0, fixed = 0, known;
    int complete = 1, broken = 0, progress = 1, r, on_words = 1;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!d|p", &PyTuple_Type, &rows, &PyTuple_Type, &cols,
                          &PyTuple_Type, &rf, &PyTuple_Type, &re, &PyTuple_Type, &cf,
                          &PyTuple_Type, &ce, &seconds, &on_words))
        return NULL;
    deadline = now_seconds() + seconds;
    h = PyTuple_GET_SIZE(rows);
    w = PyTuple_GET_SIZE(cols);
    if (on_words && h >= 1 && w >= 1 && h <= 64 && w <= 64 && PyTuple_GET_SIZE(rf) == h &&
        PyTuple_GET_SIZE(re) == h && PyTuple_GET_SIZE(cf) == w && PyTuple_GET_SIZE(ce) == w) {
        PyObject *answer = probe_on_words(rows, cols, rf, re, cf, ce, seconds);
        if (answer != Py_NotImplemented) return answer; /* NULL: an error is set */
        Py_DECREF(answer);
    }
    memset(&g, 0, sizeof g);
    if (PyTuple_GET_SIZE(rf) != h || PyTuple_GET_SIZE(re) != h || PyTuple_GET_SIZE(cf) != w ||
        PyTuple_GET_SIZE(ce) != w || h > (1 << 14) || w > (1 << 14)) {
        PyErr_SetString(PyExc_ValueError, "the board does not match the clues");
        return NULL;
    }
    g.h = (int)h;
    g.w = (int)w;
    n = (size_t)h * (size_t)w;
    cells = malloc(n + 1);
    a = malloc(n + 1);
    b = malloc(n + 1);
    order = malloc((n + 1) * sizeof(size_t));
    g.rdirty = malloc((size_t)h + 1);
    g.cdirty = malloc((size_t)w + 1);
    g.line = malloc((size_t)(h > w ? h : w) + 1);
    scratch = malloc((size_t)((h > w ? h : w) + 8) / 8 + 1);
    if (!cells || !a || !b || !order || !g.rdirty || !g.cdirty || !g.line || !scratch) {
        PyErr_NoMemory();
        goto done;
    }
    if (clues_read(rows, &g.rows) < 0 || clues_read(cols, &g.cols) < 0) goto done;
    if (!long_cache) long_cache = calloc((size_t)1 << LONG_CACHE_BITS, sizeof(LongSolved));
    if (long_cache) g.id = ++grids; /* else no cache: as slow, as right */
    for (r = 0; r < h; r++)
        if (masks_to_cells(PyTuple_GET_ITEM(rf, r), PyTuple_GET_ITEM(re, r),
                           cells + (size_t)r * (size_t)w, (int)w, scratch) < 0)
            goto done;
    known = known_cells(cells, n);
    while (progress && known < (long)n && !broken && complete) {
        size_t count = probe_order(cells, g.h, g.w, order), i;
        progress = 0;
        for (i = 0; i < count; i++) {
            size_t at = order[i], j;
            int fa, fb;
            long learnt_known;
            unsigned char *learnt;
            if (now_seconds() > deadline) {
                complete = 0;
                break;
            }
            if (cells[at] != UNK) continue; /* decided by an earlier probe this pass */
            probes++;
            fa = branch(&g, cells, a, at, FIL);
            if (fa < 0) goto nomem;
            fb = branch(&g, cells, b, at, EMP);
            if (fb < 0) goto nomem;
            if (!fa && !fb) {
                broken = 1;
                break;
            }
            if (!fa || !fb) {
                learnt = fa ? a : b;
                learnt_known = known_cells(learnt, n);
            } else {
                learnt_known = 0;
                for (j = 0; j < n; j++) {
                    if (a[j] != b[j]) a[j] = UNK;
                    learnt_known += a[j] != UNK;
                }
                learnt = a;
            }
            if (learnt_known > known) {
                int ok;
                fixed++;
                progress = 1;
                /* agreement is not yet a fixpoint, but only along the lines it changed: each
                 * other line is as line logic left it */
                memset(g.rdirty, 0, (size_t)h);
                memset(g.cdirty, 0, (size_t)w);
                for (j = 0; j < n; j++)
                    if (learnt[j] != cells[j]) {
                        g.rdirty[j / (size_t)w] = 1;
                        g.cdirty[j % (size_t)w] = 1;
                    }
                memcpy(cells, learnt, n);
                ok = grid_propagate(&g, cells);
                if (ok < 0) goto nomem;
                if (!ok) {
                    broken = 1;
                    break;
                }
                known = known_cells(cells, n);
            }
        }
    }
    if (broken) {
        result = Py_BuildValue("(OllO)", Py_None, probes, fixed, Py_True);
    } else {
        PyObject *t[4] = {PyTuple_New(h), PyTuple_New(h), PyTuple_New(w), PyTuple_New(w)};
        int k, ok = t[0] && t[1] && t[2] && t[3];
        for (r = 0; ok && r < h; r++) {
            PyObject *f = cells_to_mask(cells + (size_t)r * (size_t)w, (int)w, FIL, 1, scratch);
            PyObject *e = f ? cells_to_mask(cells + (size_t)r * (size_t)w, (int)w, EMP, 1, scratch) : NULL;
            if (!f || !e) {
                Py_XDECREF(f);
                ok = 0;
                break;
            }
            PyTuple_SET_ITEM(t[0], r, f);
            PyTuple_SET_ITEM(t[1], r, e);
        }
        for (r = 0; ok && r < w; r++) {
            PyObject *f = cells_to_mask(cells + r, (int)h, FIL, (size_t)w, scratch);
            PyObject *e = f ? cells_to_mask(cells + r, (int)h, EMP, (size_t)w, scratch) : NULL;
            if (!f || !e) {
                Py_XDECREF(f);
                ok = 0;
                break;
            }
            PyTuple_SET_ITEM(t[2], r, f);
            PyTuple_SET_ITEM(t[3], r, e);
        }
        if (ok) {
            PyObject *masks = PyTuple_Pack(4, t[0], t[1], t[2], t[3]);
            if (masks)
                result = Py_BuildValue("(NllO)", masks, probes, fixed, complete ? Py_True : Py_False);
        }
        for (k = 0; k < 4; k++) Py_XDECREF(t[k]);
    }
    goto done;
nomem:
    PyErr_NoMemory();
done:
    clues_free(&g.rows);
    clues_free(&g.cols);
    free(cells);
    free(a);
    free(b);
    free(order);
    free(g.rdirty);
    free(g.cdirty);
    free(g.line);
    free(scratch);
    return result;
}

/* --- encode_line: one line's CNF, as nonogen.solve.search._encode_line writes it ----------- */

typedef long long lit_t;
#define LIT_F ((lit_t)0)
#define LIT_T ((lit_t)LLONG_MAX)

static lit_t lit_neg(lit_t l) { return l == LIT_F ? LIT_T : (l == LIT_T ? LIT_F : -l); }

/* Add a clause of up to four literals: True satisfies it (dropped), False literals vanish. */
static int add_clause(PyObject *clauses, const lit_t *lits, int n) {
    PyObject *clause;
    int i, m = 0;
    for (i = 0; i < n; i++) {
        if (lits[i] == LIT_T) return 0;
        m += lits[i] != LIT_F;
    }
    clause = PyList_New(m);
    if (!clause) return -1;
    m = 0;
    for (i = 0; i < n; i++) {
        PyObject *v;
        if (lits[i] == LIT_F) continue;
        v = PyLong_FromLongLong(lits[i]);
        if (!v) {
            Py_DECREF(clause);
            return -1;
        }
        PyList_SET_ITEM(clause, m++, v);
    }
    if (PyList_Append(clauses, clause) < 0) {
        Py_DECREF(clause);
        return -1;
    }
    Py_DECREF(clause);
    return 0;
}

static PyObject *lit_object(lit_t l) {
    if (l == LIT_T) return Py_NewRef(Py_True);
    if (l == LIT_F) return Py_NewRef(Py_False);
    return PyLong_FromLongLong(l);
}

static PyObject *py_encode_line(PyObject *self, PyObject *args) {
    PyObject *clue, *cells_obj, *starts_obj, *clauses = NULL, *z_out = NULL, *result = NULL;
    Py_ssize_t size, i;
    long long top;
    int *b, k, j;
    lit_t *cells = NULL, *z = NULL, c4[4];
    unsigned char *sb = NULL;
    int *lows = NULL, *highs = NULL;
    size_t nbytes;
    (void)self;
    if (!PyArg_ParseTuple(args, "OnO!O!L", &clue, &size, &PyList_Type, &cells_obj, &PyTuple_Type,
                          &starts_obj, &top))
        return NULL;
    if (size < 1 || size > (1 << 20) || PyList_GET_SIZE(cells_obj) != size) {
        PyErr_SetString(PyExc_ValueError, "cells do not match the line's size");
        return NULL;
    }
    k = read_clue(clue, &b);
    if (k < 0) return NULL;
    if (PyTuple_GET_SIZE(starts_obj) != (k ? k : 0)) {
        PyErr_SetString(PyExc_ValueError, "one start mask per block");
        return NULL;
    }
    {
        int *copy = malloc(((size_t)k + 1) * sizeof(int));
        if (!copy) return PyErr_NoMemory();
        memcpy(copy, b, (size_t)k * sizeof(int));
        b = copy;
    }
    nbytes = ((size_t)size + 8) / 8;
    cells = malloc((size_t)size * sizeof(lit_t));
    z = malloc(((size_t)k + 1) * ((size_t)size + 1) * sizeof(lit_t));
    sb = malloc(nbytes * ((size_t)k + 1));
    lows = malloc(((size_t)k + 1) * sizeof(int));
    highs = malloc(((size_t)k + 1) * sizeof(int));
    clauses = PyList_New(0);
    if (!cells || !z || !sb || !lows || !highs || !clauses) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < size; i++) {
        PyObject *item = PyList_GET_ITEM(cells_obj, i);
        if (item == Py_True) cells[i] = LIT_T;
        else if (item == Py_False) cells[i] = LIT_F;
        else {
            cells[i] = PyLong_AsLongLong(item);
            if (cells[i] == -1 && PyErr_Occurred()) goto done;
        }
    }
    if (k == 0) {
        for (i = 0; i < size; i++) {
            c4[0] = lit_neg(cells[i]);
            if (add_clause(clauses, c4, 1) < 0) goto done;
        }
        z_out = PyList_New(0);
        if (z_out) result = Py_BuildValue("(NNL)", clauses, z_out, top);
        clauses = z_out = NULL;
        goto done;
    }
#define Z(j, p) z[(size_t)(j) * ((size_t)size + 1) + (size_t)(p)]
#define SBIT(j, p) ((sb[(size_t)(j) * nbytes + ((size_t)(p) >> 3)] >> ((p) & 7)) & 1)
    for (j = 0; j < k; j++) {
        lit_t current = LIT_F;
        int p, last = -1;
        if (int_to_bytes(PyTuple_GET_ITEM(starts_obj, j), sb + (size_t)j * nbytes, nbytes) < 0)
            goto done;
        lows[j] = -1;
        for (p = 0; p < size; p++)
            if (SBIT(j, p)) {
                if (lows[j] < 0) lows[j] = p;
                last = p;
            }
        highs[j] = last;
        Z(j, 0) = LIT_F;
        for (p = 0; p < size; p++) {
            if (p == last) {
                current = LIT_T;
            } else if (SBIT(j, p)) {
                lit_t fresh = ++top;
                c4[0] = lit_neg(current);
                c4[1] = fresh;
                if (add_clause(clauses, c4, 2) < 0) goto done;
                current = fresh;
            }
            Z(j, p + 1) = current;
        }
    }
    highs[k] = (int)size;
#define AT(j, p) ((p) < 0 ? LIT_F : Z((j), ((p) < size - 1 ? (p) : size - 1) + 1))
    for (j = 0; j < k; j++) {
        int run = b[j], p, end;
        if (j + 1 < k) {
            end = highs[j] + run + 1 < size ? highs[j] + run + 1 : (int)size;
            for (p = lows[j + 1]; p < end; p++) {
                c4[0] = lit_neg(AT(j + 1, p));
                c4[1] = AT(j, p - run - 1);
                if (add_clause(clauses, c4, 2) < 0) goto done;
            }
        }
        end = highs[j] + run < size ? highs[j] + run : (int)size;
        for (p = lows[j]; p < end; p++) {
            c4[0] = lit_neg(AT(j, p));
            c4[1] = AT(j, p - run);
            c4[2] = cells[p];
            if (add_clause(clauses, c4, 3) < 0) goto done;
        }
        for (p = lows[j] + run; p < highs[j + 1]; p++) {
            c4[0] = lit_neg(cells[p]);
            c4[1] = lit_neg(AT(j, p));
            c4[2] = j + 1 < k ? AT(j + 1, p) : LIT_F;
            c4[3] = lit_neg(AT(j, p - run));
            if (add_clause(clauses, c4, 4) < 0) goto done;
        }
    }
    for (i = 0; i < highs[0]; i++) {
        c4[0] = lit_neg(cells[i]);
        c4[1] = AT(0, (int)i);
        if (add_clause(clauses, c4, 2) < 0) goto done;
    }
    z_out = PyList_New(k);
    if (!z_out) goto done;
    for (j = 0; j < k; j++) {
        PyObject *row = PyList_New(size + 1);
        int p;
        if (!row) goto done;
        PyList_SET_ITEM(z_out, j, row);
        for (p = 0; p <= size; p++) {
            PyObject *v = lit_object(Z(j, p));
            if (!v) goto done;
            PyList_SET_ITEM(row, p, v);
        }
    }
#undef AT
#undef Z
#undef SBIT
    result = Py_BuildValue("(NNL)", clauses, z_out, top);
    clauses = z_out = NULL;
done:
    Py_XDECREF(clauses);
    Py_XDECREF(z_out);
    free(b);
    free(cells);
    free(z);
    free(sb);
    free(lows);
    free(highs);
    return result;
}

/* --- colour: one line and line logic over a colour board ---------------------------------- */

/* As nonogen.solve.colourline: a line of n cells by colour (plane c: the cells where colour c
 * is possible), positions 0..n on the bits of one word: 128 bits where the compiler has them
 * (lines of up to 127 cells), else 64 (up to 63). */
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 cword;
#define COLOUR_MAX_SIZE 127
#else
typedef unsigned long long cword;
#define COLOUR_MAX_SIZE 63
#endif
#define CWORD_BITS ((int)(8 * sizeof(cword)))
#define COLOUR_MAX_PLANES 16
#define COLOUR_MAX_BLOCKS 128

WORD_OPS(cword, _c)

/* The low n bits of a colour word read backwards; bits above n are dropped. */
static inline cword reverse_c(cword x, int n) {
    if (n <= 0) return 0;
#ifdef __SIZEOF_INT128__
    return (((cword)bits_reversed((u64)x) << 64) | bits_reversed((u64)(x >> 64))) >> (128 - n);
#else
    return reverse64(x, n);
#endif
}

typedef struct {
    cword starts[COLOUR_MAX_BLOCKS], lasts[COLOUR_MAX_BLOCKS], gaps[COLOUR_MAX_BLOCKS + 1], ends;
} ColourPass;

/* Blocks left to right (lengths len[], colours col[]): 1, or 0 when none fits. */
static int colour_forward(const int *len, const int *col, int k, const cword *planes,
                          ColourPass *out) {
    cword background = planes[0], reach = flood_c(1, background);
    int j, previous = 0;
    out->gaps[0] = reach & background;
    for (j = 0; j < k; j++) {
        cword allowed = col[j] != previous ? reach : (reach & background) << 1;
        cword block = (len[j] > COLOUR_MAX_SIZE ? 0 : runs_in_c(planes[col[j]], len[j])) & allowed;
        if (!block) return 0;
        out->starts[j] = block;
        out->lasts[j] = shl_c(block, len[j] - 1);
        reach = flood_c(shl_c(block, len[j]), background);
        out->gaps[j + 1] = reach & background;
        previous = col[j];
    }
    out->ends = reach;
    return 1;
}

/* nonogen.solve.colourline.solve_planes: planes refined in place; 1, or 0 when nothing fits. */
static int colour_solve(const int *len, const int *col, int k, int n, int colours, cword *planes) {
    ColourPass ahead, back;
    int rlen[COLOUR_MAX_BLOCKS], rcol[COLOUR_MAX_BLOCKS], j, c;
    cword reversed[COLOUR_MAX_PLANES], out[COLOUR_MAX_PLANES];
    if (!colour_forward(len, col, k, planes, &ahead) || !((ahead.ends >> n) & 1)) return 0;
    for (j = 0; j < k; j++) {
        rlen[j] = len[k - 1 - j];
        rcol[j] = col[k - 1 - j];
    }
    for (c = 0; c < colours; c++) reversed[c] = reverse_c(planes[c], n);
    if (!colour_forward(rlen, rcol, k, reversed, &back)) return 0;
    memset(out, 0, sizeof out);
    for (j = 0; j <= k; j++) out[0] |= ahead.gaps[j] & reverse_c(back.gaps[k - j], n);
    for (j = 0; j < k; j++) {
        cword both = ahead.starts[j] & reverse_c(back.lasts[k - 1 - j], n);
        if (!both) return 0;
        out[col[j]] |= spread_c(both, len[j]);
    }
    memcpy(planes, out, (size_t)colours * sizeof(cword));
    return 1;
}

/* One colour clue: a tuple of (length, colour) pairs, read into len[] and col[]. */
static int colour_clue_read(PyObject *clue, int *len, int *col) {
    Py_ssize_t k, j;
    if (!PyTuple_Check(clue)) {
        PyErr_SetString(PyExc_TypeError, "a colour clue is a tuple of (length, colour) pairs");
        return -1;
    }
    k = PyTuple_GET_SIZE(clue);
    if (k > COLOUR_MAX_BLOCKS) {
        PyErr_SetString(PyExc_ValueError, "a colour clue has too many blocks for the C core");
        return -1;
    }
    for (j = 0; j < k; j++) {
        PyObject *block = PyTuple_GET_ITEM(clue, j);
        long n, c;
        if (!PyTuple_Check(block) || PyTuple_GET_SIZE(block) != 2) {
            PyErr_SetString(PyExc_TypeError, "a colour block is a (length, colour) pair");
            return -1;
        }
        n = PyLong_AsLong(PyTuple_GET_ITEM(block, 0));
        if (n == -1 && PyErr_Occurred()) return -1;
        c = PyLong_AsLong(PyTuple_GET_ITEM(block, 1));
        if (c == -1 && PyErr_Occurred()) return -1;
        if (n < 1 || c < 1 || c >= COLOUR_MAX_PLANES) {
            PyErr_SetString(PyExc_ValueError, "a colour block's length or colour is out of range");
            return -1;
        }
        len[j] = (int)n;
        col[j] = (int)c;
    }
    return (int)k;
}

typedef struct {
    int k;
    int len[COLOUR_MAX_BLOCKS], col[COLOUR_MAX_BLOCKS];
} ColourClueC;

/* Solve one line of the grid (cells at cells[start + i * stride]) in place: 1 when it fits
 * (changed cells marked in `cross`, settled counted), 0 on a contradiction. */
static int colour_line(const ColourClueC *clue, unsigned int *cells, size_t start, size_t stride,
                       int n, int colours, unsigned char *cross, long *settled) {
    cword planes[COLOUR_MAX_PLANES];
    int c, i;
    memset(planes, 0, sizeof planes);
    for (i = 0; i < n; i++) {
        unsigned int cell = cells[start + (size_t)i * stride];
        for (c = 0; c < colours; c++)
            if ((cell >> c) & 1) planes[c] |= (cword)1 << i;
    }
    if (!colour_solve(clue->len, clue->col, clue->k, n, colours, planes)) return 0;
    for (i = 0; i < n; i++) {
        size_t at = start + (size_t)i * stride;
        unsigned int cell = 0;
        for (c = 0; c < colours; c++)
            if ((planes[c] >> i) & 1) cell |= 1u << c;
        if (cell != cells[at]) {
            *settled += !(cell & (cell - 1));
            cells[at] = cell;
            cross[i] = 1;
        }
    }
    return 1;
}

static int colour_clues_read(PyObject *tuple, ColourClueC **out, int *colours) {
    Py_ssize_t n = PyTuple_GET_SIZE(tuple), i;
    *out = malloc(((size_t)n + 1) * sizeof(ColourClueC));
    if (!*out) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        int k = colour_clue_read(PyTuple_GET_ITEM(tuple, i), (*out)[i].len, (*out)[i].col), j;
        if (k < 0) return -1;
        (*out)[i].k = k;
        for (j = 0; j < k; j++)
            if ((*out)[i].col[j] + 1 > *colours) *colours = (*out)[i].col[j] + 1;
    }
    return 0;
}

/* colour_propagate(rows, cols, board, dirty_rows, dirty_cols, max_sweeps): as
 * nonogen.solve.colourboard.propagate_py, for boards of at most COLOUR_MAX_SIZE cells a side. */
static PyObject *py_colour_propagate(PyObject *self, PyObject *args) {
    PyObject *rows, *cols, *board, *dirty_rows, *dirty_cols, *result = NULL;
    Py_ssize_t max_sweeps, h, w, r, c;
    ColourClueC *rc = NULL, *cc = NULL;
    unsigned int *cells = NULL;
    unsigned char *rdirty = NULL, *cdirty = NULL;
    long sweeps = 0, solves = 0, settled = 0;
    int colours = 1;
    char failed[48] = "";
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!OOn", &PyTuple_Type, &rows, &PyTuple_Type, &cols,
                          &PyTuple_Type, &board, &dirty_rows, &dirty_cols, &max_sweeps))
        return NULL;
    h = PyTuple_GET_SIZE(rows);
    w = PyTuple_GET_SIZE(cols);
    if (PyTuple_GET_SIZE(board) != h || h > COLOUR_MAX_SIZE || w > COLOUR_MAX_SIZE) {
        PyErr_Format(PyExc_ValueError,
                     "the board does not match the clues, or is over %d cells a side",
                     COLOUR_MAX_SIZE);
        return NULL;
    }
    cells = malloc(((size_t)h * (size_t)w + 1) * sizeof(unsigned int));
    rdirty = malloc((size_t)h + 1);
    cdirty = malloc((size_t)w + 1);
    if (!cells || !rdirty || !cdirty) {
        PyErr_NoMemory();
        goto done;
    }
    for (r = 0; r < h; r++) {
        PyObject *row = PyTuple_GET_ITEM(board, r);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != w) {
            PyErr_SetString(PyExc_ValueError, "the board does not match the clues");
            goto done;
        }
        for (c = 0; c < w; c++) {
            unsigned long cell = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(row, c));
            if (PyErr_Occurred()) goto done;
            if (cell >> COLOUR_MAX_PLANES) {
                PyErr_SetString(PyExc_ValueError, "a cell has more colours than the C core takes");
                goto done;
            }
            cells[r * w + c] = (unsigned int)cell;
            while ((cell >> colours) != 0) colours++;
        }
    }
    if (colour_clues_read(rows, &rc, &colours) < 0 || colour_clues_read(cols, &cc, &colours) < 0)
        goto done;
    if (colours > COLOUR_MAX_PLANES) {
        PyErr_SetString(PyExc_ValueError, "more colours than the C core takes");
        goto done;
    }
    if (mark_dirty(dirty_rows, rdirty, h) < 0 || mark_dirty(dirty_cols, cdirty, w) < 0) goto done;
    for (;;) {
        int any = 0;
        for (r = 0; r < h && !any; r++) any = rdirty[r];
        for (c = 0; c < w && !any; c++) any = cdirty[c];
        if (!any || (max_sweeps >= 0 && sweeps >= max_sweeps)) break;
        sweeps++;
        for (r = 0; r < h; r++) {
            if (!rdirty[r]) continue;
            solves++;
            if (!colour_line(&rc[r], cells, (size_t)(r * w), 1, (int)w, colours, cdirty,
                             &settled)) {
                snprintf(failed, sizeof failed, "row %zd", r + 1);
                break;
            }
        }
        if (failed[0]) break;
        memset(rdirty, 0, (size_t)h);
        for (c = 0; c < w; c++) {
            if (!cdirty[c]) continue;
            solves++;
            if (!colour_line(&cc[c], cells, (size_t)c, (size_t)w, (int)h, colours, rdirty,
                             &settled)) {
                snprintf(failed, sizeof failed, "column %zd", c + 1);
                break;
            }
        }
        if (failed[0]) break;
        memset(cdirty, 0, (size_t)w);
    }
    if (failed[0]) {
        result = Py_BuildValue("(Oll" "s" "l)", Py_None, sweeps, solves, failed, 0L);
    } else {
        PyObject *out = PyTuple_New(h);
        for (r = 0; out && r < h; r++) {
            PyObject *row = PyTuple_New(w);
            if (!row) {
                Py_CLEAR(out);
                break;
            }
            for (c = 0; c < w; c++) {
                PyObject *v = PyLong_FromUnsignedLong(cells[r * w + c]);
                if (!v) {
                    Py_DECREF(row);
                    row = NULL;
                    break;
                }
                PyTuple_SET_ITEM(row, c, v);
            }
            if (!row) {
                Py_CLEAR(out);
                break;
            }
            PyTuple_SET_ITEM(out, r, row);
        }
        if (out) result = Py_BuildValue("(Nllsl)", out, sweeps, solves, "", settled);
    }
done:
    free(rc);
    free(cc);
    free(cells);
    free(rdirty);
    free(cdirty);
    return result;
}

/* --- search: a probing depth-first search on words (boards of up to 64 cells a side) ------ */

/* What probing a cell last found: nothing, reading these lines, at this time of the clock.
 * Probing it again gives nothing as long as none of those lines has changed since. */
typedef struct {
    unsigned long stamp; /* 0: no record */
    u64 rows, cols;
    int gain[2]; /* cells each value settled: empty (0), filled (1) */
} Quiet;

/* A cell's record before a probe overwrote it: what the search undoes when it goes back up
 * the tree (the records are what probing knew at a node, not in a sibling's subtree). */
typedef struct {
    int cell;
    Quiet was;
} QuietUndo;

/* A board on words: per row its filled and empty masks, then per column the same, in one
 * array of 2h + 2w words (rf, re, cf, ce), so that a board is copied with one memcpy. */
typedef struct {
    int h, w;
    Clues rows, cols;
    u64 *work;            /* solve_bits's work space, for the longest clue */
    u64 *a, *b;           /* the two branches of a probe */
    u64 solved_rows, solved_cols; /* the lines words_propagate solved since they were cleared */
    unsigned long clock;  /* ticks at every change of the board probing works on */
    unsigned long stamp[128]; /* per line (row r at r, column c at 64 + c): its last change */
    Quiet *quiet;         /* per cell */
    QuietUndo *undo;      /* the search's records overwritten, newest last (logging only) */
    size_t undo_len, undo_cap;
    int logging;          /* keep the records overwritten, for words_search to undo */
    int *order;           /* cells in probing order */
    int *open;            /* the open cells, row-major, and their settled neighbours */
    unsigned char *near;
    long nodes, probes, skipped, branched, max_probes;
    long fixed;           /* probes that settled a cell (probe's grade counts them) */
    int timed;            /* look at the clock before every probe (probe), not every 64th */
    double deadline;
    unsigned long id;     /* the line cache's entries of this search carry it */
    int stopped;          /* the work budget or the deadline ran out */
    PyObject *found;      /* the solutions found (tuples of row masks), at most limit */
    Py_ssize_t limit;
    int failed;           /* a Python error is set */
} Search;

/* Keep a solved board as a solution, unless it is one already found (a probe's branch may
 * solve the board that a search further down would reach again). */
static void keep_solution(Search *s, const u64 *board) {
    Py_ssize_t k, n = PyList_GET_SIZE(s->found);
    PyObject *rows;
    int r;
    if (n >= s->limit) return;
    for (k = 0; k < n; k++) {
        PyObject *seen = PyList_GET_ITEM(s->found, k);
        int same = 1;
        for (r = 0; r < s->h && same; r++)
            same = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(seen, r)) == board[r];
        if (same) return;
    }
    rows = PyTuple_New(s->h);
    if (!rows) {
        s->failed = 1;
        return;
    }
    for (r = 0; r < s->h; r++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(board[r]);
        if (!mask) {
            Py_DECREF(rows);
            s->failed = 1;
            return;
        }
        PyTuple_SET_ITEM(rows, r, mask);
    }
    if (PyList_Append(s->found, rows) < 0) s->failed = 1;
    Py_DECREF(rows);
}

static int enough(const Search *s) {
    return s->failed || s->stopped || PyList_GET_SIZE(s->found) >= s->limit;
}

static size_t board_words(const Search *s) { return 2 * (size_t)s->h + 2 * (size_t)s->w; }
static size_t board_bytes(const Search *s) { return board_words(s) * sizeof(u64); }
static u64 line_full(int n) { return n == 64 ? ~0ULL : (1ULL << n) - 1; }

/* Set a cell filled or empty on both of its lines. */
static void board_set(const Search *s, u64 *board, int r, int c, int filled) {
    u64 *rf = board, *re = board + s->h, *cf = board + 2 * s->h, *ce = cf + s->w;
    if (filled) {
        rf[r] |= 1ULL << c;
        cf[c] |= 1ULL << r;
    } else {
        re[r] |= 1ULL << c;
        ce[c] |= 1ULL << r;
    }
}

/* Lines already solved, by line and masks: probing meets the same line states again and
 * again. One table for every search (the GIL is held), its entries of earlier searches told
 * apart by the search's number. 2^14 entries of 48 bytes (768 KB) stay in a core's L2 cache:
 * the probing searches of the corpus and of 600 tournament puzzles took 6 % less time than
 * with 2^16 (3 MB), and 2^18 took 40 % more (docs/benchmarks.md). */
enum { LINE_CACHE_BITS = 14 };
typedef struct {
    u64 f, e, nf, ne;
    unsigned long search;
    int line, ok;
} Solved;
static Solved *line_cache;
static unsigned long searches;

/* The cache slot of line `line` (columns from 64) with these masks. */
static Solved *line_slot(int line, u64 f, u64 e) {
    u64 key = ((u64)(line + 1) * 0x9E3779B97F4A7C15ULL) ^ (f * 0xBF58476D1CE4E5B9ULL) ^
              (e * 0x94D049BB133111EBULL);
    return &line_cache[(key ^ (key >> 31)) & ((1u << LINE_CACHE_BITS) - 1)];
}

/* One line solved in place on its two masks; the crossing lines of the cells it settled
 * are marked in `crossing` and get those cells. 0 on a contradiction. */
static int words_line(Search *s, const Clues *clues, int i, int n, u64 *f, u64 *e,
                      u64 *cross_f, u64 *cross_e, u64 *crossing) {
    u64 nf, ne, grown;
    int line = clues == &s->rows ? i : 64 + i;
    Solved *hit = line_slot(line, *f, *e);
    if (hit->search == s->id && hit->line == line && hit->f == *f && hit->e == *e) {
        if (!hit->ok) return 0;
        nf = hit->nf;
        ne = hit->ne;
    } else {
        hit->ok = solve_bits(clues->blocks + clues->start[i],
                             (int)(clues->start[i + 1] - clues->start[i]), n, *f, *e, &nf, &ne,
                             s->work);
        hit->search = s->id;
        hit->line = line;
        hit->f = *f;
        hit->e = *e;
        hit->nf = nf;
        hit->ne = ne;
        if (!hit->ok) return 0;
    }
    grown = (nf & ~*f) | (ne & ~*e);
    *crossing |= grown;
    for (; grown; grown &= grown - 1) {
        int j = __builtin_ctzll(grown);
        if ((nf >> j) & 1) cross_f[j] |= 1ULL << i;
        else cross_e[j] |= 1ULL << i;
    }
    *f = nf;
    *e = ne;
    return 1;
}

/* Line logic to the fixpoint from the dirty rows and columns (bit i: line i), noting the
 * lines solved. 1, or 0 on a contradiction. */
static int words_propagate(Search *s, u64 *board, u64 rows, u64 cols) {
    u64 *rf = board, *re = board + s->h, *cf = board + 2 * s->h, *ce = cf + s->w;
    while (rows | cols) {
        s->solved_rows |= rows;
        while (rows) {
            int r = __builtin_ctzll(rows);
            rows &= rows - 1;
            if (!words_line(s, &s->rows, r, s->w, &rf[r], &re[r], cf, ce, &cols)) return 0;
        }
        s->solved_cols |= cols;
        while (cols) {
            int c = __builtin_ctzll(cols);
            cols &= cols - 1;
            if (!words_line(s, &s->cols, c, s->h, &cf[c], &ce[c], rf, re, &rows)) return 0;
        }
    }
    return 1;
}

static int words_solved(const Search *s, const u64 *board) {
    u64 full = line_full(s->w);
    int r;
    for (r = 0; r < s->h; r++)
        if ((board[r] | board[s->h + r]) != full) return 0;
    return 1;
}

/* The board becomes `next`: the lines that differ get the next tick of the clock. */
static void board_move(Search *s, u64 *board, const u64 *next) {
    int i;
    s->clock++;
    for (i = 0; i < s->h; i++)
        if (board[i] != next[i] || board[s->h + i] != next[s->h + i]) s->stamp[i] = s->clock;
    for (i = 0; i < s->w; i++) {
        size_t at = 2 * (size_t)s->h + (size_t)i;
        if (board[at] != next[at] || board[at + (size_t)s->w] != next[at + (size_t)s->w])
            s->stamp[64 + i] = s->clock;
    }
    memcpy(board, next, board_bytes(s));
}

/* Whether the cell's last probe found nothing and read no line that has changed since. */
static int still_quiet(const Search *s, int cell) {
    const Quiet *q = &s->quiet[cell];
    u64 rows = q->rows, cols = q->cols;
    if (!q->stamp) return 0;
    for (; rows; rows &= rows - 1)
        if (s->stamp[__builtin_ctzll(rows)] > q->stamp) return 0;
    for (; cols; cols &= cols - 1)
        if (s->stamp[64 + __builtin_ctzll(cols)] > q->stamp) return 0;
    return 1;
}

/* Before a cell's record is overwritten: keep the old one when logging. 0 when memory ran out
 * (s->failed, a Python error set). */
static int quiet_note(Search *s, int cell) {
    if (!s->logging) return 1;
    if (s->undo_len == s->undo_cap) {
        size_t cap = s->undo_cap ? 2 * s->undo_cap : 256;
        QuietUndo *grown = realloc(s->undo, cap * sizeof(QuietUndo));
        if (!grown) {
            s->failed = 1;
            PyErr_NoMemory();
            return 0;
        }
        s->undo = grown;
        s->undo_cap = cap;
    }
    s->undo[s->undo_len].cell = cell;
    s->undo[s->undo_len].was = s->quiet[cell];
    s->undo_len++;
    return 1;
}

/* The records as they were when the log held `mark` entries: the newest undone first. */
static void quiet_undo(Search *s, size_t mark) {
    while (s->undo_len > mark) {
        const QuietUndo *u = &s->undo[--s->undo_len];
        s->quiet[u->cell] = u->was;
    }
}

static int out_of_time(Search *s) {
    if (now_seconds() > s->deadline) s->stopped = 1;
    return s->stopped;
}

/* Probing to its fixpoint, in place: a cell whose one value contradicts takes the other,
 * and the cells both values agree on are kept; a cell is not probed again while the lines
 * its last probe read are unchanged (it would find nothing again). 1, or 0 when both values
 * of a cell contradict. Stops early (s->stopped) when the deadline passes. */
static int words_probe(Search *s, u64 *board) {
    size_t bytes = board_bytes(s);
    u64 full = line_full(s->w);
    int progress = 1;
    while (progress) {
        int k, count = 0;
        progress = 0;
        { /* the open cells, those with the most settled neighbours first (the border counts):
           * they contradict soonest, as in probe; row-major within each count (one scan,
           * then a counting sort) */
            int start[6] = {0}, near, i;
            for (i = 0; i < s->h; i++) {
                u64 known = board[i] | board[s->h + i];
                u64 up = i ? board[i - 1] | board[s->h + i - 1] : full;
                u64 down = i + 1 < s->h ? board[i + 1] | board[s->h + i + 1] : full;
                u64 left = (known << 1) | 1, right = (known >> 1) | (1ULL << (s->w - 1));
                u64 open = full & ~known;
                for (; open; open &= open - 1) {
                    int j = __builtin_ctzll(open);
                    int n = (int)((up >> j) & 1) + (int)((down >> j) & 1) +
                            (int)((left >> j) & 1) + (int)((right >> j) & 1);
                    s->near[count] = (unsigned char)n;
                    s->open[count++] = i * s->w + j;
                    start[4 - n + 1]++;
                }
            }
            for (near = 1; near <= 5; near++) start[near] += start[near - 1];
            for (i = 0; i < count; i++) s->order[start[4 - s->near[i]]++] = s->open[i];
        }
        for (k = 0; k < count; k++) {
            int r = s->order[k] / s->w;
            int c = s->order[k] % s->w, fa, fb, cell = r * s->w + c, gain_filled, gain_empty;
            u64 rows = 0, cols = 0, touched;
            if (s->timed && out_of_time(s)) return 1;
            if ((board[r] | board[s->h + r]) >> c & 1) continue; /* settled this pass */
            if (still_quiet(s, cell)) {
                s->skipped++;
                continue;
            }
            if (++s->probes > s->max_probes || ((s->probes & 63) == 0 && out_of_time(s))) {
                s->stopped = 1;
                return 1;
            }
            s->solved_rows = s->solved_cols = 0;
            memcpy(s->a, board, bytes);
            board_set(s, s->a, r, c, 1);
            fa = words_propagate(s, s->a, 1ULL << r, 1ULL << c);
            memcpy(s->b, board, bytes);
            board_set(s, s->b, r, c, 0);
            fb = words_propagate(s, s->b, 1ULL << r, 1ULL << c);
            if (fa && words_solved(s, s->a)) keep_solution(s, s->a);
            if (fb && words_solved(s, s->b)) keep_solution(s, s->b);
            if (enough(s)) return 1;
            if (!fa && !fb) return 0;
            if (!fa || !fb) {
                board_move(s, board, fa ? s->a : s->b);
                s->fixed++;
                progress = 1;
                continue;
            }
            /* only the lines either branch solved can differ from the board (the others
             * are the board's in both): the gains and what both agree on are read there */
            gain_filled = gain_empty = 0;
            for (touched = s->solved_rows; touched; touched &= touched - 1) {
                size_t at = (size_t)__builtin_ctzll(touched), off = at + (size_t)s->h;
                u64 known = board[at] | board[off];
                gain_filled += popcount64((s->a[at] | s->a[off]) & ~known);
                gain_empty += popcount64((s->b[at] | s->b[off]) & ~known);
                s->a[at] &= s->b[at];
                s->a[off] &= s->b[off];
                if (s->a[at] != board[at] || s->a[off] != board[off]) rows |= 1ULL << at;
            }
            for (touched = s->solved_cols; touched; touched &= touched - 1) {
                size_t at = 2 * (size_t)s->h + (size_t)__builtin_ctzll(touched);
                size_t off = at + (size_t)s->w;
                s->a[at] &= s->b[at];
                s->a[off] &= s->b[off];
                if (s->a[at] != board[at] || s->a[off] != board[off])
                    cols |= 1ULL << (at - 2 * (size_t)s->h);
            }
            if (!(rows | cols)) {
                Quiet *q = &s->quiet[cell];
                if (!quiet_note(s, cell)) return 1; /* s->failed: the caller sees it */
                q->stamp = s->clock;
                q->rows = s->solved_rows;
                q->cols = s->solved_cols;
                q->gain[0] = gain_empty;
                q->gain[1] = gain_filled;
                continue;
            }
            /* each branch keeps its rows and columns alike, so what both agree on is
             * alike in both halves too; it is true, but not yet a fixpoint */
            if (!words_propagate(s, s->a, rows, cols)) return 0;
            board_move(s, board, s->a);
            s->fixed++;
            progress = 1;
        }
    }
    return 1;
}

/* Depth first from a propagated board: probe it (a branch of a probe that solves the board
 * is a solution too), keep it when solved, else branch on the open cell whose two values
 * settle the most (filled first); each child starts from what probing knew of its parent.
 * -1 on a Python error. */
static int words_search(Search *s, u64 *board) {
    u64 full = line_full(s->w), *child = NULL;
    size_t mark;
    unsigned long stamp[128];
    int r = 0, c = -1, value, failed = 0;
    if (out_of_time(s)) return 0;
    s->nodes++;
    if (!words_probe(s, board) || enough(s)) return s->failed ? -1 : 0;
    if (words_solved(s, board)) {
        keep_solution(s, board);
        return s->failed ? -1 : 0;
    }
    {
        /* the open cell whose two values settle the most, both counted (a product): each
         * branch then has the least left to search */
        long best = -1;
        int i;
        for (i = 0; i < s->h; i++) {
            u64 open = full & ~(board[i] | board[s->h + i]);
            for (; open; open &= open - 1) {
                int j = __builtin_ctzll(open);
                const Quiet *q = &s->quiet[i * s->w + j];
                long score = (long)(q->gain[0] + 1) * (long)(q->gain[1] + 1);
                if (score > best) {
                    best = score;
                    r = i;
                    c = j;
                }
            }
        }
    }
    child = malloc(board_bytes(s));
    if (!child) {
        PyErr_NoMemory();
        return -1;
    }
    mark = s->undo_len; /* what probing knows here: each child starts from it */
    memcpy(stamp, s->stamp, sizeof stamp);
    s->branched++;
    for (value = 1; value >= 0 && !failed; value--) {
        quiet_undo(s, mark); /* what probing knew here, not in a sibling */
        memcpy(s->stamp, stamp, sizeof stamp);
        memcpy(s->a, board, board_bytes(s));
        board_set(s, s->a, r, c, value);
        if (!words_propagate(s, s->a, 1ULL << r, 1ULL << c)) continue;
        memcpy(child, board, board_bytes(s));
        board_move(s, child, s->a);
        failed = words_search(s, child) < 0;
        if (enough(s)) break;
    }
    free(child);
    return failed ? -1 : 0;
}

static int read_words(PyObject *tuple, u64 *out, Py_ssize_t n, int size) {
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(tuple, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        if (v & ~line_full(size)) {
            PyErr_SetString(PyExc_ValueError, "a mask is wider than its line");
            return -1;
        }
        out[i] = v;
    }
    return 0;
}

/* A search's state for the clues and board given (row and column masks): its work space,
 * the line cache, and the board propagated to its line fixpoint. 1 when ready, 0 when the
 * board contradicts, -1 on a Python error (set). `who` names the caller in messages. */
static int search_open(Search *s, u64 **board, const char *who, PyObject *rows, PyObject *cols,
                       PyObject *rf, PyObject *re, PyObject *cf, PyObject *ce, double seconds) {
    Py_ssize_t h = PyTuple_GET_SIZE(rows), w = PyTuple_GET_SIZE(cols), longest = 0, i;
    memset(s, 0, sizeof *s);
    *board = NULL;
    if (h < 1 || w < 1 || h > 64 || w > 64 || PyTuple_GET_SIZE(rf) != h ||
        PyTuple_GET_SIZE(re) != h || PyTuple_GET_SIZE(cf) != w || PyTuple_GET_SIZE(ce) != w) {
        PyErr_Format(PyExc_ValueError,
                     "%s: expected a board of 1 to 64 cells a side matching its clues", who);
        return -1;
    }
    s->h = (int)h;
    s->w = (int)w;
    s->clock = 1; /* a record's stamp of 0 is none */
    if (!line_cache) {
        line_cache = calloc((size_t)1 << LINE_CACHE_BITS, sizeof(Solved));
        if (!line_cache) {
            PyErr_NoMemory();
            return -1;
        }
    }
    /* this search's number: entries of earlier searches (other clues) do not match, nor do
     * those of a search run while this one waits on Python (a collection's callback) */
    s->id = ++searches;
    if (seconds != seconds) seconds = 0; /* NaN: no time */
    s->deadline = now_seconds() + seconds;
    if (clues_read(rows, &s->rows) < 0 || clues_read(cols, &s->cols) < 0) return -1;
    for (i = 0; i < h; i++)
        if (s->rows.start[i + 1] - s->rows.start[i] > longest)
            longest = s->rows.start[i + 1] - s->rows.start[i];
    for (i = 0; i < w; i++)
        if (s->cols.start[i + 1] - s->cols.start[i] > longest)
            longest = s->cols.start[i + 1] - s->cols.start[i];
    s->work = malloc(((size_t)longest * 8 + 8) * sizeof(u64));
    *board = malloc(board_words(s) * sizeof(u64));
    s->a = malloc(board_words(s) * sizeof(u64));
    s->b = malloc(board_words(s) * sizeof(u64));
    s->quiet = calloc((size_t)h * (size_t)w, sizeof(Quiet));
    s->order = malloc((size_t)h * (size_t)w * sizeof(int));
    s->open = malloc((size_t)h * (size_t)w * sizeof(int));
    s->near = malloc((size_t)h * (size_t)w);
    if (!s->work || !*board || !s->a || !s->b || !s->quiet || !s->order || !s->open || !s->near) {
        PyErr_NoMemory();
        return -1;
    }
    if (read_words(rf, *board, h, s->w) < 0 || read_words(re, *board + h, h, s->w) < 0 ||
        read_words(cf, *board + 2 * h, w, s->h) < 0 ||
        read_words(ce, *board + 2 * h + w, w, s->h) < 0)
        return -1;
    for (i = 0; i < h * w; i++) {
        Py_ssize_t r = i / w, c = i % w;
        const u64 *b = *board;
        int by_row = (int)((b[r] >> c) & 1) + 2 * (int)((b[h + r] >> c) & 1);
        int by_col = (int)((b[2 * h + c] >> r) & 1) + 2 * (int)((b[2 * h + w + c] >> r) & 1);
        if (by_row != by_col || by_row == 3) {
            PyErr_Format(PyExc_ValueError,
                         "%s: the row masks and the column masks do not draw the same cells, "
                         "or a cell is both filled and empty", who);
            return -1;
        }
    }
    return words_propagate(s, *board, line_full(s->h), line_full(s->w));
}

static void search_close(Search *s, u64 *board) {
    clues_free(&s->rows);
    clues_free(&s->cols);
    free(s->work);
    free(s->a);
    free(s->b);
    free(s->quiet);
    free(s->undo);
    free(s->order);
    free(s->open);
    free(s->near);
    free(board);
}

/* probe on words, for boards of 64 cells a side at most: the same probes in the same order
 * as py_probe's loop on bytes, with the same board, probes and fixed out, several times
 * faster (the probing search's words_probe). A cell whose lines are unchanged since its last
 * probe found nothing is counted as probed without probing it again: it would find nothing
 * again. NotImplemented (py_probe's loop then runs) for a board that is not line logic's
 * fixpoint, where the two would not start alike; NULL on an error. */
static PyObject *probe_on_words(PyObject *rows, PyObject *cols, PyObject *rf, PyObject *re,
                                PyObject *cf, PyObject *ce, double seconds) {
    PyObject *found = NULL, *result = NULL, *t[4] = {NULL, NULL, NULL, NULL};
    Search s;
    u64 *board = NULL;
    int ready, k, ok;
    size_t i, n = 0, from;
    ready = search_open(&s, &board, "probe", rows, cols, rf, re, cf, ce, seconds);
    if (ready < 0) {
        PyErr_Clear(); /* py_probe's loop says what is wrong with its input */
        result = Py_NewRef(Py_NotImplemented);
        goto done;
    }
    if (read_words(rf, s.a, s.h, s.w) < 0 || read_words(re, s.a + s.h, s.h, s.w) < 0 ||
        read_words(cf, s.a + 2 * s.h, s.w, s.h) < 0 ||
        read_words(ce, s.a + 2 * s.h + s.w, s.w, s.h) < 0)
        goto done;
    if (!ready || memcmp(s.a, board, board_bytes(&s)) != 0) {
        result = Py_NewRef(Py_NotImplemented); /* not line logic's fixpoint */
        goto done;
    }
    found = PyList_New(0);
    if (!found) goto done;
    s.found = found;
    s.limit = PY_SSIZE_T_MAX;
    s.max_probes = LONG_MAX;
    s.timed = 1;
    ok = words_probe(&s, board);
    if (s.failed) goto done;
    if (!ok) {
        result = Py_BuildValue("(OllO)", Py_None, s.probes + s.skipped, s.fixed, Py_True);
        goto done;
    }
    for (k = 0, from = 0; k < 4; from += n, k++) { /* rf, re, cf, ce: one after the other */
        n = (size_t)(k < 2 ? s.h : s.w);
        t[k] = PyTuple_New((Py_ssize_t)n);
        if (!t[k]) goto done;
        for (i = 0; i < n; i++) {
            PyObject *mask = PyLong_FromUnsignedLongLong(board[from + i]);
            if (!mask) goto done;
            PyTuple_SET_ITEM(t[k], (Py_ssize_t)i, mask);
        }
    }
    {
        PyObject *masks = PyTuple_Pack(4, t[0], t[1], t[2], t[3]);
        if (masks)
            result = Py_BuildValue("(NllO)", masks, s.probes + s.skipped, s.fixed,
                                   s.stopped ? Py_False : Py_True);
    }
done:
    for (k = 0; k < 4; k++) Py_XDECREF(t[k]);
    Py_XDECREF(found);
    search_close(&s, board);
    return result;
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *rows, *cols, *rf, *re, *cf, *ce, *found = NULL, *result = NULL;
    Py_ssize_t limit;
    long long max_work;
    double seconds;
    Search s;
    u64 *board = NULL;
    int ready;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!nLd", &PyTuple_Type, &rows, &PyTuple_Type, &cols,
                          &PyTuple_Type, &rf, &PyTuple_Type, &re, &PyTuple_Type, &cf,
                          &PyTuple_Type, &ce, &limit, &max_work, &seconds))
        return NULL;
    if (limit < 1) {
        PyErr_SetString(PyExc_ValueError, "search: expected a limit of at least 1");
        return NULL;
    }
    ready = search_open(&s, &board, "search", rows, cols, rf, re, cf, ce, seconds);
    if (ready < 0) goto done;
    /* work: a probe costs about a line solve per line of the board */
    s.max_probes = (long)(max_work / (long long)(s.h + s.w));
    found = PyList_New(0);
    if (!found) goto done;
    if (!ready) {
        result = Py_BuildValue("(OOlll)", found, Py_True, 0L, 0L, 0L);
        goto done;
    }
    s.found = found;
    s.limit = limit;
    s.logging = 1;
    if (words_search(&s, board) < 0) goto done;
    {
        int complete = !s.stopped || PyList_GET_SIZE(found) >= limit;
        result = Py_BuildValue("(OOlll)", found, complete ? Py_True : Py_False, s.nodes,
                               s.branched, s.probes);
    }
done:
    Py_XDECREF(found);
    search_close(&s, board);
    return result;
}

/* Append the clause (a, b), or (a) when b is 0, to the list; -1 on a Python error. */
static int implied_add(PyObject *out, long a, long b) {
    PyObject *clause = b ? Py_BuildValue("[ll]", a, b) : Py_BuildValue("[l]", a);
    int failed;
    if (!clause) return -1;
    failed = PyList_Append(out, clause) < 0;
    Py_DECREF(clause);
    return failed ? -1 : 0;
}

/* Clauses that probing proves, for the CNF of cells numbered r * w + c + 1: for each open
 * cell x (row-major) and each of its values (filled, then empty), (not x, y) for each cell y
 * that line logic then settles, or (not x) when that value contradicts. At most max_clauses,
 * within the seconds. None when line logic finds that the board has no solution. */
static PyObject *py_implications(PyObject *self, PyObject *args) {
    PyObject *rows, *cols, *rf, *re, *cf, *ce, *out = NULL, *result = NULL;
    Py_ssize_t max_clauses;
    double seconds;
    Search s;
    u64 *board = NULL;
    int ready, r, c, value;
    long probes = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!nd", &PyTuple_Type, &rows, &PyTuple_Type, &cols,
                          &PyTuple_Type, &rf, &PyTuple_Type, &re, &PyTuple_Type, &cf,
                          &PyTuple_Type, &ce, &max_clauses, &seconds))
        return NULL;
    ready = search_open(&s, &board, "implications", rows, cols, rf, re, cf, ce, seconds);
    if (ready < 0) goto done;
    if (!ready) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    out = PyList_New(0);
    if (!out) goto done;
    for (r = 0; r < s.h && !s.stopped; r++) {
        u64 open = line_full(s.w) & ~(board[r] | board[s.h + r]);
        for (; open && !s.stopped; open &= open - 1) {
            c = __builtin_ctzll(open);
            for (value = 1; value >= 0; value--) {
                long x = (long)r * s.w + c + 1, lit = value ? x : -x;
                int i;
                if (PyList_GET_SIZE(out) >= max_clauses ||
                    ((probes++ & 63) == 0 && out_of_time(&s))) {
                    s.stopped = 1;
                    break;
                }
                memcpy(s.a, board, board_bytes(&s));
                board_set(&s, s.a, r, c, value);
                if (!words_propagate(&s, s.a, 1ULL << r, 1ULL << c)) {
                    if (implied_add(out, -lit, 0) < 0) goto done;
                    continue;
                }
                for (i = 0; i < s.h; i++) {
                    u64 grown = (s.a[i] | s.a[s.h + i]) & ~(board[i] | board[s.h + i]);
                    for (; grown && PyList_GET_SIZE(out) < max_clauses; grown &= grown - 1) {
                        int j = __builtin_ctzll(grown);
                        long y = (long)i * s.w + j + 1;
                        if (y == x) continue;
                        if (implied_add(out, -lit, (s.a[i] >> j) & 1 ? y : -y) < 0) goto done;
                    }
                }
            }
        }
    }
    result = Py_NewRef(out);
done:
    Py_XDECREF(out);
    search_close(&s, board);
    return result;
}

/* --- line_beliefs: weighted marginals of lines, the count of nonogen.solve.beliefs ----------- */

/* The state after block j of length `run` placed at cell i of a line of n cells: the next
 * block may start past the separating cell (n + 1: past the line's end). */
static long after_block(int i, int run, int n) {
    long next = (long)i + run + 1;
    return next < n + 1 ? next : n + 1;
}

/* One line's count (nonogen.solve.beliefs.line_beliefs_py, in the same order of additions):
 * clue c[0..k), black and white the n + 1 weights of its cells (cell n virtual: black 0,
 * white 1); out: starts (k x n of the caller's k_max x n, the rest left as it is), filled (n);
 * returns whether some weighted arrangement fits (the line is counted). Work: weights k x n,
 * logs, zeros and ends n + 1 each, forward and backward (n + 2) x (k + 1) each. */
static int belief_line(const int *c, int k, int n, const double *black, const double *white,
                       double *starts, double *filled, double *work) {
    size_t width = (size_t)k + 1, states = ((size_t)n + 2) * width;
    double *weight = work, *logs = weight + (size_t)k * n, *forward = logs + n + 1;
    double *backward = forward + states, *ends = backward + states, *zeros = ends + n + 1;
    double total, begun = 0.0, done = 0.0;
    int i, j, p;
#define W(j, p) weight[(size_t)(j) * n + (size_t)(p)]
#define F(i, j) forward[(size_t)(i) * width + (size_t)(j)]
#define B(i, j) backward[(size_t)(i) * width + (size_t)(j)]
    logs[0] = zeros[0] = 0.0;
    for (i = 0; i < n; i++) {
        logs[i + 1] = logs[i] + log(black[i] > 1e-300 ? black[i] : 1e-300);
        zeros[i + 1] = zeros[i] + (black[i] == 0.0 ? 1.0 : 0.0);
    }
    for (j = 0; j < k; j++)
        for (p = 0; p < n; p++) {
            long end = (long)p + c[j]; /* the separating cell */
            W(j, p) = end <= n && zeros[end] == zeros[p] ? exp(logs[end] - logs[p]) * white[end]
                                                         : 0.0;
        }
    memset(forward, 0, states * sizeof(double));
    F(0, 0) = 1.0;
    for (i = 0; i <= n; i++) {
        for (j = 0; j <= k; j++) F(i + 1, j) += F(i, j) * white[i];
        if (i < n)
            for (j = 0; j < k; j++) F(after_block(i, c[j], n), j + 1) += F(i, j) * W(j, i);
    }
    memset(backward, 0, states * sizeof(double));
    B(n + 1, k) = 1.0;
    for (i = n; i >= 0; i--) {
        for (j = 0; j <= k; j++) B(i, j) = B(i + 1, j) * white[i];
        if (i < n)
            for (j = 0; j < k; j++) B(i, j) += B(after_block(i, c[j], n), j + 1) * W(j, i);
    }
    total = B(0, 0);
    if (!(isfinite(total) && total > 0.0)) {
        memset(starts, 0, (size_t)k * n * sizeof(double));
        memset(filled, 0, (size_t)n * sizeof(double));
        return 0;
    }
    memset(ends, 0, ((size_t)n + 1) * sizeof(double));
    for (j = 0; j < k; j++)
        for (p = 0; p < n; p++) {
            double s = F(p, j) * W(j, p) * B(after_block(p, c[j], n), j + 1) / total;
            starts[(size_t)j * n + p] = s;
            ends[(long)p + c[j] < n ? p + c[j] : n] += s; /* the first cell it leaves */
        }
#undef W
#undef F
#undef B
    for (p = 0; p < n; p++) {
        double here = 0.0, v;
        for (j = 0; j < k; j++) here += starts[(size_t)j * n + p];
        begun += here;
        done += ends[p];
        v = begun - done;
        filled[p] = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    }
    return 1;
}

static PyObject *py_line_beliefs(PyObject *self, PyObject *args) {
    PyObject *clues, *result = NULL;
    Py_buffer black, white, starts, filled, counted;
    int n, k_max;
    Py_ssize_t lines, l;
    double *work = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!y*y*iiw*w*w*", &PyTuple_Type, &clues, &black, &white, &n,
                          &k_max, &starts, &filled, &counted))
        return NULL;
    lines = PyTuple_GET_SIZE(clues);
    if (n < 0 || k_max < 1 || n > 1 << 20 || k_max > 1 << 20 ||
        black.len != (Py_ssize_t)(lines * (n + 1) * sizeof(double)) ||
        white.len != black.len || filled.len != (Py_ssize_t)(lines * n * sizeof(double)) ||
        starts.len != (Py_ssize_t)(lines * k_max * n * sizeof(double)) || counted.len != lines) {
        PyErr_SetString(PyExc_ValueError,
                        "line_beliefs: expected float64 buffers of lines x (n + 1) weights, "
                        "lines x k_max x n starts, lines x n filled and lines counted bytes");
        goto done;
    }
    work = malloc(((size_t)k_max * n + 3 * ((size_t)n + 1) +
                   2 * ((size_t)n + 2) * ((size_t)k_max + 1)) * sizeof(double));
    if (!work) {
        PyErr_NoMemory();
        goto done;
    }
    for (l = 0; l < lines; l++) {
        int *c, k = read_clue(PyTuple_GET_ITEM(clues, l), &c);
        if (k < 0) goto done;
        if (k > k_max || PyObject_Length(PyTuple_GET_ITEM(clues, l)) != k) {
            PyErr_SetString(PyExc_ValueError,
                            "line_beliefs: a clue of more than k_max blocks, or a block length "
                            "that is not positive");
            goto done;
        }
        ((unsigned char *)counted.buf)[l] = (unsigned char)belief_line(
            c, k, n, (const double *)black.buf + l * (n + 1),
            (const double *)white.buf + l * (n + 1), (double *)starts.buf + (size_t)l * k_max * n,
            (double *)filled.buf + (size_t)l * n, work);
    }
    result = Py_NewRef(Py_None);
done:
    free(work);
    PyBuffer_Release(&black);
    PyBuffer_Release(&white);
    PyBuffer_Release(&starts);
    PyBuffer_Release(&filled);
    PyBuffer_Release(&counted);
    return result;
}

static PyMethodDef methods[] = {
    {"solve_line", py_solve_line, METH_VARARGS,
     "solve_line(clue, size, filled, empty) -> (filled, empty) | None: as nonogen.line."},
    {"line_starts", py_line_starts, METH_VARARGS,
     "line_starts(clue, size, filled, empty) -> starts | None: nonogen.line.placements' "
     "starts, for lines of up to 64 cells."},
    {"encode_line", py_encode_line, METH_VARARGS,
     "encode_line(clue, size, cells, starts, top) -> (clauses, order, top): as "
     "nonogen.solve.search._encode_line."},
    {"probe", py_probe, METH_VARARGS,
     "probe(rows, cols, row_filled, row_empty, col_filled, col_empty, seconds, on_words=True) "
     "-> (masks | None, probes, fixed, complete): as nonogen.solve.probe.probe_py (on_words: "
     "on machine words where the board allows, else always on bytes)."},
    {"search", py_search, METH_VARARGS,
     "search(rows, cols, row_filled, row_empty, col_filled, col_empty, limit, max_work, "
     "seconds) -> (solutions, complete, nodes, branched, probes): a probing depth-first "
     "search for up to limit solutions (row masks), boards of up to 64 cells a side, within "
     "max_work probes times lines."},
    {"implications", py_implications, METH_VARARGS,
     "implications(rows, cols, row_filled, row_empty, col_filled, col_empty, max_clauses, "
     "seconds) -> clauses | None: what probing each open cell proves, as unit and binary "
     "clauses over cells r * width + c + 1 (boards of up to 64 cells a side); None when line "
     "logic finds no solution."},
    {"colour_propagate", py_colour_propagate, METH_VARARGS,
     "colour_propagate(rows, cols, board, dirty_rows, dirty_cols, max_sweeps) -> (board | None, "
     "sweeps, line_solves, failed, settled): as nonogen.solve.colourboard.propagate_py."},
    {"line_beliefs", py_line_beliefs, METH_VARARGS,
     "line_beliefs(clues, black, white, n, k_max, starts, filled, counted) -> None: the "
     "weighted marginals of lines (nonogen.solve.beliefs.line_beliefs_py) written into the "
     "float64 buffers starts (lines x k_max x n, zeroed) and filled (lines x n) and the bytes "
     "counted (lines), from the float64 weights black and white (lines x (n + 1))."},
    {"propagate", py_propagate, METH_VARARGS,
     "propagate(rows, cols, row_filled, row_empty, col_filled, col_empty, dirty_rows, "
     "dirty_cols, max_sweeps, seconds=inf) -> (masks | None, sweeps, line_solves, settled, "
     "failed, late): late once `seconds` have passed (masks: where it stopped)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "nonogen._native",
    "The black-and-white line solver and propagation in C (reference: nonogen.line).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *m;
    m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "COLOUR_MAX_SIDE", COLOUR_MAX_SIZE) < 0) Py_CLEAR(m);
    return m;
}
