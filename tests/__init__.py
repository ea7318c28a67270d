"""The test suite, importable as `tests` so that tests and benchmarks share `tests.support`."""
