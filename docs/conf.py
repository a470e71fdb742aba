"""Sphinx configuration: the user guide in Markdown (MyST), the API
reference from the docstrings (autodoc), the CLI reference from the
command's own argparse parser (sphinx-argparse).

Build: pip install -e ".[docs]" && sphinx-build -W --keep-going docs docs/_build/html
"""

from importlib.metadata import version as _version

project = "wordle_fast"
author = "the wordle_fast developers"
copyright = "2026, " + author
release = _version("wordle-fast")
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinxarg.ext",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
# No typographic dashes or quotes: "--json" must stay two hyphens, so that
# an option copied from a page works.
smartquotes = False
highlight_language = "none"   # literal blocks are commands and output, not Python

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}

html_theme = "alabaster"
html_title = f"wordle_fast {release}"
html_theme_options = {"description": "Wordle as a search problem, compiled",
                      "fixed_sidebar": True}
