"""The distribution plot of a simulation (needs the optional matplotlib)."""

from __future__ import annotations


def plot_distribution(result, path, title_name: str | None = None) -> None:
    """Bars for games solved in 1..max_turns guesses and for failures, each
    with its count on top; written to ``path`` (format from ``title_name``'s
    or ``path``'s suffix, PNG by default)."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    labels = [str(turns) for turns in result.distribution] + ["failed"]
    counts = list(result.distribution.values()) + [result.failed]
    colours = ["#6aaa64"] * len(result.distribution) + ["#787c7e"]
    figure, axes = plt.subplots(figsize=(7, 4))
    bars = axes.bar(labels, counts, color=colours)
    axes.bar_label(bars, padding=2)
    axes.set_xlabel("guesses")
    axes.set_ylabel("games")
    config = result.config
    opener = f", opener {config['opener']}" if config.get("opener") else ""
    axes.set_title(f"{result.games} games, strategy {config['strategy']}, pool {config['guess_pool']}{opener}, "
                   f"hard mode {config['hard_mode']}\n"
                   f"mean {result.mean:.3f} guesses, {result.success_rate:.2%} solved",
                   fontsize=11)
    axes.margins(y=0.12)
    figure.tight_layout()
    suffix = str(title_name or path).rsplit(".", 1)[-1].lower()
    figure.savefig(path, format=suffix if suffix in ("png", "svg", "pdf") else "png")
    plt.close(figure)
