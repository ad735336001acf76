"""``python -m bench.drawn [OUT_FOLDER]``: write the drawn benchmark."""

from bench.drawn import main

main()
