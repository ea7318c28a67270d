"""What the tests and benchmarks share: the local Sheets API server and the helpers several test modules use."""
