"""Build the compiled core. All Cython compiler directives live here.

Environment switches:
  WORDLE_FAST_DEBUG=1   bounds, wraparound and initialisation checks back on,
                        -O0 -g, for chasing a crash or a wrong index.
  WORDLE_FAST_OPENMP=0  build without OpenMP (the parallel loops run serially).
"""

import os
import sys

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("WORDLE_FAST_DEBUG", "0") == "1"
OPENMP = os.environ.get("WORDLE_FAST_OPENMP", "1") == "1" and sys.platform != "darwin"

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}

if sys.platform == "win32":
    compile_args = ["/O2"] + (["/openmp"] if OPENMP else [])
    link_args = []
else:
    compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]
    compile_args += ["-fopenmp"] if OPENMP else []
    link_args = ["-fopenmp"] if OPENMP else []

MODULES = ["_parallel", "_feedback", "_bitset", "_legal", "_scoring", "_lookahead", "_memo",
           "_endgame", "_bound", "_scans", "_search_base", "_bound_pass", "_search",
           "_exact", "_weighted", "_feasible"]

# C kept in header files, by the module that includes it (a change rebuilds it)
HEADERS = {"_scans": ["wordle_fast/core/_pairwise.h", "wordle_fast/core/_masks.h"],
           "_bound_pass": ["wordle_fast/core/_atomic.h"],
           "_memo": ["wordle_fast/core/_table_memory.h"]}

extensions = [
    Extension(
        f"wordle_fast.core.{name}",
        [f"wordle_fast/core/{name}.pyx"],
        include_dirs=[numpy.get_include(), "wordle_fast/core"],
        depends=HEADERS.get(name, []),
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    )
    for name in MODULES
]

# Both steps run one module per core: Cython's translation (nthreads) and the
# C compiler (build_ext's parallel option), as `pip install` gives no -j.
JOBS = max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
           else os.cpu_count() or 1)

setup(
    # Generated C goes to a folder per build mode: Cython decides staleness by
    # timestamps alone, so a release .c must never be reused by a debug build.
    ext_modules=cythonize(extensions, compiler_directives=directives,
                          build_dir=f"build/cython-{'debug' if DEBUG else 'release'}",
                          nthreads=JOBS),
    options={"build_ext": {"parallel": JOBS}},
)
