"""Regenerate data/answers_nyt2023_common.txt: a dictionary-sized answer set.

    python data/make_common_answers.py

The allowed guesses of the NYT's list (guesses_nyt2022.txt, 14855 words)
whose Zipf frequency in the bundled table (frequencies.tsv) is at least
MIN_ZIPF, sorted: 4490 words, about as many as WordleBot's dictionary of
possible answers. Under the frequency prior each then weighs at least
sigmoid((2.4 - 3) / 0.5) = 0.23 against its commonest word.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent
MIN_ZIPF = 2.4


def main() -> None:
    zipf = {}
    for line in (HERE / "frequencies.tsv").read_text(encoding="utf-8").splitlines():
        word, _, value = line.partition("\t")
        zipf[word] = float(value)
    guesses = (HERE / "guesses_nyt2022.txt").read_text(encoding="utf-8").split()
    common = sorted(word for word in guesses if zipf.get(word, 0.0) >= MIN_ZIPF)
    (HERE / "answers_nyt2023_common.txt").write_text("\n".join(common) + "\n", encoding="utf-8")
    print(f"wrote {len(common)} words of Zipf {MIN_ZIPF} or more")


if __name__ == "__main__":
    main()
