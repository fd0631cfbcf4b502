/*
 * The play records of positions, from C, as JSON lines: the same objects
 * `lexgraph moves --format json` writes, so that a test can compare the C
 * library with the CLI and the Python package (bindings/python/tests/
 * test_bindings_agree.py).
 *
 *   cc -std=c11 -Wall -Wextra -I bindings/c/include bindings/c/examples/records.c \
 *      -L target/release -llexgraph_c -Wl,-rpath,$PWD/target/release -o records
 * (or, with the library installed: bindings/c/README.md)
 *   ./records LEXICON TOP [LEAVES] < positions.cgp
 *
 * One CGP line per position on standard input; TOP 0 lists every play.
 * Ranked by equity with LEAVES (default: the lexicon's own, else Gordon's
 * Heuristic 2), or by score when LEAVES is `score`.
 * Exits 1 on the first error, with lexgraph's message on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lexgraph.h"

/* A JSON string: the library's text needs no escapes but quotes and
 * backslashes, which are escaped all the same. */
static void json_string(const char *s, size_t len) {
    putchar('"');
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '"' || s[i] == '\\') putchar('\\');
        putchar(s[i]);
    }
    putchar('"');
}

static const char *dir_name(enum lexgraph_dir d) {
    return d == LEXGRAPH_DOWN ? "down" : "across";
}

/* The fields and order of the CLI's JSON (absent fields left out). */
static void print_record(size_t position, const char *lexicon, const lexgraph_move *m) {
    printf("{\"position\":%zu,\"lexicon\":", position);
    json_string(lexicon, strlen(lexicon));
    const char *kind = m->kind == LEXGRAPH_PLACE      ? "place"
                       : m->kind == LEXGRAPH_EXCHANGE ? "exchange"
                                                      : "pass";
    printf(",\"type\":\"%s\"", kind);
    if (m->kind == LEXGRAPH_PLACE) {
        printf(",\"row\":%d,\"col\":%d,\"dir\":\"%s\",\"notation\":", m->row, m->col,
               dir_name(m->dir));
        json_string(m->notation, m->notation_len);
        printf(",\"word\":");
        json_string(m->word, m->word_len);
    }
    printf(",\"tiles\":[");
    for (size_t i = 0; i < m->tiles_len; i++) {
        const lexgraph_tile *t = &m->tiles[i];
        printf("%s{\"row\":%u,\"col\":%u,\"letter\":", i ? "," : "", t->row, t->col);
        json_string(t->letter, t->letter_len);
        printf(",\"blank\":%s}", t->blank ? "true" : "false");
    }
    printf("]");
    if (m->kind == LEXGRAPH_PLACE) {
        printf(",\"cross_words\":[");
        for (size_t i = 0; i < m->cross_words_len; i++) {
            const lexgraph_word *w = &m->cross_words[i];
            printf("%s{\"row\":%u,\"col\":%u,\"dir\":\"%s\",\"word\":", i ? "," : "", w->row,
                   w->col, dir_name(w->dir));
            json_string(w->word, w->word_len);
            printf("}");
        }
        printf("]");
    }
    if (m->kind == LEXGRAPH_EXCHANGE) {
        printf(",\"exchange\":");
        json_string(m->exchange, m->exchange_len);
    }
    printf(",\"score\":%d", m->score);
    if (m->ranked) {
        /* The equity is an f32 in the library: 9 digits give it back. */
        printf(",\"equity\":%.9g,\"leave\":", m->equity);
        json_string(m->leave, m->leave_len);
    }
    printf("}\n");
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: %s LEXICON TOP [LEAVES] < positions.cgp\n", argv[0]);
        return 2;
    }
    const char *path = argv[1];
    lexgraph_lexicon *lex = NULL;
    if (lexgraph_open(path, strlen(path), &lex) != LEXGRAPH_OK) {
        fprintf(stderr, "%s\n", lexgraph_errmsg(NULL));
        return 1;
    }
    lexgraph_gen_options opts = {0};
    opts.size = sizeof opts;
    opts.top = (size_t)strtoull(argv[2], NULL, 10);
    if (argc == 4 && strcmp(argv[3], "score") == 0) {
        opts.by_score = true;
    } else if (argc == 4) {
        opts.leaves = argv[3];
        opts.leaves_len = strlen(argv[3]);
    }
    char line[65536];
    size_t position = 0;
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\r\n");
        lexgraph_move_list *list = NULL;
        const lexgraph_move *moves = NULL;
        size_t count = 0;
        if (lexgraph_generate(lex, line, len, &opts, &list) != LEXGRAPH_OK ||
            lexgraph_move_list_data(list, &moves, &count) != LEXGRAPH_OK) {
            fprintf(stderr, "position %zu: %s\n", position, lexgraph_errmsg(NULL));
            status = 1;
            lexgraph_move_list_free(list);
            break;
        }
        for (size_t i = 0; i < count; i++) print_record(position, path, &moves[i]);
        lexgraph_move_list_free(list);
        position++;
    }
    lexgraph_close(lex);
    return status;
}
