"""``python -m pure_engine`` runs the command line."""

from pure_engine.cli import main

raise SystemExit(main())
