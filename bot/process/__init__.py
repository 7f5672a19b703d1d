"""The process: settings, the Spanish command line, start-up and its failures, signals and a
clean stop, the container's health check."""
