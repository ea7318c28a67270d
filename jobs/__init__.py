"""The `league` command line and the jobs it runs."""
