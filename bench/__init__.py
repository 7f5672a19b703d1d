"""The benchmark (``make bench``): see bench/README.md."""
