import sys

from wordle_fast.cli import main

sys.exit(main())
