"""Regenerate data/frequencies.tsv from the wordfreq package.

    pip install wordfreq==3.1.1 && python data/make_frequencies.py

One line per word of every bundled edition's lists (answers and guesses; the
14855 guesses of the NYT's list from August 2022 hold all the others), sorted:
the word, a tab, its Zipf frequency in English (log10 of occurrences per
billion words; 0 when wordfreq does not know the word). Only this script
needs wordfreq: the package reads the table with numpy alone.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    from wordfreq import zipf_frequency

    words = set()
    for path in sorted(HERE.glob("answers*.txt")) + sorted(HERE.glob("guesses*.txt")):
        words.update(path.read_text(encoding="utf-8").split())
    lines = [f"{word}\t{zipf_frequency(word, 'en'):.2f}" for word in sorted(words)]
    (HERE / "frequencies.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} frequencies to {HERE / 'frequencies.tsv'}")


if __name__ == "__main__":
    main()
