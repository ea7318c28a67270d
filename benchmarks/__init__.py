"""The benchmark scripts, runnable as `python -m benchmarks.bench_x` or `PYTHONPATH=. python benchmarks/bench_x.py`."""
