"""The Discord edge: the command tree's gate, the per-command context and its declared
permission, the services handed to the cogs, the trackers' publisher, the command sync and
the one error handler. Features build on it; it imports no feature."""
