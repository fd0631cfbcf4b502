/*
 * lexgraph from C: compile a word list, open the lexicon, query it and
 * generate moves; check that errors come back as codes and messages.
 *
 *   cc -std=c11 -Wall -Wextra -I bindings/c/include bindings/c/examples/analyse.c \
 *      -L target/release -llexgraph_c -Wl,-rpath,$PWD/target/release -o analyse
 *   ./analyse lexicons/enable1.txt /tmp/enable
 *
 * Exits 0 when every check passes (the tests run it under valgrind).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lexgraph.h"

static int failures = 0;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n",  \
                    __FILE__, __LINE__, #cond, lexgraph_errmsg(NULL));     \
            failures++;                                                    \
        }                                                                  \
    } while (0)

/* A check the rest depends on: stop at once. */
#define REQUIRE(cond)                                                      \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s:%d: required: %s (last error: %s)\n",      \
                    __FILE__, __LINE__, #cond, lexgraph_errmsg(NULL));     \
            exit(1);                                                       \
        }                                                                  \
    } while (0)

/* A string literal as pointer and length. */
#define S(lit) (lit), (sizeof(lit) - 1)

struct words {
    int count;
    char first[64];
};

static int32_t on_word(void *ctx, const char *word, size_t len) {
    struct words *w = ctx;
    if (w->count == 0 && len < sizeof w->first) {
        memcpy(w->first, word, len + 1); /* NUL-terminated */
    }
    w->count++;
    return 0;
}

static int32_t stop_after_three(void *ctx, const char *word, size_t len) {
    (void)word;
    (void)len;
    return ++*(int *)ctx == 3;
}

static void print_move(const lexgraph_move *m) {
    printf("  %-16s score %3d", m->notation, m->score);
    if (m->ranked) {
        printf("  equity %6.2f  leave %s", m->equity, m->leave_len ? m->leave : "-");
    }
    printf("  (row %d col %d %s, %zu tiles:", m->row, m->col,
           m->dir == LEXGRAPH_ACROSS ? "across" : "down", m->tiles_len);
    for (size_t i = 0; i < m->tiles_len; i++) {
        printf(" %s@%u,%u", m->tiles[i].letter, m->tiles[i].row, m->tiles[i].col);
    }
    printf(")\n");
}

