"""Distribution plots of simulations (needs the optional matplotlib)."""

from __future__ import annotations

WON, LOST = "#6aaa64", "#787c7e"     # Wordle's green and gray


def plot_distribution(result, path, title_name: str | None = None) -> None:
    """Bars for games solved in 1..max_guesses guesses and for failures, each
    with its count on top; written to ``path`` (format from ``title_name``'s
    or ``path``'s suffix, PNG by default)."""
    labels = [str(turns) for turns in result.distribution] + ["failed"]
    counts = list(result.distribution.values()) + [result.failed]
    colours = [WON] * len(result.distribution) + [LOST]
    config = result.config
    opener = f", opener {config['opener']}" if config.get("opener") else ""
    title = (f"{result.games} games, strategy {config['strategy']}, pool {config['guess_pool']}"
             f"{opener}, hard mode {config['hard_mode']}\n"
             f"mean {result.mean:.3f} guesses, {result.success_rate:.2%} solved")
    _bars(labels, counts, colours, title, path, title_name)


def plot_boards_distribution(result, path, title_name: str | None = None) -> None:
    """Bars for the guesses each game of several boards took to finish
    every board; games past the limit in gray."""
    labels = [str(guesses) for guesses in result.distribution]
    counts = list(result.distribution.values())
    colours = [WON if guesses <= result.max_guesses else LOST for guesses in result.distribution]
    title = (f"{len(result.games)} games of {result.boards} boards, limit {result.max_guesses}, "
             f"strategy {result.config['strategy']}\n"
             f"mean {result.mean:.3f} guesses, {result.solved_rate:.2%} solved")
    _bars(labels, counts, colours, title, path, title_name)


def _bars(labels, counts, colours, title, path, title_name) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    bars = axes.bar(labels, counts, color=colours)
    axes.bar_label(bars, padding=2)
    axes.set_xlabel("guesses")
    axes.set_ylabel("games")
    axes.set_title(title, fontsize=11)
    axes.margins(y=0.12)
    figure.tight_layout()
    suffix = str(title_name or path).rsplit(".", 1)[-1].lower()
    figure.savefig(path, format=suffix if suffix in ("png", "svg", "pdf") else "png")
    plt.close(figure)
