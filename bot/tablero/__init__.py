"""The picture of a Táctico board: a pure PNG renderer (Pillow)."""

from .picture import Layout, Token, default_labels, layout, render_board

__all__ = ["Layout", "Token", "default_labels", "layout", "render_board"]