static int32_t count_move(void *ctx, const lexgraph_move *m) {
    (void)m;
    ++*(size_t *)ctx;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s WORDS.txt OUTBASE\n", argv[0]);
        return 2;
    }
    printf("lexgraph %s (header %s)\n", lexgraph_version(), LEXGRAPH_VERSION);
    CHECK(lexgraph_version_number() == LEXGRAPH_VERSION_NUMBER);
    CHECK(strcmp(lexgraph_version(), LEXGRAPH_VERSION) == 0);

    /* Compile the list into OUTBASE.dawg and OUTBASE.gaddag. */
    const char *words = argv[1], *out = argv[2];
    lexgraph_status st = lexgraph_compile(words, strlen(words), out, strlen(out), NULL, 0);
    REQUIRE(st == LEXGRAPH_OK);
    char dawg_path[4096], gaddag_path[4096];
    snprintf(dawg_path, sizeof dawg_path, "%s.dawg", out);
    snprintf(gaddag_path, sizeof gaddag_path, "%s.gaddag", out);

    lexgraph_lexicon *dawg = NULL, *gaddag = NULL;
    REQUIRE(lexgraph_open(dawg_path, strlen(dawg_path), &dawg) == LEXGRAPH_OK);
    REQUIRE(lexgraph_open(gaddag_path, strlen(gaddag_path), &gaddag) == LEXGRAPH_OK);
    uint64_t n = 0;
    CHECK(lexgraph_word_count(dawg, &n) == LEXGRAPH_OK && n > 1000);
    printf("%s: %llu words\n", dawg_path, (unsigned long long)n);

    /* Word queries, on either structure. */
    bool yes = false, no = true;
    CHECK(lexgraph_contains(dawg, S("quire"), &yes) == LEXGRAPH_OK && yes);
    CHECK(lexgraph_contains(gaddag, S("XYZZYQ"), &no) == LEXGRAPH_OK && !no);
    struct words w = {0};
    CHECK(lexgraph_anagram(dawg, S("AEINRST"), false, on_word, &w) == LEXGRAPH_OK);
    printf("anagrams of AEINRST: %d, first %s\n", w.count, w.first);
    CHECK(w.count >= 3 && strcmp(w.first, "ANESTRI") == 0);
    struct words p = {0};
    CHECK(lexgraph_pattern(gaddag, S("Q?I*"), on_word, &p) == LEXGRAPH_OK);
    printf("Q?I*: %d words, first %s\n", p.count, p.first);
    CHECK(p.count > 0);
    int seen = 0;
    CHECK(lexgraph_words(dawg, S("RE"), stop_after_three, &seen) == LEXGRAPH_STOPPED && seen == 3);

    /* The same queries through cursors: a word per call into our buffer.
       A buffer too small keeps the word for the next call. */
    lexgraph_cursor *cur = NULL;
    REQUIRE(lexgraph_anagram_cursor(dawg, S("AEINRST"), false, &cur) == LEXGRAPH_OK);
    char small[4], word[64];
    size_t wlen = 0;
    int got = lexgraph_cursor_next(cur, small, sizeof small, &wlen);
    CHECK(got == -LEXGRAPH_ERR_BUFFER && wlen == 7);
    int from_cursor = 0;
    while ((got = lexgraph_cursor_next(cur, word, sizeof word, &wlen)) == 1) {
        if (from_cursor++ == 0) CHECK(strcmp(word, w.first) == 0 && wlen == strlen(word));
    }
    CHECK(got == 0 && from_cursor == w.count);
    CHECK(lexgraph_cursor_next(cur, word, sizeof word, &wlen) == 0); /* stays done */
    CHECK(lexgraph_cursor_free(cur) == LEXGRAPH_OK);
    CHECK(lexgraph_cursor_next(cur, word, sizeof word, &wlen) == -LEXGRAPH_ERR_HANDLE);
    REQUIRE(lexgraph_words_cursor(gaddag, S("QUIR"), &cur) == LEXGRAPH_OK);
    printf("words starting QUIR:");
    while (lexgraph_cursor_next(cur, word, sizeof word, NULL) == 1) printf(" %s", word);
    printf("\n");
    lexgraph_cursor_free(cur);
    REQUIRE(lexgraph_pattern_cursor(dawg, S("Q?I*"), &cur) == LEXGRAPH_OK);
    int matched = 0;
    while (lexgraph_cursor_next(cur, word, sizeof word, NULL) == 1) matched++;
    CHECK(matched == p.count);
    lexgraph_cursor_free(cur);
    CHECK(lexgraph_pattern_cursor(dawg, S("Q1"), &cur) == LEXGRAPH_ERR_INPUT && cur == NULL);

    /* Moves: the 5 best by score, into a list. */
    const char cgp[] = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0";
    lexgraph_gen_options opts = {0};
    opts.size = sizeof opts; /* the fields this program knows */
    opts.top = 5;
    opts.by_score = true;
    lexgraph_move_list *list = NULL;
    REQUIRE(lexgraph_generate(gaddag, S(cgp), &opts, &list) == LEXGRAPH_OK);
    const lexgraph_move *moves = NULL;
    size_t count = 0;
    REQUIRE(lexgraph_move_list_data(list, &moves, &count) == LEXGRAPH_OK && count == 5);
    printf("best 5 by score:\n");
    for (size_t i = 0; i < count; i++) print_move(&moves[i]);
    CHECK(count > 1 && moves[0].score >= moves[1].score && moves[0].kind == LEXGRAPH_PLACE);
    CHECK(lexgraph_move_list_free(list) == LEXGRAPH_OK);
    CHECK(lexgraph_move_list_free(list) == LEXGRAPH_ERR_HANDLE); /* freed twice */

    /* By equity with Gordon's Heuristic 2 and another rack, on the DAWG. */
    opts.top = 3;
    opts.rack = "DEIORSU";
    opts.rack_len = 7;
    opts.leaves = "gordon2";
    opts.leaves_len = 7;
    opts.by_score = false;
    REQUIRE(lexgraph_generate(dawg, S(cgp), &opts, &list) == LEXGRAPH_OK);
    REQUIRE(lexgraph_move_list_data(list, &moves, &count) == LEXGRAPH_OK && count == 3);
    printf("best 3 by equity (rack DEIORSU):\n");
    for (size_t i = 0; i < count; i++) print_move(&moves[i]);
    CHECK(moves[0].ranked && moves[0].equity >= moves[1].equity);
    lexgraph_move_list_free(list);

    /* Every move, through a callback; the same count from both structures. */
    size_t from_gaddag = 0, from_dawg = 0;
    lexgraph_gen_options every = {0};
    every.size = sizeof every;
    every.by_score = true;
    CHECK(lexgraph_generate_each(gaddag, S(cgp), &every, count_move, &from_gaddag) == LEXGRAPH_OK);
    CHECK(lexgraph_generate_each(dawg, S(cgp), &every, count_move, &from_dawg) == LEXGRAPH_OK);
    printf("all moves: %zu (GADDAG), %zu (DAWG)\n", from_gaddag, from_dawg);
    CHECK(from_gaddag == from_dawg && from_gaddag > 100);

    /* A play as a player types it: legal, its score and words; or why not. */
    char formed[128], why[256];
    lexgraph_check_result chk;
    REQUIRE(lexgraph_check_play(gaddag, S(cgp), NULL, 0, S("J8 SIRE"), formed, sizeof formed, why,
                                sizeof why, &chk) == LEXGRAPH_OK);
    printf("J8 SIRE: %s, score %d, words %s\n", chk.legal ? "legal" : why, chk.score, formed);
    CHECK(chk.legal && chk.words_count == 2 && strcmp(formed, "SIRE QUIRES") == 0);
    REQUIRE(lexgraph_check_play(gaddag, S(cgp), S("AEINR"), S("8E QUIRES"), formed, sizeof formed,
                                why, sizeof why, &chk) == LEXGRAPH_OK);
    printf("8E QUIRES with AEINR: not legal: %s\n", why);
    CHECK(!chk.legal && chk.reason_len == strlen(why) && strstr(why, "no S on the rack"));
    CHECK(lexgraph_check_play(gaddag, S(cgp), NULL, 0, S("QUIRES"), formed, sizeof formed, why,
                              sizeof why, &chk) == LEXGRAPH_ERR_INPUT);

    /* Simulation: the 4 best plays by equity played out 2 plies ahead, 64
       scenarios each, into the caller's buffer (nothing to free). */
    lexgraph_sim_options so = {0};
    so.size = sizeof so;
    so.candidates = 4;
    so.iterations = 64;
    so.stop = -1; /* never drop a candidate: each gets its 64 */
    so.seed = 1;
    so.threads = 1;
    so.rack = "DEIORSU";
    so.rack_len = 7;
    lexgraph_sim_arm arms[4];
    lexgraph_sim_summary summary;
    REQUIRE(lexgraph_sim(gaddag, S(cgp), &so, arms, 4, &summary, NULL, NULL) == LEXGRAPH_OK);
    CHECK(summary.candidates == 4 && summary.iterations == 64 && summary.stopped == LEXGRAPH_SIM_BUDGET);
    printf("simulated (2 plies, %llu iterations):\n", (unsigned long long)summary.iterations);
    for (size_t i = 0; i < summary.candidates; i++)
        printf("  %-20s equity %6.1f  mean %+7.2f  win %5.1f %%\n", arms[i].notation, arms[i].equity,
               arms[i].mean, 100.0 * arms[i].win);
    CHECK(arms[0].mean >= arms[1].mean && arms[0].iterations == 64);

    /* Errors: codes and readable messages, never a crash. */
    size_t len = 0;
    st = lexgraph_generate(gaddag, S("15/15 nonsense"), NULL, &list);
    printf("bad CGP: %s: %s\n", lexgraph_errstr(st), lexgraph_errmsg(&len));
    CHECK(st == LEXGRAPH_ERR_INPUT && len > 0 && list == NULL);
    lexgraph_lexicon *bad = gaddag;
    st = lexgraph_open(S("/nonexistent/x.gaddag"), &bad);
    printf("missing file: %s: %s\n", lexgraph_errstr(st), lexgraph_errmsg(NULL));
    CHECK(st == LEXGRAPH_ERR_IO && bad == NULL);
    st = lexgraph_open(words, strlen(words), &bad); /* a word list, not a lexicon */
    printf("not a lexicon: %s: %s\n", lexgraph_errstr(st), lexgraph_errmsg(NULL));
    CHECK(st == LEXGRAPH_ERR_LEXICON);
    CHECK(lexgraph_contains(NULL, S("QI"), &yes) == LEXGRAPH_ERR_HANDLE);
    CHECK(lexgraph_contains((lexgraph_lexicon *)(uintptr_t)0xdead0, S("QI"), &yes) == LEXGRAPH_ERR_HANDLE);
    CHECK(lexgraph_contains(gaddag, "\xff\xfe", 2, &yes) == LEXGRAPH_ERR_UTF8);
    CHECK(lexgraph_contains(gaddag, S("QI"), NULL) == LEXGRAPH_ERR_NULL);
    CHECK(lexgraph_anagram(gaddag, S("AB"), false, NULL, NULL) == LEXGRAPH_ERR_NULL);
    opts.leaves = "klv:/nonexistent/x.klv2";
    opts.leaves_len = strlen(opts.leaves);
    CHECK(lexgraph_generate(gaddag, S(cgp), &opts, &list) == LEXGRAPH_ERR_IO); /* no such file */
    printf("bad leaves: %s\n", lexgraph_errmsg(NULL));
    CHECK(lexgraph_move_list_data((lexgraph_move_list *)gaddag, &moves, &count) == LEXGRAPH_ERR_HANDLE);
    opts.size = 0; /* fields set, size forgotten: refused, not ignored */
    CHECK(lexgraph_generate(gaddag, S(cgp), &opts, &list) == LEXGRAPH_ERR_INPUT);
    printf("no size: %s\n", lexgraph_errmsg(NULL));

    lexgraph_lexicon *keep = gaddag;
    CHECK(lexgraph_close(gaddag) == LEXGRAPH_OK);
    CHECK(lexgraph_close(dawg) == LEXGRAPH_OK);
    CHECK(lexgraph_close(keep) == LEXGRAPH_ERR_HANDLE); /* closed twice */
    CHECK(lexgraph_contains(keep, S("QI"), &yes) == LEXGRAPH_ERR_HANDLE);
    CHECK(lexgraph_close(NULL) == LEXGRAPH_OK);

    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
