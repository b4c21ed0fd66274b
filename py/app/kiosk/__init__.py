"""Kiosk mode: the attract screen, the idle timer, the official's panel and PIN."""
