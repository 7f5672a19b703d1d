"""Pure renderers: rules results and stored state into embeds and text. No Discord I/O."""
