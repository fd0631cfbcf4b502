#!/usr/bin/env python3
"""Writes a `word,count` frequency file for lexgraph from the wordfreq package.

count = round(word_frequency(word, LANG, wordlist='large') * 1e9): how many
times the word occurs per billion words of wordfreq's English corpus
(books, subtitles, news, Wikipedia, web text, ...). Words wordfreq does not
know (count 0) are left out; the rest are sorted by count, most frequent
first, then alphabetically.

    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq
    /tmp/wf/bin/python scripts/make-frequencies.py \
        lexicons/wordlist-en.txt lexicons/enable1.txt -o lexicons/english.freq.csv

Any word list works (one word per line, `#` comments); for another language
give --lang (a code wordfreq knows: es, fr, de, pl, ...). --max N keeps
only the N most frequent words, to keep a file small; the header says so
when words were cut.

wordfreq's data is CC BY-SA 4.0 (see lexicons/LICENSE-wordfreq): a file
made with this script carries that license and its attribution.
"""

import argparse
import sys

from importlib.metadata import version

from wordfreq import word_frequency


def read_words(path):
    words = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.strip()
            if w and not w.startswith("#"):
                words.add(w.lower())
    return words


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("lists", nargs="+", help="word lists (their union is looked up)")
    p.add_argument("-o", "--out", required=True)
    p.add_argument("--lang", default="en")
    p.add_argument("--max", type=int, default=None, help="keep only the most frequent N words")
    args = p.parse_args()

    words = set()
    for path in args.lists:
        words |= read_words(path)
    counted = []
    for w in words:
        c = round(word_frequency(w, args.lang, wordlist="large") * 1e9)
        if c > 0:
            counted.append((-c, w))
    counted.sort()
    total = len(counted)
    kept = counted if args.max is None else counted[: args.max]
    wordfreq_version = version("wordfreq")
    names = ", ".join(path.split("/")[-1] for path in args.lists)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# Word frequencies: occurrences per billion words, from wordfreq {wordfreq_version}\n")
        f.write(f"# (https://github.com/rspeer/wordfreq, word_frequency(word, '{args.lang}', wordlist='large')),\n")
        f.write(f"# for the words of {names} that wordfreq knows.\n")
        if total > len(kept):
            f.write(f"# The {len(kept)} most frequent of {total} such words; the rest are left out.\n")
        f.write("# Data: CC BY-SA 4.0, wordfreq by Robyn Speer and its sources; see LICENSE-wordfreq.\n")
        f.write("word,count\n")
        for c, w in kept:
            f.write(f"{w},{-c}\n")
    print(f"{args.out}: {len(kept)} of {total} words with a count (of {len(words)} looked up)", file=sys.stderr)


if __name__ == "__main__":
    main()
