"""Side-by-side benchmarks against the peers; ``python -m benchmarks`` runs them all."""
